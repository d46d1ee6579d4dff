// npm run bench:sync — a Stripe account of 200,000 charges (with their customers, refunds, disputes,
// subscriptions, invoices and balance transactions) synced end to end through the real connect and sync code
// into PostgreSQL, from the Stripe sandbox running in its own process. Prints rows stored per second, vendor
// requests and the server process's peak memory; asserts nothing.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '@ri/server/testing';

const CHARGES = Number(process.env.BENCH_STRIPE_CHARGES ?? 200_000);
const CUSTOMERS = Number(process.env.BENCH_STRIPE_CUSTOMERS ?? Math.max(100, Math.round(CHARGES / 8)));
const PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4299);

if (!process.env.DATABASE_URL) {
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`DATABASE_URL not set: using ${process.env.DATABASE_URL} (a fresh database is created and dropped)`);
}

/** Starts the sandbox CLI in its own process and reads its URL and secret key from what it prints. */
function startSandbox(): Promise<{ child: ChildProcess; url: string; key: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/sandboxes/src/cli.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(PORT),
      SANDBOX_STRIPE_CHARGES: String(CHARGES),
      SANDBOX_STRIPE_CUSTOMERS: String(CUSTOMERS),
      // The Meta sandbox starts beside it; kept small, this benchmark does not use it.
      SANDBOX_META_ADS: '1',
      SANDBOX_META_DAYS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Stripe sandbox: (\S+)/.exec(out)?.[1];
      const key = /secret key\s+(\S+)/.exec(out)?.[1];
      if (url && key) resolve({ child, url, key });
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it started: ${out}`)));
  });
}

const started = performance.now();
const sandbox = await startSandbox();
console.log(
  `sandbox: ${CHARGES.toLocaleString('en-US')} charges, ${CUSTOMERS.toLocaleString('en-US')} customers at ${sandbox.url}`,
);
const t = await createTestApp({ STRIPE_API_URL: sandbox.url, LOG_LEVEL: 'silent' });
try {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      email: `bench-${randomUUID()}@example.test`,
      password: 'Bench-Mark-Password-1',
      data: { first_name: 'Bench', business_name: 'Bench Co' },
    },
  });
  const headers = { authorization: `Bearer ${signup.json().session.access_token}` };
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/stripe/save',
    headers,
    payload: { secretKey: sandbox.key },
  });
  if (saved.statusCode !== 201) throw new Error(`connecting failed: ${saved.statusCode} ${saved.body}`);
  const id = saved.json().integration.id as string;

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const syncStarted = performance.now();
  await t.app.inject({ method: 'POST', url: `/api/v1/integrations/${id}/sync`, headers });
  let lastLog = 0;
  for (;;) {
    const progress = (await t.app.inject({ method: 'GET', url: '/api/v1/integrations/sync-progress', headers })).json();
    const run = progress.sync_progress[id];
    const items = (run?.phases ?? []).reduce((a: number, p: { processed_items: number }) => a + p.processed_items, 0);
    const seconds = (performance.now() - syncStarted) / 1000;
    if (seconds - lastLog >= 10) {
      lastLog = seconds;
      console.log(`  ${seconds.toFixed(0)} s: ${run?.current_stage ?? '…'}, ${items.toLocaleString('en-US')} rows`);
    }
    if (run && (run.overall_status === 'completed' || run.overall_status === 'failed')) {
      clearInterval(sampler);
      const perPhase = run.phases.map(
        (p: { name: string; processed_items: number }) => `${p.name} ${p.processed_items}`,
      );
      console.log('');
      console.log(`status: ${run.overall_status} (${run.progress_message})`);
      console.log(
        `rows stored: ${items.toLocaleString('en-US')} in ${seconds.toFixed(1)} s = ${Math.round(items / seconds).toLocaleString('en-US')} rows/s (target 5,000)`,
      );
      console.log(`per phase: ${perPhase.join(', ')}`);
      const pages = run.phases.reduce(
        (a: number, p: { processed_items: number }) => a + Math.floor(p.processed_items / 100) + 1,
        0,
      );
      console.log(
        `vendor requests: ${pages.toLocaleString('en-US')} list pages (100 objects each, the last of each list partial)`,
      );
      console.log(`slices: ${JSON.stringify(t.syncRunner.stats())}`);
      console.log(
        `server process peak RSS: ${(peakRss / 2 ** 20).toFixed(0)} MiB (the sandbox runs in its own process)`,
      );
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
} finally {
  await t.close();
  sandbox.child.kill();
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
