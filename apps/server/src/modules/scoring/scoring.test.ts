import { NEUROMIND_PROFILES, SESSION_NOT_FOUND, TRACKING_DEFAULTS, TRACKING_FEATURES } from '@ri/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businesses, trackingSites } from '../../db/schema.js';
import { bearer, postBatch, signUp, wireBatch } from '../../test/harness.js';
import { pricingVisit, SHOP, useOwnerApp } from '../../test/visits.js';

const app = useOwnerApp();

describe('live session intelligence', () => {
  const session = crypto.randomUUID();
  const visitor = crypto.randomUUID();

  beforeAll(() => app.ingest(app.visit(session, visitor)));

  it('scores a session as its batches are ingested, with the inputs that moved the score', async () => {
    const res = await app.get(`/tracking/sessions/${session}/readiness-score`);
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
    const body = (await app.get(`/tracking/sessions/${session}/neuromind-profile`)).json();
    expect(NEUROMIND_PROFILES).toContain(body.neuromind_profile);
    expect(body.probabilities).toHaveLength(7);
    const sum = body.probabilities.reduce((s: number, p: { probability: number }) => s + p.probability, 0);
    expect(sum).toBeCloseTo(1, 3);
    expect(body.evidence.length).toBeGreaterThan(0);
    const list = (await app.get('/analytics/digital-body-language-sessions?time_filter=1h')).json();
    const row = list.sessions.find((s: { session_id: string }) => s.session_id === session);
    expect(row.neuromind_profile).toBe(body.neuromind_profile);
  });

  it('answers the 27 signals measured from the recorded events', async () => {
    const body = (await app.get(`/tracking/sessions/${session}/behavioral-signals`)).json();
    expect(body.signals).toHaveLength(27);
    const byName = Object.fromEntries(body.signals.map((s: { name: string; value: number }) => [s.name, s.value]));
    expect(byName.pages_viewed).toBe(2);
    expect(byName.scroll_velocity).toBe(900);
    expect(byName.rage_clicks).toBe(1);
    expect(body.key_signals.scroll_velocity).toBe(900);
  });

  it('shows the real journey with page types and friction points', async () => {
    const body = (await app.get(`/tracking/sessions/${session}/journey`)).json();
    expect(body.journey_path.map((p: { url: string; page_type: string }) => [p.url, p.page_type])).toEqual([
      [`${SHOP}/pricing`, 'pricing'],
      [`${SHOP}/product/widget`, 'product'],
    ]);
    expect(body.events).toHaveLength(7);
    expect(body.friction_points.map((f: { kind: string }) => f.kind)).toContain('rage_click');
  });

  it('types a thank-you page that names no flow as the page before it, as the scorer does', async () => {
    const other = crypto.randomUUID();
    const views = [
      { type: 'page_view', url: `${SHOP}/free-trial`, title: 'Start your free trial', data: { path: '/free-trial' } },
      { type: 'page_view', url: `${SHOP}/thank-you`, title: 'Thank you!', data: { path: '/thank-you' } },
    ];
    await app.ingest([wireBatch(app.trackingId, views, { session: other, visitor: crypto.randomUUID() })]);
    const body = (await app.get(`/tracking/sessions/${other}/journey`)).json();
    expect(body.journey_path.map((p: { page_type: string }) => p.page_type)).toEqual(['demo', 'demo']);
  });

  it('folding batch by batch gives what a refold from the stored events gives', async () => {
    const live = (await app.get(`/tracking/sessions/${session}/readiness-score`)).json();
    const liveSignals = (await app.get(`/tracking/sessions/${session}/behavioral-signals`)).json();
    const rebuilt = await app.post(`/tracking/sessions/${session}/calculate-readiness`);
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.json().readiness_score).toBe(live.readiness_score);
    expect(rebuilt.json().events_scored).toBe(live.events_scored);
    expect((await app.get(`/tracking/sessions/${session}/behavioral-signals`)).json().signals).toEqual(
      liveSignals.signals,
    );
  });

  it('a retried batch changes nothing', async () => {
    const other = crypto.randomUUID();
    const batches = app.visit(other, crypto.randomUUID());
    await app.ingest(batches);
    const before = (await app.get(`/tracking/sessions/${other}/readiness-score`)).json();
    await app.ingest([batches[0]!, batches[1]!]);
    const after = (await app.get(`/tracking/sessions/${other}/readiness-score`)).json();
    expect(after.events_scored).toBe(7);
    expect(after.readiness_score).toBe(before.readiness_score);
  });

  it('batch-calculates known sessions and says why others have no score', async () => {
    const unknown = crypto.randomUUID();
    const res = await app.post('/tracking/batch-calculate-readiness', { session_ids: [session, unknown] });
    expect(res.statusCode).toBe(200);
    const [known, missing] = res.json().results;
    expect(known.readiness_score).toBeTypeOf('number');
    expect(missing).toEqual({ session_id: unknown, error: SESSION_NOT_FOUND });
    const bad = await app.post('/tracking/batch-calculate-readiness', { session_ids: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('session_id must be a UUID');
  });

  it("never shows another business's session", async () => {
    const stranger = await signUp(app.t);
    for (const path of ['readiness-score', 'neuromind-profile', 'behavioral-signals', 'journey']) {
      const res = await app.get(`/tracking/sessions/${session}/${path}`, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(SESSION_NOT_FOUND);
    }
  });
});

describe('the shared demo business', () => {
  it('cannot have its sessions recomputed by a signed-in non-member, and its scores stay as they were', async () => {
    // A session of the demo business, as the demo fill stores one.
    const [demo] = await app.t.database.db.select().from(businesses).where(eq(businesses.isDemo, true));
    const demoOrigin = 'https://demo-shop.example';
    await app.t.database.db.insert(trackingSites).values({
      trackingId: 'trk_demo_scoring_test_0001',
      businessId: demo!.id,
      features: [...TRACKING_FEATURES],
      ...TRACKING_DEFAULTS,
      mode: 'standard',
      allowedOrigins: [demoOrigin],
      respectDnt: true,
      ctaSelectors: [],
    });
    const session = crypto.randomUUID();
    const [first] = pricingVisit('trk_demo_scoring_test_0001', session, crypto.randomUUID());
    expect((await postBatch(app.t, first, { origin: demoOrigin })).statusCode).toBe(200);
    await app.t.ingest.drain();
    await app.t.scorer.drain();
    const stranger = await signUp(app.t);
    const asStranger = { ...bearer(stranger.token), 'x-business-id': demo!.id };
    const before = await app.t.app.inject({
      method: 'GET',
      url: `/api/v1/tracking/sessions/${session}/readiness-score`,
      headers: asStranger,
    });
    expect(before.statusCode).toBe(200);

    for (const [url, payload] of [
      [`/api/v1/tracking/sessions/${session}/calculate-readiness`, undefined],
      [`/api/v1/tracking/sessions/${session}/classify-neuromind`, undefined],
      ['/api/v1/tracking/batch-calculate-readiness', { session_ids: [session] }],
    ] as const) {
      const res = await app.t.app.inject({ method: 'POST', url, headers: asStranger, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('read_only');
    }
    const after = await app.t.app.inject({
      method: 'GET',
      url: `/api/v1/tracking/sessions/${session}/readiness-score`,
      headers: asStranger,
    });
    expect(after.json().scored_at).toBe(before.json().scored_at);
  });
});
