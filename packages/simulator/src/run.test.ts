// @vitest-environment node

import { trackingEvents, trackingSessions } from '@ri/server/db/schema';
import { createTestApp, setUpTracking, signUp, type TestApp } from '@ri/server/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from './personas';
import { runSimulation, type SimulationResult } from './run';

// End to end: the real SDK in jsdom windows, posting through HTTP to the real server and its database.
const ORIGIN = 'https://shop.example';
let t: TestApp;
let businessId: string;
let result: SimulationResult;

beforeAll(async () => {
  // Behind a trusted proxy each simulated visitor's X-Forwarded-For counts as its own client address.
  t = await createTestApp({ TRUST_PROXY: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const user = await signUp(t);
  businessId = user.businessId;
  const trackingId = await setUpTracking(t, user.token, ORIGIN);
  result = await runSimulation({
    baseUrl: `http://127.0.0.1:${port}`,
    trackingId,
    origin: ORIGIN,
    visitors: 14,
    ratePerSecond: 0,
    concurrency: 8,
    seed: 7,
  });
}, 60_000);
afterAll(() => t?.close());

const storedSessions = () =>
  t.database.db.select().from(trackingSessions).where(eq(trackingSessions.businessId, businessId));
const storedEvents = () => t.database.db.select().from(trackingEvents).where(eq(trackingEvents.businessId, businessId));

describe('simulated visitors against the real server', () => {
  it('runs two visitors of each persona without errors or lost events', () => {
    expect(result.visitors).toBe(14);
    expect(result.errors).toEqual([]);
    expect(result.eventsLost).toBe(0);
    for (const p of PERSONAS) expect(result.perPersona[p]?.visitors).toBe(2);
    expect(result.sessions.map((s) => s.persona).sort()).toEqual([...PERSONAS, ...PERSONAS].sort());
  });

  it('stores one session per visitor, each with page views, exactly the events the SDK sent and what the server derived', async () => {
    const sessions = await storedSessions();
    expect(sessions).toHaveLength(14);
    expect(new Set(sessions.map((s) => s.id))).toEqual(new Set(result.sessions.map((s) => s.sessionId)));
    const events = await storedEvents();
    for (const s of sessions) {
      const truth = result.sessions.find((x) => x.sessionId === s.id)!;
      expect(s.pageViews).toBeGreaterThanOrEqual(1);
      // The SDK's ids are random (v4); the server's derived events (rage clicks, hesitations) get name-based
      // ones (v5), and only of the derived types.
      const stored = events.filter((e) => e.sessionId === s.id);
      const derived = stored.filter((e) => e.id[14] === '5');
      expect(stored.filter((e) => e.id[14] === '4')).toHaveLength(truth.events);
      for (const e of derived) expect(['rage_click', 'hesitation', 'conversion']).toContain(e.type);
      expect(s.eventsCount).toBe(truth.events + derived.length);
    }
  });

  it('spreads each session over minutes of virtual time, ending in the past', async () => {
    const sessions = await storedSessions();
    const spans = sessions.map((s) => s.lastEventAt.getTime() - s.startedAt.getTime()).sort((a, b) => a - b);
    expect(spans[0]).toBeGreaterThan(10_000);
    expect(spans[spans.length - 1]).toBeLessThan(60 * 60_000);
    expect(spans[Math.floor(spans.length / 2)]).toBeGreaterThan(60_000);
    for (const s of sessions) {
      const visit = result.results.find((r) => r.sessionIds.includes(s.id))!;
      // The server put the events back at the SDK's virtual times: the span is the visit's own length.
      expect(
        Math.abs(s.lastEventAt.getTime() - s.startedAt.getTime() - (visit.endedAt - visit.startedAt)),
      ).toBeLessThan(2000);
      expect(Math.abs(s.startedAt.getTime() - visit.startedAt)).toBeLessThan(2000);
    }
    for (const e of await storedEvents()) {
      expect(e.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
      // Never clamped to the arrival time: every event happened before it was received.
      expect(e.occurredAt.getTime()).toBeLessThan(e.receivedAt.getTime() - 1000);
    }
  });

  it('varies traffic sources and devices', async () => {
    const sessions = await storedSessions();
    expect(new Set(sessions.map((s) => s.trafficSource)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(sessions.map((s) => s.deviceType)).size).toBeGreaterThanOrEqual(2);
  });

  it('records form use but never a character the visitors typed', async () => {
    const typed = result.results.flatMap((r) => r.typed).filter((s) => s.length >= 4);
    expect(typed.length).toBeGreaterThan(0);
    const events = await storedEvents();
    expect(events.some((e) => e.type === 'form_interaction')).toBe(true);
    const stored = events.map((e) => JSON.stringify([e.data, e.url, e.title, e.el])).join('\n');
    for (const text of typed) expect(stored).not.toContain(text);
  });
});
