import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CustomerList, ProfileGenerationResult, TaskStatusResponse } from '@ri/contracts';
import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import { freePort, startServerProcess } from '../../test/server-process.js';

/**
 * Kills the real server with SIGKILL in the middle of a profile build, starts it again on the same data, and checks
 * that the task continues by itself from its checkpoint: every customer built once, no count doubled.
 */
let server: ChildProcess | undefined;
let sandbox: StripeSandbox | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  server?.kill('SIGKILL');
  await sandbox?.close();
  for (const c of cleanups) await c();
});

it('resumes a profile build killed mid-run after a restart, counting every customer once', async () => {
  sandbox = await startStripeSandbox({ seed: 23, accounts: [{ charges: 900, customers: 600, days: 200 }] });
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
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-build-crash-')),
    AUTH_SECRET: 'build-crash-test-secret-that-is-long-enough',
    JOBS_ENABLED: 'false',
    DEMO_VISITORS: '0',
    DEMO_SANDBOXES: 'false',
    DEMO_LIVE_VISITORS_PER_HOUR: '0',
    LOG_LEVEL: 'warn',
    // The test polls the task every 10 ms: above the default per-user limit of 20 calls a second.
    API_RATE_LIMIT_PER_USER: '1000',
    STRIPE_API_URL: sandbox.url,
    // Small chunks and a fast heartbeat: the dead server's task is free 1.5 s after its last beat.
    PROFILE_BUILD_CHUNK: '10',
    TASK_HEARTBEAT_SECONDS: '0.5',
    DATABASE_URL: databaseUrl,
  };
  server = await startServerProcess(env, base);
  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `build-crash-${randomUUID()}@example.test`,
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
  const synced = async () =>
    (
      (await (await api('GET', '/integrations/sync-progress')).json()) as {
        sync_progress: Record<string, { overall_status: string }>;
      }
    ).sync_progress[id]?.overall_status;
  expect((await api('POST', `/integrations/${id}/sync`)).status).toBe(202);
  for (let i = 0; i < 600 && (await synced()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await synced()).toBe('completed');

  const started = (await (
    await api('POST', '/analytics/generate-neuromind-profiles?force_regenerate=true')
  ).json()) as {
    task_id: string;
  };
  const status = async () => {
    const res = await api('GET', `/analytics/task-status/${started.task_id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as TaskStatusResponse;
  };
  // Killed after a few chunks were stored.
  for (let i = 0; i < 1_200 && (await status()).progress.completed < 30; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const before = await status();
  expect(before.status).toBe('running');
  expect(before.progress.completed).toBeGreaterThanOrEqual(30);
  server.kill('SIGKILL');
  await new Promise((r) => server!.once('exit', r));

  server = await startServerProcess(env, base);
  let done = await status();
  for (let i = 0; i < 1_200 && done.status !== 'completed' && done.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = await status();
  }
  expect(done.status).toBe('completed');
  const list = (await (await api('GET', '/analytics/customer-profiles?limit=1')).json()) as CustomerList;
  const total = list.total;
  expect(total).toBeGreaterThan(before.progress.completed);
  // Each customer built once: the first build creates every one, and the counts carried across the crash add up.
  const result = done.result as ProfileGenerationResult;
  expect(result.profiles_generated).toBe(total);
  expect(result.profiles_updated + result.profiles_skipped).toBe(0);
  expect(Object.values(result.profile_distribution).reduce((a, b) => a + b, 0)).toBe(total);
}, 180_000);
