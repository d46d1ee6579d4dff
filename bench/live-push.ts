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

// Every request the simulated SDKs send, by session: when it left.
const sentAt = new Map<string, number[]>();
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (String(input).includes('/api/v1/tracking/') && typeof init?.body === 'string') {
    try {
      const body = expandCompactBatch(JSON.parse(init.body)) as { session_id?: string };
      if (body.session_id) {
        const list = sentAt.get(body.session_id) ?? [];
        list.push(performance.now());
        sentAt.set(body.session_id, list);
      }
    } catch {}
  }
  return realFetch(input, init);
}) as typeof fetch;

// The screen's stream.
const latencies: number[] = [];
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
      if (data) {
        const event = JSON.parse(data.slice(6)) as { session_id: string };
        // The push answers the requests of that session sent before it: measure from the oldest unanswered.
        const pending = sentAt.get(event.session_id) ?? [];
        const sent = pending.filter((s) => s <= now);
        if (sent.length > 0) {
          latencies.push(now - sent[0]!);
          sentAt.set(
            event.session_id,
            pending.filter((s) => s > now),
          );
        }
      }
      cut = buffer.indexOf('\n\n');
    }
  }
})();

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

const sorted = [...latencies].sort((a, b) => a - b);
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
