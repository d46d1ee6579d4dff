import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STRIPE_RESOURCES, type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.js';
import { freePort, startServerProcess } from '../../../test/server-process.js';

/**
 * Kills the real server process with SIGKILL in the middle of a Stripe sync, starts it again on the same data,
 * and checks that the run continues by itself and that every Stripe object is stored exactly once.
 */
let server: ChildProcess | undefined;
let sandbox: StripeSandbox | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  server?.kill('SIGKILL');
  await sandbox?.close();
  for (const c of cleanups) await c();
});

it('continues a sync killed mid-run after a restart, with every Stripe object stored once', async () => {
  sandbox = await startStripeSandbox({ seed: 21, accounts: [{ charges: 12_000, customers: 1_000 }] });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let databaseUrl = '';
  if (process.env.DATABASE_URL) {
    const db = await createTestDatabase();
    databaseUrl = db.url ?? '';
    cleanups.push(() => db.close());
  }
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-sync-crash-')),
    AUTH_SECRET: 'sync-crash-test-secret-that-is-long-enough',
    JOBS_ENABLED: 'false',
    DEMO_VISITORS: '0',
    DEMO_SANDBOXES: 'false',
    DEMO_LIVE_VISITORS_PER_HOUR: '0',
    LOG_LEVEL: 'warn',
    STRIPE_API_URL: sandbox.url,
    // Short slices and lease: the dead process's hold on the run ends 3 s after its last slice began.
    SYNC_SLICE_SECONDS: '1',
    SYNC_LEASE_MARGIN_SECONDS: '2',
    DATABASE_URL: databaseUrl,
  };
  server = await startServerProcess(env, base);
  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `sync-crash-${randomUUID()}@example.test`,
      password: 'Crash-Test-Password-1',
      data: { first_name: 'C', business_name: 'Crash Co' },
    }),
  });
  const token = ((await signup.json()) as { session: { access_token: string } }).session.access_token;
  const api = (method: string, url: string, body?: object) =>
    fetch(`${base}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const saved = await api('POST', '/integrations/stripe/save', { secretKey: sandbox.secretKey });
  expect(saved.status).toBe(201);
  const id = ((await saved.json()) as { integration: { id: string } }).integration.id;
  type Progress = { overall_status: string; phases: { name: string; processed_items: number }[] };
  const progress = async () =>
    ((await (await api('GET', '/integrations/sync-progress')).json()) as { sync_progress: Record<string, Progress> })
      .sync_progress[id];
  const charges = async () => (await progress())?.phases.find((p) => p.name === 'charges')?.processed_items ?? 0;

  expect((await api('POST', `/integrations/${id}/sync`)).status).toBe(202);
  // Killed in the middle of the charges.
  for (let i = 0; i < 600 && (await charges()) < 5_000; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await charges()).toBeGreaterThanOrEqual(5_000);
  // Still running when killed: the restart has work left to finish.
  expect((await progress())?.overall_status).not.toBe('completed');
  server.kill('SIGKILL');
  await new Promise((r) => server!.once('exit', r));

  server = await startServerProcess(env, base);
  for (let i = 0; i < 1_200 && (await progress())?.overall_status !== 'completed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const done = await progress();
  expect(done?.overall_status).toBe('completed');
  const data = sandbox.state.account();
  const stats = (await (await api('GET', `/integrations/data-points/stats?integration_id=${id}`)).json()) as {
    total_data_points: number;
  };
  // Every list the sync reads: all of the sandbox's but payment intents (their charges carry what the product needs).
  const expected = STRIPE_RESOURCES.filter((r) => r !== 'payment_intents').reduce(
    (a, r) => a + [...data.all(r)].length,
    0,
  );
  // Every object once: the rows stored equal Stripe's objects, however many pages were fetched twice.
  expect(stats.total_data_points).toBe(expected);
}, 120_000);
