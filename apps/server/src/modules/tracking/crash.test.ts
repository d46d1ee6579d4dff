import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { createTestDatabase } from '../../test/harness.js';
import { freePort, startServerProcess } from '../../test/server-process.js';

/**
 * Kills the real server process with SIGKILL in the middle of steady traffic while clients keep retrying
 * as the SDK does, restarts it on the same data, and checks that every acknowledged event is stored
 * exactly once and that the session totals agree with the stored events.
 */
const ORIGIN = 'https://crash.example';
let server: ChildProcess | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  server?.kill('SIGKILL');
  for (const c of cleanups) await c();
});

it('stores every acknowledged event exactly once across a SIGKILL and restart', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ri-crash-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const db = await createTestDatabase();
    databaseUrl = db.url;
    // Keep the database for the check; close only this pool now and drop it at the end.
    cleanups.push(() => db.close());
  }
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'crash-test-secret-that-is-long-enough-0001',
    JOBS_ENABLED: 'false',
    DEMO_VISITORS: '0',
    DEMO_SANDBOXES: 'false',
    DEMO_LIVE_VISITORS_PER_HOUR: '0',
    LOG_LEVEL: 'warn',
    TRACKING_RATE_LIMIT_PER_IP: '100000',
    TRACKING_RATE_LIMIT_PER_TRACKING_ID: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  };
  server = await startServerProcess(env, base);

  const signup = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `crash-${randomUUID()}@example.test`,
      password: 'Crash-Test-Password-1',
      data: { first_name: 'C', business_name: 'Crash Co' },
    }),
  });
  const token = ((await signup.json()) as { session: { access_token: string } }).session.access_token;
  const gen = await fetch(`${base}/api/v1/tracking/generate-script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ allowed_origins: [ORIGIN] }),
  });
  const trackingId = ((await gen.json()) as { trackingId: string }).trackingId;

  const acked = new Set<string>();
  let acks = 0;
  let failures = 0;
  let stopping = false;

  /** A client like the SDK: one batch at a time, retried with backoff until the server acknowledges it. */
  async function client() {
    const session = randomUUID();
    const visitor = randomUUID();
    while (!stopping) {
      const events = Array.from({ length: 10 }, (_, i) => ({
        id: randomUUID(),
        type: i === 0 ? 'page_view' : 'click',
        ts: Date.now(),
        url: `${ORIGIN}/p`,
      }));
      const body = JSON.stringify({
        v: 1,
        tracking_id: trackingId,
        session_id: session,
        visitor_id: visitor,
        sent_at: Date.now(),
        events,
      });
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await fetch(`${base}/api/v1/tracking/batch-events`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': 'Mozilla/5.0 Chrome/126.0' },
            body,
          });
          if (res.ok) {
            for (const e of events) acked.add(e.id);
            acks++;
            break;
          }
          expect([429, 503], await res.text()).toContain(res.status);
        } catch {
          // connection refused or reset while the server is down
        }
        failures++;
        if (attempt > 400) throw new Error('batch never acknowledged');
        await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
      }
    }
  }

  const clients = Array.from({ length: 6 }, () => client());
  await new Promise((r) => setTimeout(r, 1_500));
  const acksBeforeKill = acks;
  server.kill('SIGKILL');
  await new Promise((r) => server!.once('exit', r));
  await new Promise((r) => setTimeout(r, 300));
  server = await startServerProcess(env, base);
  await new Promise((r) => setTimeout(r, 1_500));
  stopping = true;
  await Promise.all(clients);
  server.kill('SIGTERM');
  await new Promise((r) => server!.once('exit', r));
  server = undefined;

  expect(acksBeforeKill).toBeGreaterThan(5);
  expect(acks).toBeGreaterThan(acksBeforeKill);
  expect(failures).toBeGreaterThan(0);

  const database: Database = await openDatabase(
    databaseUrl ? { url: databaseUrl, poolSize: 1 } : { dataDir: path.join(dataDir, 'pglite') },
  );
  try {
    const ids = [...acked];
    const { rows: found } = await database.executeSql(
      'select count(*)::int as n, count(distinct id)::int as d from tracking_events where id = any($1::uuid[])',
      [ids],
    );
    expect(found[0]).toEqual({ n: ids.length, d: ids.length });
    const { rows: totals } = await database.executeSql(
      'select (select count(*)::int from tracking_events) as events, (select sum(events_count)::int from tracking_sessions) as counted',
    );
    // Every sent batch was finally acknowledged, so nothing beyond the acknowledged events exists.
    expect(totals[0]).toEqual({ events: ids.length, counted: ids.length });
  } finally {
    await database.close();
  }
}, 90_000);
