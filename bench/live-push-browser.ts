// npm run bench:push-browser — visitor's action → Conversion Spy Engine push, with a real browser.
// Chromium (Debian's, installed with apt-get) browses a local test site that carries the generated snippet,
// in real time: page views, a click on a call to action, a hover that ends, a link to pricing, an add to
// cart. For every action the latency is the time from just before the action to the arrival, on an open live
// stream (the screen's Server-Sent Events), of the first push whose session's last event is at least as
// recent as the action. One visitor at a time, so every push belongs to the visitor acting.
// Prints p50/p95/p99 and the count; asserts nothing. Uses PGlite unless DATABASE_URL is set.

import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { createTestApp } from '@ri/server/testing';
import { DESKTOP_CHROME_UA, launchBrowser } from '../e2e/support/browser.js';
import { startTestSite } from '../e2e/support/test-site.js';

const VISITORS = Number(process.env.PUSH_BROWSER_VISITORS ?? 6);
/** A push later than this after an action counts as missed. */
const MISS_MS = 10_000;

// The snippet points the SDK at APP_URL, so the port is chosen before the app is built.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ LOG_LEVEL: 'silent', APP_URL: base });
await t.app.listen({ port, host: '127.0.0.1' });

const signup = await t.app.inject({
  method: 'POST',
  url: '/api/v1/auth/signup',
  payload: {
    email: `push-browser-${randomUUID()}@example.test`,
    password: 'Push-Bench-Password-1',
    data: { first_name: 'Push', business_name: 'Push Browser Co' },
  },
});
const token = signup.json().session.access_token as string;
const generate = async (origin: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/generate-script',
      headers: { authorization: `Bearer ${token}` },
      payload: { allowed_origins: [origin] },
    })
  ).json() as { snippet: string };

// The site's origin is known only once it listens: generate once for a placeholder, then for the site.
const placeholder = await startTestSite('');
await placeholder.close();
const site = await startTestSite((await generate(placeholder.url)).snippet);
if (site.url !== placeholder.url) await generate(site.url);

// The screen's stream: every push with its arrival time.
const pushes: { arrival: number; lastEventMs: number }[] = [];
const controller = new AbortController();
const stream = await fetch(`${base}/api/v1/analytics/live-sessions/stream`, {
  headers: { authorization: `Bearer ${token}` },
  signal: controller.signal,
});
if (stream.status !== 200) throw new Error(`the live stream answered ${stream.status}`);
const reading = (async () => {
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) break;
    const arrival = Date.now();
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const data = buffer
        .slice(0, cut)
        .split('\n')
        .find((l) => l.startsWith('data: '));
      buffer = buffer.slice(cut + 2);
      if (data)
        pushes.push({ arrival, lastEventMs: (JSON.parse(data.slice(6)) as { last_event_ms: number }).last_event_ms });
    }
  }
})();

const browser = await launchBrowser({ userAgent: DESKTOP_CHROME_UA });
const actions: { name: string; at: number }[] = [];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => pause(1500 + Math.floor(Math.random() * 1000));

console.log(
  `${VISITORS} visitors in Chromium against ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})…`,
);
const started = Date.now();
for (let v = 0; v < VISITORS; v++) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const act = async (name: string, run: () => Promise<unknown>) => {
    actions.push({ name, at: Date.now() });
    await run();
    await think();
  };
  await act('page view (home)', () => page.goto(`${site.url}/`));
  await act('click on a call to action', () => page.click('#buy'));
  await page.hover('#buy');
  await pause(800);
  await act('end of a call-to-action hover', () => page.mouse.move(5, 5));
  await act('link to pricing (click and page view)', () => page.click('#to-pricing'));
  await act('add to cart', () => page.click('#add'));
  await act('page view (back home)', () => page.goto(`${site.url}/`));
  await context.close();
}
await pause(2000);
controller.abort();
await reading;
await browser.close();
await site.close();

const latencies: number[] = [];
const byAction = new Map<string, number[]>();
let missed = 0;
for (const a of actions) {
  const push = pushes.find((p) => p.arrival >= a.at && p.lastEventMs >= a.at - 5);
  if (push && push.arrival - a.at <= MISS_MS) {
    latencies.push(push.arrival - a.at);
    byAction.set(a.name, [...(byAction.get(a.name) ?? []), push.arrival - a.at]);
  } else missed++;
}
const sorted = latencies.sort((x, y) => x - y);
const pct = (p: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN).toFixed(0);
console.log(
  `visitors ${VISITORS}, actions ${actions.length}, pushes ${pushes.length}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(
  `visitor's action → push received: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; missed (none within ${MISS_MS / 1000} s): ${missed}`,
);
for (const [name, list] of byAction) {
  const s = [...list].sort((x, y) => x - y);
  console.log(`  ${name.padEnd(40)} median ${s[Math.floor(s.length / 2)]} ms, max ${s.at(-1)} ms`);
}
const { rows } = await t.database.executeSql(
  'SELECT count(*)::int AS sessions, coalesce(sum(events_count), 0)::int AS events FROM tracking_sessions',
  [],
);
console.log(`stored: ${rows[0]!.sessions} sessions, ${rows[0]!.events} events`);
await t.close();
