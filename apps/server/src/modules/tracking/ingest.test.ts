import { compactBatch, type WireBatch } from '@ri/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents, trackingSessions } from '../../db/schema.js';
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

const countEvents = async (businessId: string, sessionId?: string) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingEvents)
    .where(
      and(eq(trackingEvents.businessId, businessId), sessionId ? eq(trackingEvents.sessionId, sessionId) : undefined),
    );
  return Number(row?.n);
};
const session = async (businessId: string, id: string) =>
  (
    await t.database.db
      .select()
      .from(trackingSessions)
      .where(and(eq(trackingSessions.businessId, businessId), eq(trackingSessions.id, id)))
  )[0];

describe('ingestion', () => {
  it('stores a batch and keeps the session aggregates in step', async () => {
    const batch = wireBatch(
      trackingA,
      [
        { type: 'page_view', url: 'https://shop.example/', title: 'Home', data: { path: '/' } },
        { type: 'scroll', url: 'https://shop.example/', data: { depth: 45, velocity: 800, dir_changes: 1 } },
        { type: 'click', url: 'https://shop.example/', el: 'a#pricing', data: { x: 10, y: 20, cta: false } },
        { type: 'page_view', url: 'https://shop.example/pricing', title: 'Pricing', data: { path: '/pricing' } },
        {
          type: 'cta_hover',
          url: 'https://shop.example/pricing',
          el: 'button.buy',
          data: { dur: 1200, clicked: false },
        },
        { type: 'form_interaction', url: 'https://shop.example/pricing', data: { action: 'submit', form: 'signup' } },
        {
          type: 'page_hide',
          url: 'https://shop.example/pricing',
          data: { active_ms: 42_000, total_ms: 60_000, depth: 80 },
        },
      ],
      {},
      { referrer: 'https://www.google.com/', utm_source: 'newsletter', utm_medium: 'email', lang: 'en-GB' },
    );
    const res = await postBatch(t, batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 7, duplicates: 0 });
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');

    const s = await session(a.businessId, batch.session_id);
    expect(s).toMatchObject({
      trackingId: trackingA,
      eventsCount: 7,
      pageViews: 2,
      clicks: 1,
      ctaHovers: 1,
      ctaHoverMs: 1200,
      formInteractions: 1,
      formSubmits: 1,
      maxScrollDepth: 80,
      activeMs: 42_000,
      firstUrl: 'https://shop.example/',
      firstTitle: 'Home',
      lastUrl: 'https://shop.example/pricing',
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Mac OS',
      utmSource: 'newsletter',
      trafficSource: 'email',
      lang: 'en-GB',
      origin: 'https://shop.example',
    });

    // A second batch of the same session adds to the totals.
    const more = wireBatch(trackingA, [{ type: 'click', url: 'https://shop.example/pricing', el: 'button.buy' }], {
      session: batch.session_id,
      visitor: batch.visitor_id,
    });
    expect((await postBatch(t, more)).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await session(a.businessId, batch.session_id))?.clicks).toBe(2);
  });

  it('takes the SDK’s string bodies: text/plain;charset=UTF-8, as fetch and sendBeacon send them', async () => {
    // The SDK sets no Content-Type, so a browser labels its string body text/plain;charset=UTF-8 (no CORS
    // preflight); the body is wire v2.
    for (const type of ['text/plain;charset=UTF-8', 'text/plain; charset=utf-8']) {
      const batch = wireBatch(trackingA, [
        { type: 'page_view', url: 'https://shop.example/', data: { path: '/' } },
        { type: 'click', url: 'https://shop.example/', data: { x: 1, y: 2 } },
      ]);
      const res = await postBatch(t, compactBatch(batch as WireBatch), { 'content-type': type });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(await countEvents(a.businessId, batch.session_id)).toBe(2);
    }
  });

  it('stores a retried batch only once, and counts it only once', async () => {
    const batch = wireBatch(trackingA, [{ type: 'page_view', url: 'https://shop.example/a' }, { type: 'click' }]);
    expect((await postBatch(t, batch)).json()).toEqual({ accepted: 2, duplicates: 0 });
    const [again, concurrent] = await Promise.all([postBatch(t, batch), postBatch(t, batch)]);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(concurrent.json()).toEqual({ accepted: 0, duplicates: 2 });
    expect(await countEvents(a.businessId, batch.session_id)).toBe(2);
    expect((await session(a.businessId, batch.session_id))?.eventsCount).toBe(2);
  });

  it('stores a NUL or half an emoji in any text as U+FFFD, never failing the batch', async () => {
    // A title or link text cut through an emoji leaves half of its surrogate pair; PostgreSQL takes neither
    // that nor NUL in text or jsonb, and a refused batch would be retried by the SDK for ever.
    const half = '🛒'.slice(0, 1);
    const batch = wireBatch(
      trackingA,
      [
        { type: 'page_view', url: 'https://shop.example/a\u0000b', title: `Cart ${half}`, data: { path: '/a' } },
        { type: 'click', el: 'a.buy\u0000', data: { x: 1, y: 2, text: `Buy ${half}`, [`k${half}\u0000`]: 'v\u0000' } },
      ],
      {},
      { referrer: 'https://ref.example/\u0000' },
    );
    const res = await postBatch(t, batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0 });
    const rows = await t.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.businessId, a.businessId), eq(trackingEvents.sessionId, batch.session_id)))
      .orderBy(trackingEvents.occurredAt);
    expect(rows.map((r) => [r.url, r.title, r.el])).toEqual([
      ['https://shop.example/a\uFFFDb', 'Cart \uFFFD', null],
      [null, null, 'a.buy\uFFFD'],
    ]);
    expect(rows[1]!.data).toEqual({ x: 1, y: 2, text: 'Buy \uFFFD', 'k\uFFFD\uFFFD': 'v\uFFFD' });
    expect((await session(a.businessId, batch.session_id))?.referrer).toBe('https://ref.example/\uFFFD');
  });

  it('files events under the tracking id’s business, whatever else the body says', async () => {
    const batch = {
      ...wireBatch(trackingB, [{ type: 'page_view', url: 'https://beta.example/' }]),
      business_id: a.businessId,
    };
    const res = await postBatch(t, batch, { origin: 'https://beta.example' });
    expect(res.statusCode).toBe(200);
    expect(await countEvents(b.businessId, batch.session_id)).toBe(1);
    expect(await countEvents(a.businessId, batch.session_id)).toBe(0);
  });

  it('refuses origins the business has not allowed, and requests with no origin', async () => {
    const batch = wireBatch(trackingA, [{ type: 'page_view' }]);
    const foreign = await postBatch(t, batch, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toMatch(/https:\/\/evil.example is not allowed/);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/batch-events',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(batch),
    });
    expect(none.statusCode).toBe(403);
    expect(await countEvents(a.businessId, batch.session_id)).toBe(0);
  });

  it('answers known bots with 2xx and counts them without storing', async () => {
    const batch = wireBatch(trackingA, [{ type: 'page_view' }]);
    const res = await postBatch(t, batch, {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 0, duplicates: 0, bot: true });
    expect(await countEvents(a.businessId, batch.session_id)).toBe(0);
    const stats = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/admin/stats', headers: bearer(a.token) });
    expect(stats.json().bot_requests).toBeGreaterThanOrEqual(1);
  });

  it('enforces its limits with clear messages and stores nothing of a refused batch', async () => {
    const tooMany = wireBatch(
      trackingA,
      Array.from({ length: 501 }, () => ({ type: 'click' })),
    );
    const many = await postBatch(t, tooMany);
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toMatch(/at most 500 events; this one has 501/);

    const big = wireBatch(trackingA, [{ type: 'page_view' }, { type: 'custom', data: { blob: 'x'.repeat(33_000) } }]);
    const bigRes = await postBatch(t, big);
    expect(bigRes.statusCode).toBe(400);
    expect(bigRes.json().error.field).toBe('events.1');
    expect(await countEvents(a.businessId, big.session_id)).toBe(0);

    const huge = wireBatch(
      trackingA,
      Array.from({ length: 40 }, () => ({ type: 'custom', data: { blob: 'y'.repeat(15_000) } })),
    );
    const hugeRes = await postBatch(t, huge);
    expect(hugeRes.statusCode).toBe(413);
    expect(hugeRes.json().error.code).toBe('payload_too_large');

    const badType = wireBatch(trackingA, [{ type: 'page_view' }, { type: 'teleport' }]);
    const typeRes = await postBatch(t, badType);
    expect(typeRes.statusCode).toBe(400);
    expect(typeRes.json().error.field).toBe('events.1.type');
    expect(await countEvents(a.businessId, badType.session_id)).toBe(0);

    expect((await postBatch(t, '{not json')).json().error.message).toBe('Body is not valid JSON');
    const unknown = await postBatch(t, wireBatch('trk_doesnotexist', [{ type: 'click' }]));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.field).toBe('tracking_id');
  });

  it('only takes conversions on post-conversion', async () => {
    const ok = wireBatch(trackingA, [{ type: 'conversion', data: { value: 49.5, currency: 'EUR' } }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/events/post-conversion',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://shop.example',
        'user-agent': 'Mozilla/5.0 Firefox/128.0',
      },
      payload: JSON.stringify(ok),
    });
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await session(a.businessId, ok.session_id)).toMatchObject({ conversions: 1, conversionValue: 49.5 });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tracking/events/post-conversion',
      headers: {
        'content-type': 'text/plain',
        origin: 'https://shop.example',
        'user-agent': 'Mozilla/5.0 Firefox/128.0',
      },
      payload: JSON.stringify(wireBatch(trackingA, [{ type: 'click' }])),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('events.0.type');
  });

  it('refuses a claimed conversion no sale could be worth, and stores no markup from a forged title', async () => {
    const forged = wireBatch(trackingA, [
      { type: 'page_view', url: 'https://shop.example/', title: 'Shop<img src=x onerror=alert(1)> <b>Sale</b>' },
      { type: 'conversion', data: { value: 999_999_999, currency: 'EUR' } },
    ]);
    const refused = await postBatch(t, forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('events.1.data.value');
    expect(refused.json().error.message).toContain('from 0 to 1,000,000');
    expect(await session(a.businessId, forged.session_id)).toBeUndefined();

    const titled = wireBatch(trackingA, [
      { type: 'page_view', url: 'https://shop.example/', title: 'Shop<img src=x onerror=alert(1)> <b>Sale</b>' },
      { type: 'conversion', data: { value: 120, currency: 'EUR' } },
    ]);
    expect((await postBatch(t, titled)).statusCode).toBe(200);
    const stored = await t.database.db
      .select({ title: trackingEvents.title })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.businessId, a.businessId), eq(trackingEvents.sessionId, titled.session_id)));
    expect(stored.map((e) => e.title).filter(Boolean)).toEqual(['Shop Sale']);
    expect(await session(a.businessId, titled.session_id)).toMatchObject({ conversions: 1, conversionValue: 120 });
  });
});

describe('rate limits and outages', () => {
  it('answers 429 with Retry-After per client address above the configured rate', async () => {
    // One request every 20 s (a bucket of one): a slow machine cannot refill it between these calls, as it could
    // at 2 a second.
    const limited = await createTestApp({ TRACKING_RATE_LIMIT_PER_IP: '0.05' });
    try {
      const owner = await signUp(limited);
      const tid = await setUpTracking(limited, owner.token);
      const replies = [];
      for (let i = 0; i < 3; i++) replies.push(await postBatch(limited, wireBatch(tid, [{ type: 'click' }])));
      expect(replies.map((r) => r.statusCode)).toEqual([200, 429, 429]);
      for (const refused of replies.slice(1)) {
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(20);
      }
      // Another address has a bucket of its own.
      const elsewhere = await postBatch(limited, wireBatch(tid, [{ type: 'click' }]), {}, '203.0.113.9');
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 with Retry-After, never a 2xx, when the database is gone', async () => {
    const broken = await createTestApp();
    const owner = await signUp(broken);
    const tid = await setUpTracking(broken, owner.token);
    expect((await postBatch(broken, wireBatch(tid, [{ type: 'click' }]))).statusCode).toBe(200);
    await broken.database.close();
    const res = await postBatch(broken, wireBatch(tid, [{ type: 'click' }]));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    await broken.app.close();
  });
});

describe('preflights', () => {
  it('answer for the public ingestion paths only, never for signed-in routes under /tracking', async () => {
    const t2 = await createTestApp();
    try {
      const preflight = (url: string) =>
        t2.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        });
      const ingest = await preflight('/api/v1/tracking/batch-events');
      expect(ingest.statusCode).toBe(204);
      expect(ingest.headers['access-control-allow-origin']).toBe('https://evil.example');
      for (const url of [
        '/api/v1/tracking/script',
        '/api/v1/tracking/generate-script',
        '/api/v1/tracking/page-types',
      ]) {
        const res = await preflight(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      }
    } finally {
      await t2.close();
    }
  });
});
