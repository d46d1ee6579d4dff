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

// Small thresholds so that a test business can cross them; the defaults (1,000 and 50) are for real traffic.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;

beforeAll(async () => {
  t = await createTestApp({ READINESS_REFIT_MIN_SESSIONS: '60', READINESS_REFIT_MIN_CONVERSIONS: '20' });
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);
});
afterAll(() => t.close());

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

const SHOP = 'https://shop.example';
const view = (path: string, title: string, dwell: number) => [
  { type: 'page_view', url: `${SHOP}${path}`, title, data: { path } },
  { type: 'page_hide', url: `${SHOP}${path}`, data: { active_ms: dwell, total_ms: dwell, depth: 70 } },
];

/**
 * This business sells through its guides: visitors who read the blog and the about page convert, those
 * who only browse products leave. The UCI prior reads product pages as buying interest and information
 * pages as little, so a model fitted on this business's sessions should rank them better.
 */
function visit(kind: 'reader' | 'browser', i: number) {
  const pages =
    kind === 'reader'
      ? [view('/blog/how-to-choose', 'How to choose', 90_000), view('/about', 'About us', 40_000)]
      : [view(`/products/item-${i % 7}`, 'Item', 30_000), view(`/products/item-${(i + 3) % 7}`, 'Item', 25_000)];
  const events: object[] = pages.flat();
  if (kind === 'reader' && i % 5 !== 0) events.push({ type: 'conversion', url: `${SHOP}/about`, data: { value: 120 } });
  if (kind === 'browser' && i % 6 === 0)
    events.push({ type: 'conversion', url: `${SHOP}/products`, data: { value: 80 } });
  return wireBatch(trackingId, events as Parameters<typeof wireBatch>[1]);
}

async function ingest(batches: object[]) {
  for (const b of batches) expect((await postBatch(t, b)).statusCode).toBe(200);
  await t.ingest.drain();
  await t.scorer.drain();
}

describe('per-business readiness model', () => {
  it('uses the prior and says why until a refit has run', async () => {
    const res = await get('/analytics/readiness-model');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'prior', sessions: 0, metrics: null, thresholds: { min_sessions: 60 } });
  });

  it('says what is missing when the business has too little history', async () => {
    await ingest(Array.from({ length: 10 }, (_, i) => visit(i % 2 ? 'reader' : 'browser', i)));
    await t.database.executeSql(
      `UPDATE tracking_sessions SET started_at = started_at - interval '3 hours', last_event_at = last_event_at - interval '3 hours' WHERE business_id = $1`,
      [owner.businessId],
    );
    const state = await t.businessModels.refit(owner.businessId);
    expect(state.status).toBe('not_enough_data');
    expect(state.sessions).toBe(10);
    expect(state.reason).toContain('at least 60 finished sessions');
    expect(state.pages).toBeGreaterThanOrEqual(4);
  });

  it('fits a model of its own past the thresholds, keeps it only because it ranks better, and scores with it', async () => {
    await ingest(Array.from({ length: 90 }, (_, i) => visit(i % 2 ? 'reader' : 'browser', i + 10)));
    await t.database.executeSql(
      `UPDATE tracking_sessions SET started_at = started_at - interval '3 hours', last_event_at = last_event_at - interval '3 hours' WHERE business_id = $1 AND last_event_at > now() - interval '1 hour'`,
      [owner.businessId],
    );
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/readiness-model/refit',
      headers: bearer(owner.token),
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().refitting).toBe(true);
    await expect
      .poll(async () => (await get('/analytics/readiness-model')).json().refitting, { timeout: 60_000, interval: 250 })
      .toBe(false);
    const model = (await get('/analytics/readiness-model')).json();
    expect(model).toMatchObject({ status: 'active', sessions: 100 });
    expect(model.conversions).toBe(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? i % 5 !== 0 : i % 6 === 0)).filter(Boolean).length,
    );
    expect(model.metrics.business.auc).toBeGreaterThan(model.metrics.prior.auc);
    expect(model.reason).toContain('cross-validated ROC-AUC');

    // Page statistics: the blog guide's value is the revenue of converting sessions that read it, per reader.
    const { rows } = await t.database.executeSql(
      `SELECT path, sessions, revenue FROM page_stats WHERE business_id = $1 AND path = '/blog/how-to-choose'`,
      [owner.businessId],
    );
    expect(Number(rows[0]!.sessions)).toBe(50);
    expect(Number(rows[0]!.revenue)).toBe(120 * 40);

    // Two live visitors: a reader now outscores a product browser, and both say which model scored them.
    const reader = wireBatch(trackingId, [
      ...view('/blog/how-to-choose', 'How to choose', 80_000),
      ...view('/about', 'About', 30_000),
    ]);
    const browser = wireBatch(trackingId, [
      ...view('/products/item-1', 'Item', 30_000),
      ...view('/products/item-2', 'Item', 30_000),
    ]);
    await ingest([reader, browser]);
    const readerScore = (await get(`/tracking/sessions/${reader.session_id}/readiness-score`)).json();
    const browserScore = (await get(`/tracking/sessions/${browser.session_id}/readiness-score`)).json();
    expect(readerScore.model).toMatchObject({ kind: 'business', sessions: 100, uses_page_value: true });
    expect(readerScore.model.label).toContain("this business's 100 finished sessions");
    expect(readerScore.readiness_score).toBeGreaterThan(browserScore.readiness_score);
    expect(readerScore.top_signals.map((c: { feature: string }) => c.feature)).toContain('page_value');
  });

  it("keeps a business's model to itself, and only a writer can start a refit", async () => {
    const other = await signUp(t);
    const res = await get('/analytics/readiness-model', other.token);
    expect(res.json()).toMatchObject({ status: 'prior', sessions: 0 });
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/readiness-model/refit',
      headers: { ...bearer(other.token), 'x-business-id': owner.businessId },
    });
    expect([403, 404]).toContain(demo.statusCode);
  });
});
