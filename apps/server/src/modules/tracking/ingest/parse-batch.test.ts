import { compactBatch, expandCompactBatch, WIRE_EVENT_TYPES, type WireBatch } from '@ri/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { createTestApp, postBatch, setUpTracking, signUp, type TestApp, wireBatch } from '../../../test/harness.js';
import { parseBatch } from './parse-batch.js';

// The SDK sends wire v2 (the compact encoding of @ri/contracts); server tools and older SDKs send v1.
// parseBatch takes both, and a v2 body means exactly what its v1 twin means.

const NOW = 1_700_000_000_000;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const page = { url: 'https://shop.example/pricing?utm_source=news', title: 'Pricing' };

const v1: WireBatch = {
  v: 1,
  tracking_id: 'trk_abc',
  session_id: id(1),
  visitor_id: id(2),
  sent_at: NOW - 1000,
  context: {
    referrer: 'https://news.example/post',
    utm_source: 'news',
    utm_campaign: 'spring',
    gclid: 'abc',
    lang: 'de-DE',
    tz: 'Europe/Berlin',
    screen_w: 1920,
    screen_h: 1080,
    viewport_w: 1280,
    viewport_h: 720,
  },
  events: [
    {
      id: id(10),
      type: 'page_view',
      ts: NOW - 9000,
      ...page,
      data: { path: '/pricing', spa: false, revisit: false, ref: 'https://news.example/post' },
    },
    {
      id: id(11),
      type: 'click',
      ts: NOW - 8000,
      ...page,
      el: 'button.cta',
      data: { x: 10, y: 20, cta: true, text: 'Buy', href: '/buy' },
    },
    { id: id(12), type: 'rage_click', ts: NOW - 7900, ...page, el: 'button.cta', data: { count: 4 } },
    { id: id(13), type: 'scroll', ts: NOW - 7000, ...page, data: { depth: 80, velocity: 900, dir_changes: 2 } },
    { id: id(14), type: 'cta_hover', ts: NOW - 6000, ...page, el: 'a.btn', data: { dur: 400, clicked: false } },
    {
      id: id(15),
      type: 'form_interaction',
      ts: NOW - 5000,
      ...page,
      data: { action: 'blur', form: 'signup', field: 'email', dur: 1200 },
    },
    {
      id: id(16),
      type: 'mouse_movement',
      ts: NOW - 4000,
      ...page,
      data: { moves: 12, dist: 340, samples: [[1, 2, 3]] },
    },
    { id: id(17), type: 'viewport', ts: NOW - 3000, ...page, el: '[data-ri=plans]', data: { dur: 2500, ratio: 0.75 } },
    { id: id(18), type: 'hesitation', ts: NOW - 2500, ...page, data: { kind: 'scroll_back_forth' } },
    { id: id(19), type: 'page_hide', ts: NOW - 2000, ...page, data: { active_ms: 5000, total_ms: 7000, depth: 80 } },
    { id: id(20), type: 'conversion', ts: NOW - 1500, ...page, data: { name: 'order', value: 49.9, currency: 'EUR' } },
    // Owner data whose keys are also short keys: sent and stored as is.
    { id: id(21), type: 'custom', ts: NOW - 1200, ...page, data: { d: 1, p: 'x', name: 'video_played' } },
    { id: id(22), type: 'conversion', ts: NOW - 1100 },
  ],
};

const json = <V>(v: V): V => JSON.parse(JSON.stringify(v));

/** The AppError parseBatch throws for a body (fails the test if it parses). */
const refusal = (body: unknown): AppError => {
  try {
    parseBatch(body, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the body to be refused');
};

describe('parseBatch with wire v2', () => {
  it('parses a v2 body to the same batch as its v1 twin', () => {
    const v2 = json(compactBatch(v1));
    expect(v2.v).toBe(2);
    const fromV1 = parseBatch(json(v1), NOW);
    expect(parseBatch(v2, NOW)).toEqual(fromV1);
    expect(fromV1.events).toHaveLength(v1.events.length);
    expect(fromV1.events[12]!.occurredAt).toEqual(new Date(NOW - 1100 + 1000));
  });

  it('parses the body the SDK writes (positional events, short keys) like the v1 it stands for', () => {
    const sdk = {
      v: 2,
      tracking_id: 'trk_abc',
      s: id(1),
      u: id(2),
      a: NOW - 1000,
      c: {
        r: 'https://news.example/post',
        utm_source: 'news',
        l: 'de-DE',
        z: 'Europe/Berlin',
        sw: 1920,
        sh: 1080,
        vw: 1280,
        vh: 720,
      },
      e: [
        [
          id(10),
          0,
          NOW - 9000,
          page.url,
          page.title,
          null,
          { p: '/pricing', S: false, V: false, R: 'https://news.example/post' },
        ],
        [id(15), 5, NOW - 5000, page.url, page.title, null, { a: 'blur', o: 'signup', f: 'email', u: 1200 }],
        [id(19), 9, NOW - 2000, page.url, page.title, null, { A: 5000, T: 7000, d: 80 }],
      ],
    };
    const twin: WireBatch = {
      ...v1,
      context: {
        referrer: 'https://news.example/post',
        utm_source: 'news',
        lang: 'de-DE',
        tz: 'Europe/Berlin',
        screen_w: 1920,
        screen_h: 1080,
        viewport_w: 1280,
        viewport_h: 720,
      },
      events: [v1.events[0]!, v1.events[5]!, v1.events[9]!],
    };
    expect(parseBatch(sdk, NOW)).toEqual(parseBatch(json(twin), NOW));
  });

  it('applies the endpoint forced type to v2 bodies too', () => {
    const views = json(compactBatch({ ...v1, events: [v1.events[0]!] }));
    expect(parseBatch(views, NOW, 'page_view').events[0]!.type).toBe('page_view');
    expect(() => parseBatch(json(compactBatch(v1)), NOW, 'page_view')).toThrow(/events\.1\.type/);
  });

  it('refuses a malformed v2 body with a 400 naming the field', () => {
    const good = json(compactBatch(v1)) as unknown as Record<string, unknown> & { e: unknown[][] };
    const event = (i: number, value: unknown) => {
      const e = json(good.e);
      e[0]![i] = value;
      return { ...good, e };
    };
    const cases: [unknown, string][] = [
      [{ ...good, tracking_id: 7 }, 'tracking_id'],
      [{ ...good, s: 'not-a-uuid' }, 'session_id'],
      [{ ...good, u: 'not-a-uuid' }, 'visitor_id'],
      [{ ...good, a: -1 }, 'sent_at'],
      [{ ...good, c: 'nope' }, 'context'],
      [{ ...good, c: { sw: 'wide' } }, 'context.screen_w'],
      [{ ...good, e: {} }, 'events'],
      [{ ...good, e: ['x'] }, 'events.0'],
      [event(0, 'x'), 'events.0.id'],
      [event(1, 99), 'events.0.type'],
      [event(1, 1.5), 'events.0.type'],
      [event(1, 'teleport'), 'events.0.type'],
      [event(2, 'now'), 'events.0.ts'],
      [event(3, 12), 'events.0.url'],
      [event(4, 'x'.repeat(600)), 'events.0.title'],
      [event(5, false), 'events.0.el'],
      [event(6, [1, 2]), 'events.0.data'],
      [event(6, 'data'), 'events.0.data'],
    ];
    for (const [body, field] of cases) {
      const error = refusal(body);
      expect(error.status, field).toBe(400);
      expect(error.field, JSON.stringify(body).slice(0, 200)).toBe(field);
      expect(error.message.startsWith(`${field}:`)).toBe(true);
    }
  });

  it('never crashes on any v2-looking body: it parses or gives a 4xx AppError', () => {
    const slot = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...WIRE_EVENT_TYPES.keys()));
    fc.assert(
      fc.property(
        fc.record(
          {
            tracking_id: fc.oneof(fc.string(), fc.jsonValue()),
            s: fc.oneof(fc.uuid(), fc.jsonValue()),
            u: fc.oneof(fc.uuid(), fc.jsonValue()),
            a: fc.oneof(fc.nat(), fc.jsonValue()),
            c: fc.jsonValue({ maxDepth: 2 }),
            e: fc.oneof(
              fc.jsonValue(),
              fc.array(fc.oneof(fc.jsonValue(), fc.array(slot, { maxLength: 9 })), { maxLength: 5 }),
            ),
          },
          { requiredKeys: [] },
        ),
        (fields) => {
          const body = { v: 2, ...fields };
          try {
            const batch = parseBatch(body, NOW);
            expect(batch.v).toBe(1);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBeGreaterThanOrEqual(400);
            expect((error as AppError).status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves v1 bodies to the v1 rules', () => {
    expect(expandCompactBatch(v1)).toBe(v1);
    expect(refusal({ ...json(v1), v: 4 }).field).toBe('v');
  });
});

describe('the ingest endpoint with wire v2', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let trackingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    trackingId = await setUpTracking(t, owner.token);
  });
  afterAll(() => t.close());

  // The route reads tracking_id (site, allowed origins, rate limit) before parseBatch: v2 keeps that name.
  it('stores a v2 body as its v1 twin, with v1 names in the stored data', async () => {
    const batch = wireBatch(trackingId, [
      { type: 'page_view', url: 'https://shop.example/', title: 'Home', data: { path: '/', spa: false } },
      { type: 'scroll', url: 'https://shop.example/', data: { depth: 45, velocity: 800, dir_changes: 1 } },
    ]) as WireBatch;
    const res = await postBatch(t, compactBatch(batch));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 0 });
    const again = await postBatch(t, batch);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 2 });
    const rows = await t.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.businessId, owner.businessId));
    expect(rows.map((r) => r.data).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual([
      { depth: 45, velocity: 800, dir_changes: 1 },
      { path: '/', spa: false },
    ]);
  });

  it('answers a malformed v2 body with a 400 naming the field', async () => {
    const v2 = compactBatch(wireBatch(trackingId, [{ type: 'click', data: { x: 1, y: 2 } }]) as WireBatch);
    const res = await postBatch(t, { ...v2, e: [[v2.e[0]![0], 42, v2.e[0]![2]]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'events.0.type' });
  });
});
