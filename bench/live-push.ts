// npm run bench:push — how long a visitor's action takes to reach an open Conversion Spy Engine screen.
// Simulated visitors (the real SDK in jsdom, see docs/simulator.md) send their batches to this server; an
// open live stream (the screen's Server-Sent Events) receives each scored change. For every push, the
// latency is the time from the moment the SDK's request carrying the newest events left the "browser"
// (recorded by wrapping this process's fetch, which the simulator's forwarder uses) to the push's arrival.
// Prints p50/p95/p99 and the count; asserts nothing. Uses PGlite unless DATABASE_URL is set.

import { randomUUID } from 'node:crypto';
import { expandCompactBatch } from '@ri/contracts';
import { createTestApp } from '@ri/server/testing';
import { runSimulation } from '@ri/simulator';

const VISITORS = Number(process.env.PUSH_VISITORS ?? 70);
const ORIGIN = 'https://push-shop.example';

const t = await createTestApp({
  TRACKING_RATE_LIMIT_PER_IP: '1000000',
  TRACKING_RATE_LIMIT_PER_TRACKING_ID: '1000000',
  LOG_LEVEL: 'silent',
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

const signup = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/signup',
  payload: {
    email: `push-${randomUUID()}@example.test`,
    password: 'Push-Bench-Password-1',
    data: { first_name: 'Push', business_name: 'Push Co' },
  },
});
const token = signup.json().session.access_token as string;
const trackingId = (
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking/generate-script',
    headers: { authorization: `Bearer ${token}` },
    payload: { allowed_origins: [ORIGIN] },
  })
).json().trackingId as string;

// Every request the simulated SDKs send and every push, by session, with their times; matched after the run.
// The SDK sends no session id (wire v3): the server names the sessions a request's events went to in its
// answer, so a request is known by its session only once answered, possibly after its push arrived.
const sends = new Map<string, number[]>();
const pushes = new Map<string, number[]>();
const note = (map: Map<string, number[]>, session: string, at: number) => {
  const list = map.get(session) ?? [];
  list.push(at);
  map.set(session, list);
};
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const sentAt = performance.now();
  const response = await realFetch(input, init);
  if (String(input).includes('/api/v1/tracking/') && response.ok) {
    try {
      const answer = (await response.clone().json()) as { sessions?: string[] };
      const body =
        typeof init?.body === 'string' ? (expandCompactBatch(JSON.parse(init.body)) as { session_id?: string }) : {};
      for (const session of answer.sessions ?? (body.session_id ? [body.session_id] : [])) note(sends, session, sentAt);
    } catch {}
  }
  return response;
}) as typeof fetch;

// The screen's stream.
const controller = new AbortController();
const stream = await realFetch(`${base}/api/v1/analytics/live-sessions/stream`, {
  headers: { authorization: `Bearer ${token}` },
  signal: controller.signal,
});
const reading = (async () => {
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) break;
    const now = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (data) note(pushes, (JSON.parse(data.slice(6)) as { session_id: string }).session_id, now);
      cut = buffer.indexOf('\n\n');
    }
  }
})();

/** A push answers the requests of its session sent before it: measured from the oldest one not yet answered. */
function latenciesOf(): number[] {
  const out: number[] = [];
  for (const [session, times] of pushes) {
    const pending = [...(sends.get(session) ?? [])].sort((x, y) => x - y);
    for (const at of [...times].sort((x, y) => x - y)) {
      const answered = pending.filter((sent) => sent <= at);
      if (answered.length === 0) continue;
      out.push(at - answered[0]!);
      pending.splice(0, answered.length);
    }
  }
  return out;
}

console.log(`simulating ${VISITORS} visitors against ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})…`);
const started = performance.now();
const result = await runSimulation({
  baseUrl: base,
  trackingId,
  origin: ORIGIN,
  visitors: VISITORS,
  ratePerSecond: 4,
  concurrency: 4,
  seed: 4242,
});
await t.ingest.drain();
await t.scorer.drain();
await new Promise((r) => setTimeout(r, 500));
controller.abort();
await reading;

const sorted = latenciesOf().sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
console.log(
  `visitors ${VISITORS}, requests ${result.requests}, pushes measured ${sorted.length}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(
  `request sent → push received: p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
);
console.log(
  'The SDK sends a batch every flushInterval (5 s by default), after batchSize events (10) and when a page is hidden or left; add that wait for an event that does not fill a batch.',
);
await t.close();
