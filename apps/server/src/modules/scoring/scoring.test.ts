import type { AddressInfo } from 'node:net';
import { NEUROMIND_PROFILES, ON_SITE_DELIVERY_NOT_SET_UP, SESSION_NOT_FOUND } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  postBatch,
  setUpTracking,
  signUp,
  type TestApp,
  wireBatch,
} from '../../test/harness.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);
});
afterAll(() => t.close());

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const post = (url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });

const SHOP = 'https://shop.example';

/** A visitor reading pricing, then a product, hovering the buy button and leaving the product page. */
function pricingVisit(session: string, visitor: string) {
  return [
    wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/pricing`, title: 'Pricing', data: { path: '/pricing' } },
        { type: 'scroll', url: `${SHOP}/pricing`, data: { depth: 80, velocity: 900, dir_changes: 1 } },
        { type: 'cta_hover', url: `${SHOP}/pricing`, el: 'button.buy', data: { dur: 2400, clicked: false } },
        { type: 'page_hide', url: `${SHOP}/pricing`, data: { active_ms: 20_000, total_ms: 30_000, depth: 80 } },
      ],
      { session, visitor },
    ),
    wireBatch(
      trackingId,
      [
        { type: 'page_view', url: `${SHOP}/product/widget`, title: 'Widget', data: { path: '/product/widget' } },
        { type: 'click', url: `${SHOP}/product/widget`, el: 'button.add', data: { x: 10, y: 20, cta: true } },
        { type: 'rage_click', url: `${SHOP}/product/widget`, el: 'button.add', data: { count: 4 } },
      ],
      { session, visitor },
    ),
  ];
}

async function ingest(batches: object[]) {
  for (const b of batches) expect((await postBatch(t, b)).statusCode).toBe(200);
  await t.ingest.drain();
  await t.scorer.drain();
}

describe('live session intelligence', () => {
  const session = crypto.randomUUID();
  const visitor = crypto.randomUUID();

  beforeAll(() => ingest(pricingVisit(session, visitor)));

  it('scores a session as its batches are ingested, with the inputs that moved the score', async () => {
    const res = await get(`/tracking/sessions/${session}/readiness-score`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.readiness_score).toBeGreaterThanOrEqual(0);
    expect(body.readiness_score).toBeLessThanOrEqual(100);
    expect(body.conversion_probability).toBeGreaterThan(0);
    expect(body.conversion_probability).toBeLessThan(1);
    expect(body.events_scored).toBe(7);
    expect(body.top_signals.length).toBeGreaterThan(0);
    expect(body.top_signals[0]).toEqual(
      expect.objectContaining({ feature: expect.any(String), label: expect.any(String), weight: expect.any(Number) }),
    );
    expect(body.model.kind).toBe('prior');
  });

  it('classifies the session into the seven profiles with evidence for the winner', async () => {
    const body = (await get(`/tracking/sessions/${session}/neuromind-profile`)).json();
    expect(NEUROMIND_PROFILES).toContain(body.neuromind_profile);
    expect(body.probabilities).toHaveLength(7);
    const sum = body.probabilities.reduce((s: number, p: { probability: number }) => s + p.probability, 0);
    expect(sum).toBeCloseTo(1, 3);
    expect(body.evidence.length).toBeGreaterThan(0);
    const list = (await get('/analytics/digital-body-language-sessions?time_filter=1h')).json();
    const row = list.sessions.find((s: { session_id: string }) => s.session_id === session);
    expect(row.neuromind_profile).toBe(body.neuromind_profile);
  });

  it('answers the 27 signals measured from the recorded events', async () => {
    const body = (await get(`/tracking/sessions/${session}/behavioral-signals`)).json();
    expect(body.signals).toHaveLength(27);
    const byName = Object.fromEntries(body.signals.map((s: { name: string; value: number }) => [s.name, s.value]));
    expect(byName.pages_viewed).toBe(2);
    expect(byName.scroll_velocity).toBe(900);
    expect(byName.rage_clicks).toBe(1);
    expect(body.key_signals.scroll_velocity).toBe(900);
  });

  it('shows the real journey with page types and friction points', async () => {
    const body = (await get(`/tracking/sessions/${session}/journey`)).json();
    expect(body.journey_path.map((p: { url: string; page_type: string }) => [p.url, p.page_type])).toEqual([
      [`${SHOP}/pricing`, 'pricing'],
      [`${SHOP}/product/widget`, 'product'],
    ]);
    expect(body.events).toHaveLength(7);
    expect(body.friction_points.map((f: { kind: string }) => f.kind)).toContain('rage_click');
  });

  it('folding batch by batch gives what a refold from the stored events gives', async () => {
    const live = (await get(`/tracking/sessions/${session}/readiness-score`)).json();
    const liveSignals = (await get(`/tracking/sessions/${session}/behavioral-signals`)).json();
    const rebuilt = await post(`/tracking/sessions/${session}/calculate-readiness`);
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.json().readiness_score).toBe(live.readiness_score);
    expect(rebuilt.json().events_scored).toBe(live.events_scored);
    expect((await get(`/tracking/sessions/${session}/behavioral-signals`)).json().signals).toEqual(liveSignals.signals);
  });

  it('a retried batch changes nothing', async () => {
    const other = crypto.randomUUID();
    const batches = pricingVisit(other, crypto.randomUUID());
    await ingest(batches);
    const before = (await get(`/tracking/sessions/${other}/readiness-score`)).json();
    await ingest([batches[0]!, batches[1]!]);
    const after = (await get(`/tracking/sessions/${other}/readiness-score`)).json();
    expect(after.events_scored).toBe(7);
    expect(after.readiness_score).toBe(before.readiness_score);
  });

  it('lists the session on the Conversion Spy Engine with score, profile and key signals', async () => {
    const res = await get('/analytics/digital-body-language-sessions?time_filter=1h&limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.sessions.find((s: { session_id: string }) => s.session_id === session);
    expect(row).toBeDefined();
    expect(row.readiness_score).toBeTypeOf('number');
    expect(row.behavioral_signals.scroll_velocity).toBe(900);
    expect(row.end_time).toBeUndefined();
    expect(row.source).toBe('direct');
    expect(body.summary.sessions).toBeGreaterThanOrEqual(1);
    expect(body.summary.scored_sessions).toBeGreaterThanOrEqual(1);
    expect(body.summary.avg_readiness_score).toBeTypeOf('number');
  });

  it('answers readiness scores of a range with the band distribution', async () => {
    const body = (await get('/analytics/readiness-scores?time_range=24h')).json();
    expect(body.scored_sessions).toBeGreaterThanOrEqual(1);
    const { ready, warming, early } = body.distribution;
    expect(ready + warming + early).toBe(body.scored_sessions);
  });

  it('batch-calculates known sessions and says why others have no score', async () => {
    const unknown = crypto.randomUUID();
    const res = await post('/tracking/batch-calculate-readiness', { session_ids: [session, unknown] });
    expect(res.statusCode).toBe(200);
    const [known, missing] = res.json().results;
    expect(known.readiness_score).toBeTypeOf('number');
    expect(missing).toEqual({ session_id: unknown, error: SESSION_NOT_FOUND });
    const bad = await post('/tracking/batch-calculate-readiness', { session_ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('session_id must be a UUID');
  });

  it("never shows another business's session", async () => {
    const stranger = await signUp(t);
    for (const path of ['readiness-score', 'neuromind-profile', 'behavioral-signals', 'journey']) {
      const res = await get(`/tracking/sessions/${session}/${path}`, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(SESSION_NOT_FOUND);
    }
  });
});

describe('engage and take action', () => {
  it('records an action with its status and history, and lists it', async () => {
    const session = crypto.randomUUID();
    await ingest(pricingVisit(session, crypto.randomUUID()));
    const res = await post('/engagement/actions', {
      kind: 'engage',
      session_id: session,
      title: 'Offer a guarantee reminder',
      action_items: ['Show the 30-day guarantee'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json();
    expect(action.status).toBe('recorded');
    expect(action.status_detail).toBe(ON_SITE_DELIVERY_NOT_SET_UP);
    expect(action.history).toEqual([
      { status: 'recorded', at: action.created_at, detail: ON_SITE_DELIVERY_NOT_SET_UP },
    ]);
    const listed = (await get(`/engagement/actions?session_id=${session}`)).json().actions;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([action.id]);
  });

  it('names the missing field', async () => {
    const res = await post('/engagement/actions', { kind: 'engage', title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('session_id is required to engage a visitor');
    const insight = await post('/engagement/actions', { kind: 'take_action', title: '', insight_id: 'a' });
    expect(insight.statusCode).toBe(400);
    expect(insight.body).toContain('title is required');
  });
});

describe('live push', () => {
  it("pushes a scored change of a session to the business's open stream", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/analytics/live-sessions/stream`, {
      headers: bearer(owner.token),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const session = crypto.randomUUID();
    const received = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes(session)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    })();
    await postBatch(t, pricingVisit(session, crypto.randomUUID())[0]);
    const text = await received;
    controller.abort();
    const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes(session))!;
    const event = JSON.parse(line.slice(6));
    expect(event).toEqual(expect.objectContaining({ session_id: session, events_count: 4 }));
    expect(event.readiness_score).toBeTypeOf('number');
  });
});
