// npm run bench:scroll — how the SDK's scroll velocity compares with how fast simulated visitors scroll.
// Each persona's visitors (the real SDK in jsdom, see docs/simulator.md) send their batches to a stand-in
// endpoint; a session's velocity is the mean over its scroll reports, as the `scroll_velocity` signal
// takes it (a report's velocity as the server stores it: sent, or its dist over dur). The truth is the
// plan's (planStats: distance over the time spent scrolling, pauses excluded). Also prints the mean time
// from the first page view to the first interaction, which the timing of scroll reports moves.
// SCROLL_VISITORS per persona (default 20). Prints figures; asserts nothing.

import { createServer } from 'node:http';
import { expandCompactBatch, type WireEvent } from '@ri/contracts';
import { scrollVelocity } from '@ri/engine';
import { generatePlan, loadTrackerScript, PERSONAS, planStats, runVisitor } from '@ri/simulator';

const VISITORS = Number(process.env.SCROLL_VISITORS ?? 20);
const INTERACTIONS = new Set(['click', 'rage_click', 'scroll', 'cta_hover', 'form_interaction', 'mouse_movement']);

const events: WireEvent[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    events.push(...(expandCompactBatch(JSON.parse(body)) as { events: WireEvent[] }).events);
    res.writeHead(200);
    res.end('{"accepted":1,"duplicates":0,"sessions":[]}');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const sdk = await loadTrackerScript();
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const velocityOf = (e: WireEvent) =>
  typeof e.data?.velocity === 'number' ? e.data.velocity : scrollVelocity(e.data?.dist, e.data?.dur);

console.log('persona            truth px/s   SDK px/s   ratio   first interaction (s)');
for (const persona of PERSONAS) {
  const truth: number[] = [];
  const measured: number[] = [];
  const firstInteraction: number[] = [];
  for (let seed = 1; seed <= VISITORS; seed++) {
    const plan = generatePlan(persona, seed * 7919);
    events.length = 0;
    await runVisitor({
      plan,
      sdk,
      baseUrl,
      trackingId: 'trk_bench',
      origin: 'https://shop.example',
      startAt: Date.now() - plan.durationMs - 5000,
      retryWaitCapMs: 20,
    });
    const view = Math.min(...events.filter((e) => e.type === 'page_view').map((e) => e.ts));
    const first = Math.min(...events.filter((e) => INTERACTIONS.has(e.type)).map((e) => e.ts));
    if (Number.isFinite(first)) firstInteraction.push((first - view) / 1000);
    const v = events
      .filter((e) => e.type === 'scroll')
      .map(velocityOf)
      .filter((x): x is number => typeof x === 'number');
    if (v.length === 0) continue;
    truth.push(planStats(plan).scrollSpeed);
    measured.push(mean(v));
  }
  console.log(
    `${persona.padEnd(18)} ${mean(truth).toFixed(0).padStart(10)} ${mean(measured).toFixed(0).padStart(10)} ${(mean(measured) / mean(truth)).toFixed(2).padStart(7)} ${mean(firstInteraction).toFixed(1).padStart(23)}`,
  );
}
server.close();
