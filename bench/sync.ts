// npm run bench:sync — vendor accounts synced end to end through the real connect and sync code into PostgreSQL,
// from the sandboxes running in their own process:
// - Stripe: 200,000 charges (with their customers, refunds, disputes, subscriptions, invoices and balance
//   transactions);
// - Meta Ads: 2,000 ads × 90 days of daily ad insights (with campaigns, ad sets, ads and creatives).
// Prints rows stored per second, vendor requests and the server process's peak memory; asserts nothing.
// BENCH_PART=stripe|meta runs one of them (default both).

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '@ri/server/testing';

const PART = process.env.BENCH_PART ?? 'all';
const RUN_STRIPE = PART === 'all' || PART === 'stripe';
const RUN_META = PART === 'all' || PART === 'meta';
const CHARGES = Number(process.env.BENCH_STRIPE_CHARGES ?? 200_000);
const CUSTOMERS = Number(process.env.BENCH_STRIPE_CUSTOMERS ?? Math.max(100, Math.round(CHARGES / 8)));
const META_ADS = Number(process.env.BENCH_META_ADS ?? 2_000);
const META_DAYS = Number(process.env.BENCH_META_DAYS ?? 90);
// The sandbox's allowance (calls per 5 minutes): high by default, so the figures measure our pipeline rather than
// Meta's throttling; set it to 2000 to watch the sync pace itself on the usage headers.
const META_USAGE_CALLS = Number(process.env.BENCH_META_USAGE_CALLS ?? 1_000_000);
const PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 4299);

if (!process.env.DATABASE_URL) {
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`DATABASE_URL not set: using ${process.env.DATABASE_URL} (a fresh database is created and dropped)`);
}

type Sandbox = { child: ChildProcess; stripeUrl: string; stripeKey: string; metaUrl: string; metaToken: string };

/** Starts the sandbox CLI in its own process and reads its URLs and credentials from what it prints. */
function startSandbox(): Promise<Sandbox & { output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/sandboxes/src/cli.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: String(PORT),
      // The part not benchmarked is kept small.
      SANDBOX_STRIPE_CHARGES: String(RUN_STRIPE ? CHARGES : 10),
      SANDBOX_STRIPE_CUSTOMERS: String(RUN_STRIPE ? CUSTOMERS : 5),
      SANDBOX_META_ADS: String(RUN_META ? META_ADS : 1),
      SANDBOX_META_DAYS: String(RUN_META ? META_DAYS : 1),
      SANDBOX_META_USAGE_CALLS: String(META_USAGE_CALLS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = {
        stripeUrl: /Stripe sandbox: (\S+)/.exec(out)?.[1],
        stripeKey: /secret key\s+(\S+)/.exec(out)?.[1],
        metaUrl: /Meta Graph sandbox: (\S+)/.exec(out)?.[1],
        metaToken: /access token\s+(\S+)/.exec(out)?.[1],
      };
      if (Object.values(found).every(Boolean))
        resolve({ child, ...(found as Omit<Sandbox, 'child'>), output: () => out });
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it started: ${out}`)));
  });
}

type Phase = { name: string; processed_items: number };

const started = performance.now();
const sandbox = await startSandbox();
console.log(`sandbox at ${sandbox.stripeUrl} (Stripe) and ${sandbox.metaUrl} (Meta)`);
const t = await createTestApp({
  STRIPE_API_URL: sandbox.stripeUrl,
  META_GRAPH_URL: sandbox.metaUrl,
  LOG_LEVEL: 'silent',
});
const results: string[] = [];
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

  /** Connects a vendor, syncs it to the end, and prints what it took. */
  const bench = async (label: string, savePath: string, payload: object, pageSize: number) => {
    console.log(`\n${label}`);
    const saved = await t.app.inject({ method: 'POST', url: `/api/v1/integrations/${savePath}`, headers, payload });
    if (saved.statusCode !== 201) throw new Error(`connecting failed: ${saved.statusCode} ${saved.body}`);
    const id = saved.json().integration.id as string;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    const syncStarted = performance.now();
    const slicesBefore = t.syncRunner.stats();
    await t.app.inject({ method: 'POST', url: `/api/v1/integrations/${id}/sync`, headers });
    let lastLog = 0;
    for (;;) {
      const progress = (
        await t.app.inject({ method: 'GET', url: '/api/v1/integrations/sync-progress', headers })
      ).json();
      const run = progress.sync_progress[id];
      const items = (run?.phases ?? []).reduce((a: number, p: Phase) => a + p.processed_items, 0);
      const seconds = (performance.now() - syncStarted) / 1000;
      if (seconds - lastLog >= 10) {
        lastLog = seconds;
        console.log(`  ${seconds.toFixed(0)} s: ${run?.current_stage ?? '…'}, ${items.toLocaleString('en-US')} rows`);
      }
      if (run && (run.overall_status === 'completed' || run.overall_status === 'failed')) {
        clearInterval(sampler);
        const slices = t.syncRunner.stats();
        const stats = (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/integrations/data-points/stats?integration_id=${id}`,
            headers,
          })
        ).json();
        const lines = [
          `status: ${run.overall_status} (${run.progress_message})`,
          `rows stored: ${stats.total_data_points.toLocaleString('en-US')} (${items.toLocaleString('en-US')} processed) in ${seconds.toFixed(1)} s = ${Math.round(stats.total_data_points / seconds).toLocaleString('en-US')} rows/s (target 5,000)`,
          `per phase: ${run.phases.map((p: Phase) => `${p.name} ${p.processed_items}`).join(', ')}`,
          `pages: about ${run.phases.reduce((a: number, p: Phase) => a + Math.floor(p.processed_items / pageSize) + 1, 0).toLocaleString('en-US')} of up to ${pageSize} rows`,
          `slices: ${slices.slices - slicesBefore.slices} (${slices.paused - slicesBefore.paused} paused and continued)`,
          `server process peak RSS: ${(peakRss / 2 ** 20).toFixed(0)} MiB (the sandboxes run in their own process)`,
        ];
        for (const line of lines) console.log(`  ${line}`);
        results.push(label, ...lines.map((l) => `  ${l}`));
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  if (RUN_STRIPE) {
    await bench(
      `Stripe: ${CHARGES.toLocaleString('en-US')} charges, ${CUSTOMERS.toLocaleString('en-US')} customers`,
      'stripe/save',
      { secretKey: sandbox.stripeKey },
      100,
    );
  }
  if (RUN_META) {
    await bench(
      `Meta Ads: ${META_ADS.toLocaleString('en-US')} ads × ${META_DAYS} days of insights`,
      'facebook/save',
      { accessToken: sandbox.metaToken },
      500,
    );
  }
} finally {
  await t.close();
  sandbox.child.kill('SIGTERM');
  await new Promise((r) => sandbox.child.once('exit', r));
  const requests = sandbox
    .output()
    .split('\n')
    .filter((l) => /sandbox requests:/.test(l));
  console.log('');
  for (const line of requests) console.log(`vendor requests, connect and sync: ${line}`);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
