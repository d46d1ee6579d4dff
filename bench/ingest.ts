// npm run bench:ingest — sustained ingestion through HTTP against a real PostgreSQL, then the same rows
// written by a raw batched INSERT on the same server, as a ratio. Prints figures; asserts nothing.

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createTestApp } from '@ri/server/testing';
import pg from 'pg';
import type { LoadResult } from './http-load.js';
import { realisticBatch } from './realistic-batch.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ORIGIN = 'https://bench-shop.example';

if (!process.env.DATABASE_URL) {
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`DATABASE_URL not set: using ${process.env.DATABASE_URL} (a fresh database is created and dropped)`);
}

const t = await createTestApp({
  TRACKING_RATE_LIMIT_PER_IP: '1000000',
  TRACKING_RATE_LIMIT_PER_TRACKING_ID: '1000000',
  LOG_LEVEL: 'silent',
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address() as { port: number };
const url = `http://127.0.0.1:${address.port}`;

const signup = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/signup',
  payload: {
    email: `bench-${randomUUID()}@example.test`,
    password: 'Bench-Mark-Password-1',
    data: { first_name: 'Bench', business_name: 'Bench Co' },
  },
});
const token = signup.json().session.access_token as string;
const gen = await t.app.inject({
  method: 'POST',
  url: '/api/v1/tracking/generate-script',
  headers: { authorization: `Bearer ${token}` },
  payload: { allowed_origins: [ORIGIN] },
});
const trackingId = gen.json().trackingId as string;
const businessId = (
  await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: { authorization: `Bearer ${token}` } })
)
  .json()
  .businesses.find((b: { role: string }) => b.role === 'owner').id as string;

/** Runs the load generator in its own process, so it shares neither the event loop nor a core with the server. */
function load(overallRate?: number, duration = DURATION): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-worker.mjs', import.meta.url), [], { stdio: 'inherit' });
    child.send({ url, origin: ORIGIN, trackingId, connections: CONNECTIONS, duration, overallRate });
    child.once('message', (r) => {
      child.kill();
      resolve(r as LoadResult);
    });
    child.once('error', reject);
  });
}

function flushFigures(from: ReturnType<typeof t.ingest.stats>) {
  const now = t.ingest.stats();
  const flushes = now.flushes - from.flushes;
  return (
    `${flushes} flushes, ${Math.round((now.flushedEvents - from.flushedEvents) / Math.max(1, flushes))} events and ${((now.flushMs - from.flushMs) / Math.max(1, flushes)).toFixed(1)} ms each on average` +
    `, ${now.redone - from.redone} redone under locks`
  );
}

function report(label: string, r: LoadResult, from: ReturnType<typeof t.ingest.stats>) {
  const eventsPerSecond = Math.round((r.requests.total * 10) / r.duration);
  const non2xx = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${label}: ${eventsPerSecond.toLocaleString('en')} events/s (${Math.round(r.requests.average)} req/s of 10 events), ` +
      `ack latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, failed ${non2xx}\n  ${flushFigures(from)}`,
  );
  console.log(
    `  load generator: ${Math.round((r.cpuMs * 1000) / Math.max(1, r.requests.total))} µs of CPU per request`,
  );
  return eventsPerSecond;
}

console.log(
  `Ingestion benchmark: ${t.database.driver}, ${CONNECTIONS} connections, ${DURATION} s per phase, batches of 10 events (~2.5 KB), ` +
    (process.env.BENCH_WIRE === 'v1'
      ? 'with session ids (BENCH_WIRE=v1)'
      : 'without session ids, as the SDK sends (server-side sessions)'),
);
// Live scoring runs as in production: every stored batch is folded and scored, and each score is pushed.
// Lag: from the newest event of a session's batch (stamped 300 ms before its request is sent) to the push.
let lags: number[] = [];
t.hub.subscribe(businessId, (e) => {
  lags.push(e.scored_ms - e.last_event_ms);
});
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

/** Waits for ingestion and scoring to finish what a phase left, and says how long the scorer needed. */
async function settle(label: string) {
  await t.ingest.drain();
  const started = performance.now();
  await t.scorer.drain();
  const scored = lags.length;
  console.log(
    `  live scoring during ${label}: ${scored.toLocaleString('en')} scores pushed, lag p50 ${percentile(lags, 0.5)} ms, p95 ${percentile(lags, 0.95)} ms, max ${percentile(lags, 1)} ms; caught up ${Math.round(performance.now() - started)} ms after the phase`,
  );
  lags = [];
}

await load(undefined, 3); // warm-up
await settle('the warm-up');
const before = t.ingest.stats().eventsStored;
let mark = t.ingest.stats();
const sustained = report('Sustained (max rate)', await load(), mark);
await settle('the sustained phase');
mark = t.ingest.stats();
const fixed = report('Fixed 10,000 events/s', await load(1000), mark);
await settle('the fixed-rate phase');
const stored = t.ingest.stats().eventsStored - before;
console.log(
  `Events stored in both phases: ${stored.toLocaleString('en')} (flushes so far: ${t.ingest.stats().flushes})`,
);

// The floor: the same kind of rows written by a raw batched INSERT, no HTTP, no validation, no sessions.
const raw = new pg.Client({ connectionString: (t.database as { url?: string }).url });
await raw.connect();
const rows = 200_000;
const perStatement = 2_000;
const started = performance.now();
for (let written = 0; written < rows; written += perStatement) {
  const batch = Array.from({ length: perStatement / 10 }, () =>
    realisticBatch(trackingId, randomUUID(), randomUUID(), ORIGIN),
  ).flatMap((b) => b.events.map((e) => ({ ...e, session: b.session_id })));
  await raw.query(
    `INSERT INTO tracking_events (business_id, id, session_id, type, occurred_at, url, title, el, data)
     SELECT $1::uuid, * FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::jsonb[])
     ON CONFLICT DO NOTHING`,
    [
      businessId,
      batch.map((e) => e.id),
      batch.map((e) => e.session),
      batch.map((e) => e.type),
      batch.map((e) => new Date(e.ts)),
      batch.map((e) => e.url ?? null),
      batch.map((e) => e.title ?? null),
      batch.map((e) => e.el ?? null),
      batch.map((e) => JSON.stringify(e.data)),
    ],
  );
}
const rawRate = Math.round(rows / ((performance.now() - started) / 1000));
await raw.end();
console.log(
  `Raw batched INSERT (${perStatement} rows a statement, one connection): ${rawRate.toLocaleString('en')} rows/s`,
);
console.log(`Ratio, end-to-end HTTP ÷ raw INSERT: ${(sustained / rawRate).toFixed(2)}`);
console.log(
  `Targets: ≥ 20,000 events/s sustained; p99 < 50 ms at 10,000 events/s. Measured: ${sustained.toLocaleString('en')} events/s; p99 see above (${fixed.toLocaleString('en')} events/s phase).`,
);
await t.close();
