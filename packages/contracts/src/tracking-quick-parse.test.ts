import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIRE_EVENT_TYPES, wireBatchSchema, wireEventSchema } from './tracking.js';
import { quickParseEnvelope, quickParseEvent } from './tracking-quick-parse.js';

const uuid = fc.uuid();
const count = fc.oneof(fc.nat(), fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }));
const text = (max: number) => fc.string({ maxLength: max });
const jsonValue = fc.jsonValue({ maxDepth: 2 });

/** A value for a field: mostly a valid one, else something zod may or may not accept. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: valid },
    {
      weight: 1,
      arbitrary: fc.oneof(
        jsonValue,
        fc.constantFrom(-1, 1.5, 2 ** 53, Number.NaN, '', 'x'.repeat(3000), null, undefined, [], {}),
        fc.string(),
        fc.uuid().map((u) => u.toUpperCase()),
      ),
    },
  );
/** An object of the given fields, each present or absent, plus sometimes a key the schema does not know. */
const record = (fields: Record<string, fc.Arbitrary<unknown>>, required: string[] = []) =>
  fc
    .tuple(
      fc.record(fields, { requiredKeys: required }),
      fc.option(fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 2 }), { nil: undefined }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));

const eventFields = {
  id: field(uuid),
  type: field(fc.constantFrom(...WIRE_EVENT_TYPES)),
  ts: field(count),
  url: field(text(2048)),
  title: field(text(512)),
  el: field(text(256)),
  data: field(fc.dictionary(fc.string({ maxLength: 8 }), jsonValue, { maxKeys: 5 })),
};
const contextFields = Object.fromEntries(
  [
    ...(['referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const).map(
      (k) => [k, field(text(256))] as const,
    ),
    ['fbclid', field(text(512))] as const,
    ['gclid', field(text(512))] as const,
    ['lang', field(text(35))] as const,
    ['tz', field(text(64))] as const,
    ...(['screen_w', 'screen_h', 'viewport_w', 'viewport_h'] as const).map(
      (k) => [k, field(fc.nat({ max: 100_000 }))] as const,
    ),
  ].map(([k, a]) => [k, a]),
);
const envelopeFields = {
  v: field(fc.constant(1)),
  tracking_id: field(text(64)),
  session_id: field(uuid),
  visitor_id: field(uuid),
  sent_at: field(count),
  context: field(record(contextFields)),
  events: field(fc.array(jsonValue, { maxLength: 3 })),
};

describe('the quick parse of the tracking wire format', () => {
  it('returns exactly what the zod schemas return, or leaves the input to them', () => {
    fc.assert(
      fc.property(record(eventFields, ['id', 'type', 'ts']), (raw) => {
        const quick = quickParseEvent(raw);
        if (quick === null) return;
        const parsed = wireEventSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(quick).toStrictEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(record(envelopeFields, ['v', 'tracking_id', 'visitor_id', 'sent_at', 'events']), (body) => {
        const quick = quickParseEnvelope(body);
        if (quick === null) return;
        const parsed = wireBatchSchema.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(quick).toStrictEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('vouches for every event and envelope the SDK sends (ingestion relies on it to be fast)', () => {
    const valid = (fields: Record<string, fc.Arbitrary<unknown>>) =>
      Object.fromEntries(Object.entries(fields).map(([k, a]) => [k, a]));
    const validEvent = fc.record(
      valid({
        id: uuid,
        type: fc.constantFrom(...WIRE_EVENT_TYPES),
        ts: count,
        url: text(2048),
        title: text(512),
        el: text(256),
        data: fc.dictionary(
          fc.string({ maxLength: 8 }).filter((k) => k !== '__proto__'),
          jsonValue,
        ),
      }),
      { requiredKeys: ['id', 'type', 'ts'] },
    );
    fc.assert(
      fc.property(validEvent, (raw) => {
        expect(quickParseEvent(JSON.parse(JSON.stringify(raw)))).not.toBeNull();
      }),
    );
    const body = {
      v: 1,
      tracking_id: 'trk_0123456789abcdef',
      visitor_id: '8a7b6c5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d',
      sent_at: 1_795_000_000_000,
      context: { referrer: 'https://www.google.com/', utm_source: 'google', screen_w: 1920, viewport_h: 900 },
      events: [{}],
    };
    expect(quickParseEnvelope(body)).toStrictEqual(wireBatchSchema.parse(body));
  });

  it('leaves errors to zod, which names the field', () => {
    const event = { id: 'not-a-uuid', type: 'click', ts: 1 };
    expect(quickParseEvent(event)).toBeNull();
    expect(wireEventSchema.safeParse(event).error?.issues[0]?.path).toEqual(['id']);
    expect(quickParseEvent({ id: '8a7b6c5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d', type: 'click', ts: -5 })).toBeNull();
    expect(quickParseEnvelope({ v: 1, tracking_id: 't', visitor_id: 'x', sent_at: 1, events: [] })).toBeNull();
  });
});
