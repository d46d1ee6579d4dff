import { compactBatch, type WireBatch } from '@ri/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents, trackingSessions } from '../../db/schema.js';
import { createTestApp, postBatch, setUpTracking, signUp, type TestApp, wireBatch } from '../../test/harness.js';

// Batches without a session id (wire v3): the server assigns sessions per visitor and derives what the SDK
// leaves to it (decision 0012).

let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let trackingA: string;
let trackingB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { businessName: 'Alpha Apparel' });
  b = await signUp(t, { businessName: 'Beta Bikes' });
  trackingA = await setUpTracking(t, a.token);
  trackingB = await setUpTracking(t, b.token, 'https://beta.example');
});
afterAll(() => t.close());

const MIN = 60_000;
type Ev = Parameters<typeof wireBatch>[1][number];

/** A v3 body (no session id) for `visitor`, its events stamped at the given times (ms). */
function v3(tracking: string, visitor: string, events: (Ev & { ts: number })[], context: Record<string, unknown> = {}) {
  const { session_id: _none, ...batch } = wireBatch(tracking, events, { visitor }, context);
  return compactBatch(batch as WireBatch);
}
const sessionsOf = (businessId: string, visitor: string) =>
  t.database.db
    .select()
    .from(trackingSessions)
    .where(and(eq(trackingSessions.businessId, businessId), eq(trackingSessions.visitorId, visitor)))
    .orderBy(asc(trackingSessions.startedAt));
const eventsOf = (businessId: string, sessionId: string) =>
  t.database.db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.businessId, businessId), eq(trackingEvents.sessionId, sessionId)))
    .orderBy(asc(trackingEvents.occurredAt));

const url = 'https://shop.example/';
const click = (ts: number, x = 100, y = 200): Ev & { ts: number } => ({
  type: 'click',
  ts,
  url,
  el: 'button.buy',
  data: { x, y, cta: true },
});

describe('server-side sessions (batches without a session id)', () => {
  it('opens a session with its landing facts and continues it across batches, deriving revisits and rage clicks', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    const first = v3(trackingA, visitor, [
      {
        type: 'page_view',
        ts: now - 60_000,
        url: `${url}?utm_source=newsletter&utm_medium=email&gclid=abc`,
        title: 'Home',
        data: { path: '/', ref: 'https://www.google.com/' },
      },
      { type: 'click', ts: now - 59_000, url, data: { x: 5, y: 5, cta: false } },
    ]);
    expect(first.v).toBe(3);
    expect(first).not.toHaveProperty('s');
    const res = await postBatch(t, first, { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
    expect(res.statusCode).toBe(200);
    let [s] = await sessionsOf(a.businessId, visitor);
    // The answer names the session the server chose, so a server-side caller can find its events.
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, sessions: [s!.id] });
    expect(s).toMatchObject({
      eventsCount: 2,
      pageViews: 1,
      referrer: 'https://www.google.com/',
      utmSource: 'newsletter',
      utmMedium: 'email',
      gclid: 'abc',
      lang: 'fr-CH',
    });
    expect(s!.trafficSource).not.toBe('direct');

    // 30 s later: the same path again and a burst of three clicks, closed by the page being left.
    const second = v3(trackingA, visitor, [
      { type: 'page_view', ts: now - 30_000, url, data: { path: '/' } },
      click(now - 20_000),
      click(now - 19_700, 110, 205),
      click(now - 19_400, 95, 195),
      { type: 'page_hide', ts: now - 10_000, url, data: { active_ms: 9000, total_ms: 20_000, depth: 40 } },
    ]);
    expect((await postBatch(t, second)).json()).toEqual({ accepted: 5, duplicates: 0, sessions: [s!.id] });

    const sessions = await sessionsOf(a.businessId, visitor);
    expect(sessions).toHaveLength(1);
    s = sessions[0];
    // 7 sent, 1 rage click derived.
    expect(s).toMatchObject({
      eventsCount: 8,
      pageViews: 2,
      clicks: 4,
      rageClicks: 1,
      referrer: 'https://www.google.com/',
    });
    const events = await eventsOf(a.businessId, s!.id);
    const views = events.filter((e) => e.type === 'page_view').map((e) => e.data as { revisit: boolean; spa: boolean });
    expect(views.map((v) => v.revisit)).toEqual([false, true]);
    expect(views.map((v) => v.spa)).toEqual([false, true]);
    const rage = events.find((e) => e.type === 'rage_click');
    expect(rage?.data).toEqual({ count: 3 });
    expect(rage?.el).toBe('button.buy');

    // A retry of the second batch stores nothing and derives nothing again.
    expect((await postBatch(t, second)).json()).toEqual({ accepted: 0, duplicates: 5, sessions: [] });
    const [again] = await sessionsOf(a.businessId, visitor);
    expect(again).toMatchObject({ eventsCount: 8, rageClicks: 1 });
  });

  it('starts a new session after the timeout and takes that session its own landing facts', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    await postBatch(
      t,
      v3(trackingA, visitor, [
        {
          type: 'page_view',
          ts: now - 45 * MIN,
          url: `${url}?utm_source=ads`,
          data: { path: '/', ref: 'https://ads.example/' },
        },
      ]),
    );
    await postBatch(
      t,
      v3(trackingA, visitor, [
        { type: 'page_view', ts: now - 5 * MIN, url: `${url}pricing`, data: { path: '/pricing', ref: '' } },
      ]),
    );
    const sessions = await sessionsOf(a.businessId, visitor);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.utmSource)).toEqual(['ads', null]);
    expect(sessions.map((s) => s.referrer)).toEqual(['https://ads.example/', null]);
    expect(sessions[0]!.id).not.toBe(sessions[1]!.id);
  });

  it('keeps one session when a visitor’s batches arrive at the same moment', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    const batches = [0, 1, 2, 3].map((i) =>
      v3(trackingA, visitor, [{ type: 'page_view', ts: now - 10_000 + i * 1000, url, data: { path: `/p${i}` } }]),
    );
    const redone = t.ingest.stats().redone;
    const answers = await Promise.all(batches.map((body) => postBatch(t, body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const sessions = await sessionsOf(a.businessId, visitor);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.pageViews).toBe(4);
    // One server holds a visitor's later batches until the flush assigning it is done: nothing to redo.
    expect(t.ingest.stats().redone).toBe(redone);
  });

  it('keeps one session when two servers take a visitor’s batches in turn, each remembering an older state', async () => {
    // Each server plans from the visitor state it last saw; the other server's writes make that state stale,
    // and a write planned from a stale state must be refused and redone from what is stored.
    const other = await createTestApp({}, { sharing: t });
    try {
      const visitor = crypto.randomUUID();
      const now = Date.now();
      const paths = ['/', '/pricing', '/', '/pricing', '/checkout'];
      const servers = [t, other, t, other, t];
      const redoneBefore = t.ingest.stats().redone + other.ingest.stats().redone;
      for (const [i, server] of servers.entries()) {
        const body = v3(trackingA, visitor, [
          { type: 'page_view', ts: now - 50_000 + i * 1000, url, data: { path: paths[i] } },
        ]);
        expect((await postBatch(server, body)).statusCode).toBe(200);
      }
      const sessions = await sessionsOf(a.businessId, visitor);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.pageViews).toBe(5);
      const views = (await eventsOf(a.businessId, sessions[0]!.id)).map(
        (e) => (e.data as { revisit: boolean }).revisit,
      );
      expect(views).toEqual([false, false, true, true, false]);
      // Every batch after the first reached a server whose remembered state was stale (or missing).
      expect(t.ingest.stats().redone + other.ingest.stats().redone - redoneBefore).toBe(4);

      // Both servers at once, several batches each: still one session, every event stored once.
      const burst = [0, 1, 2, 3, 4, 5].map((i) =>
        v3(trackingA, visitor, [{ type: 'page_view', ts: now - 40_000 + i * 1000, url, data: { path: `/b${i}` } }]),
      );
      const answers = await Promise.all(burst.map((body, i) => postBatch(i % 2 ? other : t, body)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const after = await sessionsOf(a.businessId, visitor);
      expect(after).toHaveLength(1);
      expect(after[0]!.pageViews).toBe(11);
      expect(await eventsOf(a.businessId, after[0]!.id)).toHaveLength(11);
    } finally {
      await other.close();
    }
  });

  it('times a field from a focus in an earlier batch, and derives hover hesitations', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    await postBatch(
      t,
      v3(trackingA, visitor, [
        { type: 'page_view', ts: now - 20_000, url, data: { path: '/' } },
        { type: 'form_interaction', ts: now - 15_000, url, data: { action: 'focus', form: 'signup', field: 'email' } },
      ]),
    );
    await postBatch(
      t,
      v3(trackingA, visitor, [
        { type: 'form_interaction', ts: now - 11_000, url, data: { action: 'blur', form: 'signup', field: 'email' } },
        { type: 'cta_hover', ts: now - 9000, url, el: 'a.cta', data: { dur: 2500, clicked: false } },
      ]),
    );
    const [s] = await sessionsOf(a.businessId, visitor);
    const events = await eventsOf(a.businessId, s!.id);
    const blur = events.find((e) => (e.data as { action?: string }).action === 'blur');
    const dur = (blur!.data as { dur: number }).dur;
    expect(dur).toBeGreaterThanOrEqual(3900);
    expect(dur).toBeLessThanOrEqual(4100);
    const hesitation = events.find((e) => e.type === 'hesitation');
    expect(hesitation).toMatchObject({ el: 'a.cta', data: { kind: 'hover_no_click', dur: 2500 } });
    expect(s!.hesitations).toBe(1);
  });

  it('keeps each business’s visitors apart, even under the same visitor id', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    await postBatch(t, v3(trackingA, visitor, [{ type: 'page_view', ts: now - 3000, url, data: { path: '/' } }]));
    const beta = await postBatch(
      t,
      v3(trackingB, visitor, [
        { type: 'page_view', ts: now - 2000, url: 'https://beta.example/', data: { path: '/' } },
      ]),
      { origin: 'https://beta.example' },
    );
    expect(beta.statusCode).toBe(200);
    const [sa] = await sessionsOf(a.businessId, visitor);
    const [sb] = await sessionsOf(b.businessId, visitor);
    expect(sa!.id).not.toBe(sb!.id);
    const viewsB = await eventsOf(b.businessId, sb!.id);
    // Beta's first view of "/" is not a revisit, though Alpha's visitor of the same id saw it.
    expect((viewsB[0]!.data as { revisit: boolean }).revisit).toBe(false);
  });

  it('still accepts batches that carry their own session, without deriving', async () => {
    const visitor = crypto.randomUUID();
    const now = Date.now();
    const batch = wireBatch(
      trackingA,
      [click(now - 3000), click(now - 2900), click(now - 2800), click(now - 1000, 900)],
      {
        visitor,
      },
    );
    expect((await postBatch(t, batch)).json()).toEqual({ accepted: 4, duplicates: 0 });
    const [s] = await sessionsOf(a.businessId, visitor);
    expect(s!.id).toBe(batch.session_id);
    expect(s!.rageClicks).toBe(0);
  });
});
