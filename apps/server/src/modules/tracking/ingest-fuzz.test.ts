import { ALL_ENDPOINTS } from '@ri/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trackingEvents, trackingSessions } from '../../db/schema.js';
import { createTestApp, postBatch, setUpTracking, signUp, type TestApp, wireBatch } from '../../test/harness.js';

/**
 * Hostile input to every ingestion endpoint: arbitrary JSON, and valid batches with fields replaced by
 * arbitrary values. Only 2xx or 4xx may come back, and exactly the events acknowledged as accepted are
 * stored: nothing that failed validation, nothing twice.
 */
let t: TestApp;
let trackingId: string;
let businessId: string;
beforeAll(async () => {
  t = await createTestApp({ TRACKING_RATE_LIMIT_PER_IP: '100000', TRACKING_RATE_LIMIT_PER_TRACKING_ID: '100000' });
  const owner = await signUp(t);
  businessId = owner.businessId;
  trackingId = await setUpTracking(t, owner.token);
});
afterAll(() => t.close());

let acceptedTotal = 0;

async function send(path: string, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: {
      'content-type': 'text/plain',
      origin: 'https://shop.example',
      'user-agent': 'Mozilla/5.0 Firefox/128.0',
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode === 200) acceptedTotal += res.json().accepted;
  if (res.statusCode >= 400) expect(res.json().error.message.length).toBeGreaterThan(0);
  return res;
}

/** Every ingestion endpoint the contracts declare. */
const anyPath = fc.constantFrom(...ALL_ENDPOINTS.filter((e) => e.access.kind === 'tracking').map((e) => e.path));

it('answers arbitrary JSON with 2xx or 4xx only', async () => {
  await fc.assert(
    fc.asyncProperty(anyPath, fc.jsonValue(), async (path, value) => {
      await send(path, JSON.stringify(value));
    }),
    { numRuns: 150 },
  );
});

it('answers arbitrary text with 2xx or 4xx only', async () => {
  await fc.assert(
    fc.asyncProperty(anyPath, fc.string({ maxLength: 300 }), async (path, text) => {
      await send(path, text);
    }),
    { numRuns: 100 },
  );
});

const eventField = fc.constantFrom('id', 'type', 'ts', 'url', 'title', 'el', 'data');
const envelopeField = fc.constantFrom('v', 'session_id', 'visitor_id', 'sent_at', 'context', 'events');

it('stores exactly what it accepts when valid batches are corrupted field by field', async () => {
  await fc.assert(
    fc.asyncProperty(
      anyPath,
      // Each field is left alone half the time, so a quarter of the batches stay valid: with fast-check's
      // default (one in five) all 120 came back corrupted about once in 130 runs, leaving nothing stored to check.
      fc.option(envelopeField, { nil: undefined, freq: 2 }),
      fc.option(eventField, { nil: undefined, freq: 2 }),
      // Any code point, NUL and halves of surrogate pairs included: PostgreSQL refuses both in text.
      fc.jsonValue({ stringUnit: 'binary' }),
      fc.integer({ min: 1, max: 12 }),
      async (path, envelopeKey, eventKey, value, count) => {
        const type = path.endsWith('post-conversion')
          ? 'conversion'
          : path.endsWith('post-pageview')
            ? 'page_view'
            : 'click';
        const batch: Record<string, unknown> = wireBatch(
          trackingId,
          Array.from({ length: count }, () => ({ type, url: 'https://shop.example/x', data: { depth: 10, dur: 5 } })),
        );
        // Clone: fast-check reuses generated values while shrinking, and they must not be mutated.
        if (envelopeKey) batch[envelopeKey] = structuredClone(value);
        const events = batch.events as Record<string, unknown>[];
        const first = Array.isArray(events) ? events[0] : undefined;
        if (eventKey && typeof first === 'object' && first !== null) first[eventKey] = structuredClone(value);
        const body = JSON.stringify(batch);
        await send(path, body);
        await send(path, body); // a retry must never store anything twice
      },
    ),
    { numRuns: 120 },
  );

  const [stored] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingEvents)
    .where(eq(trackingEvents.businessId, businessId));
  const [sessionTotal] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${trackingSessions.eventsCount}), 0)::int` })
    .from(trackingSessions)
    .where(eq(trackingSessions.businessId, businessId));
  expect(Number(stored?.n)).toBe(acceptedTotal);
  expect(Number(sessionTotal?.n)).toBe(acceptedTotal);
  expect(acceptedTotal).toBeGreaterThan(0);
});

it('keeps working after the fuzzing: a normal batch is still stored', async () => {
  const res = await postBatch(t, wireBatch(trackingId, [{ type: 'page_view' }]));
  expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
});

// Any code point in any text: NUL and halves of surrogate pairs (a title cut through an emoji) included.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud83d', 'a\ude92b', `cart ${'🛒'.slice(0, 1)}`, 'ok'),
);

it('stores batches whose texts hold any code point, NUL and half surrogate pairs included', async () => {
  await fc.assert(
    fc.asyncProperty(anyText, anyText, anyText, anyText, anyText, async (url, title, el, key, value) => {
      const batch = wireBatch(
        trackingId,
        [{ type: 'click', url: `https://shop.example/${url}`, title, el, data: { x: 1, [key]: value } }],
        {},
        { referrer: `https://ref.example/${value}` },
      );
      const res = await send('/tracking/batch-events', JSON.stringify(batch));
      expect(res.statusCode, res.body).toBe(200);
    }),
    { numRuns: 60 },
  );
});
