import { deepStrictEqual } from 'node:assert/strict';
import {
  compactBatch,
  expandCompactBatch,
  WIRE_EVENT_TYPES,
  WIRE_V2_CONTEXT_KEYS,
  WIRE_V2_DATA_KEYS,
  type WireBatch,
  wireBatchSchema,
  wireContextSchema,
  wireEventSchema,
} from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { T } from './wire';

// The wire v2 encoding of @ri/contracts, which the SDK writes directly: its tables and the round trip.

const json = <V>(v: V): V => JSON.parse(JSON.stringify(v));

const longDataKeys = Object.values(WIRE_V2_DATA_KEYS);
const shortDataKeys = Object.keys(WIRE_V2_DATA_KEYS);
// Data keys of every kind: the table's names, its short keys (which force the by-name escape), others.
const dataKey = fc.oneof(
  fc.constantFrom(...longDataKeys, 'x', 'y', 'name', 'value', 'currency'),
  fc.constantFrom(...shortDataKeys),
  fc.constantFrom('__proto__', 'constructor', 'toString', ''),
  fc.string({ maxLength: 12 }),
);
const data = fc.dictionary(dataKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 });

const event = fc.record(
  {
    id: fc.uuid(),
    type: fc.constantFrom(...WIRE_EVENT_TYPES),
    ts: fc.nat(),
    url: fc.string({ maxLength: 60 }),
    title: fc.string({ maxLength: 60 }),
    el: fc.string({ maxLength: 30 }),
    data,
  },
  { requiredKeys: ['id', 'type', 'ts'] },
);

const size = fc.integer({ min: 0, max: 100_000 });
const context = fc.record(
  {
    referrer: fc.string({ maxLength: 60 }),
    utm_source: fc.string({ maxLength: 20 }),
    utm_medium: fc.string({ maxLength: 20 }),
    utm_campaign: fc.string({ maxLength: 20 }),
    utm_term: fc.string({ maxLength: 20 }),
    utm_content: fc.string({ maxLength: 20 }),
    fbclid: fc.string({ maxLength: 20 }),
    gclid: fc.string({ maxLength: 20 }),
    lang: fc.string({ maxLength: 35 }),
    tz: fc.string({ maxLength: 64 }),
    screen_w: size,
    screen_h: size,
    viewport_w: size,
    viewport_h: size,
  },
  { requiredKeys: [] },
);

const batch: fc.Arbitrary<WireBatch> = fc
  .record(
    {
      v: fc.constant(1 as const),
      tracking_id: fc.string({ maxLength: 64 }),
      session_id: fc.uuid(),
      visitor_id: fc.uuid(),
      sent_at: fc.nat(),
      context,
      events: fc.array(event, { maxLength: 12 }),
    },
    // session_id is optional: the SDK sends none (wire v3), an older SDK's v2 body has one.
    { requiredKeys: ['v', 'tracking_id', 'visitor_id', 'sent_at', 'events'] },
  )
  // As it arrives: through JSON.
  .map(json);

describe('wire v2 and v3', () => {
  it('numbers event types as WIRE_EVENT_TYPES orders them (the SDK sends the index)', () => {
    const sdk: Record<(typeof WIRE_EVENT_TYPES)[number], T> = {
      page_view: T.page_view,
      click: T.click,
      rage_click: T.rage_click,
      scroll: T.scroll,
      cta_hover: T.cta_hover,
      form_interaction: T.form_interaction,
      mouse_movement: T.mouse_movement,
      viewport: T.viewport,
      hesitation: T.hesitation,
      page_hide: T.page_hide,
      conversion: T.conversion,
      custom: T.custom,
    };
    expect(Object.entries(sdk).map(([name, i]) => WIRE_EVENT_TYPES[i] === name && name)).toEqual([...WIRE_EVENT_TYPES]);
  });

  it('has one-to-one tables onto v1 names', () => {
    const ctx = Object.values(WIRE_V2_CONTEXT_KEYS);
    expect(new Set(ctx).size).toBe(ctx.length);
    for (const k of ctx) expect(Object.keys(wireContextSchema.shape)).toContain(k);
    expect(new Set(longDataKeys).size).toBe(longDataKeys.length);
    // No short key is also a v1 name, so an unknown key can never be taken for a renamed one.
    for (const k of [...shortDataKeys, ...Object.keys(WIRE_V2_CONTEXT_KEYS)])
      expect([...longDataKeys, ...ctx]).not.toContain(k);
  });

  it('expands what compactBatch made back to the same valid v1 batch, through JSON', () => {
    fc.assert(
      fc.property(batch, (b) => {
        const parsed = wireBatchSchema.parse(b);
        for (const e of b.events) wireEventSchema.parse(e);
        const sent = json(compactBatch(b));
        // v2 carries the session id as `s`; without one it is v3, with no `s` at all.
        if (b.session_id) expect(sent).toMatchObject({ v: 2, s: b.session_id });
        else {
          expect(sent.v).toBe(3);
          expect(sent).not.toHaveProperty('s');
        }
        // node's deep equality: own keys and prototypes (expect's strict equality also compares a
        // `constructor` key's value by identity, and owner data may have one).
        deepStrictEqual(expandCompactBatch(sent), b);
        deepStrictEqual(wireBatchSchema.parse(expandCompactBatch(sent)), parsed);
      }),
      { numRuns: 500 },
    );
  });

  it('expands the v2 form: positional events, short keys, owner data as is, unknown keys unchanged', () => {
    const id = '5e1e3b36-2a4c-4b8e-9f3e-0c1d2e3f4a5b';
    const v2 = {
      v: 2,
      tracking_id: 'trk',
      s: id,
      u: id,
      a: 5,
      c: { r: 'https://ref.example/', utm_source: 'news', l: 'de', z: 'Europe/Berlin', sw: 1, sh: 2, vw: 3, vh: 4 },
      e: [
        [id, T.page_view, 1, 'https://a.example/', 'A', null, { p: '/', S: false, V: false }],
        [id, T.click, 2, 'https://a.example/', 'A', 'a.btn', { x: 1, y: 2, C: true, t: 'Go', h: '/b', zz: 1 }],
        [id, T.custom, 3, 'https://a.example/', 'A', null, { d: 1, name: 'x' }],
        [id, T.conversion, 4, 'https://a.example/', 'A', null, { name: 'lead', value: 1, currency: 'EUR' }],
        [id, 'scroll', 5, null, null, null, { d: 1 }],
        [id, T.page_hide, 6],
      ],
    };
    expect(expandCompactBatch(v2)).toStrictEqual({
      v: 1,
      tracking_id: 'trk',
      session_id: id,
      visitor_id: id,
      sent_at: 5,
      context: {
        referrer: 'https://ref.example/',
        utm_source: 'news',
        lang: 'de',
        tz: 'Europe/Berlin',
        screen_w: 1,
        screen_h: 2,
        viewport_w: 3,
        viewport_h: 4,
      },
      events: [
        {
          id,
          type: 'page_view',
          ts: 1,
          url: 'https://a.example/',
          title: 'A',
          data: { path: '/', spa: false, revisit: false },
        },
        {
          id,
          type: 'click',
          ts: 2,
          url: 'https://a.example/',
          title: 'A',
          el: 'a.btn',
          data: { x: 1, y: 2, cta: true, text: 'Go', href: '/b', zz: 1 },
        },
        { id, type: 'custom', ts: 3, url: 'https://a.example/', title: 'A', data: { d: 1, name: 'x' } },
        {
          id,
          type: 'conversion',
          ts: 4,
          url: 'https://a.example/',
          title: 'A',
          data: { name: 'lead', value: 1, currency: 'EUR' },
        },
        { id, type: 'scroll', ts: 5, data: { d: 1 } },
        { id, type: 'page_hide', ts: 6 },
      ],
    });
  });

  it('expands the SDK form (v3) to a valid v1 batch without a session id', () => {
    const id = '5e1e3b36-2a4c-4b8e-9f3e-0c1d2e3f4a5b';
    const v3 = {
      v: 3,
      tracking_id: 'trk',
      u: id,
      a: 5,
      c: { z: 'Europe/Berlin', sw: 1, sh: 2 },
      e: [
        [id, T.page_view, 1, 'https://a.example/?utm_source=news', 'A', null, { p: '/', R: '' }],
        [id, T.form_interaction, 2, 'https://a.example/', 'A', 'input', { a: 'blur', o: 'f', f: 'email' }],
        [id, T.page_view, 3, 'https://a.example/b', 'B', null, { p: '/b' }],
      ],
    };
    const expected = {
      v: 1,
      tracking_id: 'trk',
      visitor_id: id,
      sent_at: 5,
      context: { tz: 'Europe/Berlin', screen_w: 1, screen_h: 2 },
      events: [
        {
          id,
          type: 'page_view',
          ts: 1,
          url: 'https://a.example/?utm_source=news',
          title: 'A',
          data: { path: '/', ref: '' },
        },
        {
          id,
          type: 'form_interaction',
          ts: 2,
          url: 'https://a.example/',
          title: 'A',
          el: 'input',
          data: { action: 'blur', form: 'f', field: 'email' },
        },
        { id, type: 'page_view', ts: 3, url: 'https://a.example/b', title: 'B', data: { path: '/b' } },
      ],
    };
    const out = expandCompactBatch(v3);
    expect(out).toStrictEqual(expected);
    expect(out).not.toHaveProperty('session_id');
    expect(wireBatchSchema.parse(out)).toStrictEqual(expected);
    for (const e of expected.events) wireEventSchema.parse(e);
    // And back: a batch without a session id is v3.
    expect(compactBatch(expected as WireBatch)).toStrictEqual({ ...v3, e: v3.e.map((e) => [...e]) });
    // A v2 body without `s` reads the same way.
    expect(expandCompactBatch({ ...v3, v: 2 })).toStrictEqual(expected);
  });

  it('returns anything that is not v2 or v3 unchanged', () => {
    const v1 = { v: 1, tracking_id: 't', events: [] };
    expect(expandCompactBatch(v1)).toBe(v1);
    for (const x of [null, 2, 3, 'v2', [], [{ v: 2 }], [{ v: 3 }], { v: '2' }, { v: '3' }, { v: 4 }])
      expect(expandCompactBatch(x)).toBe(x);
  });

  it('never throws on a malformed v2 or v3 body; validation then names a v1 field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3),
        fc.record({
          tracking_id: fc.jsonValue(),
          s: fc.jsonValue(),
          u: fc.jsonValue(),
          a: fc.jsonValue(),
          c: fc.jsonValue(),
          e: fc.oneof(fc.jsonValue(), fc.array(fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 9 })))),
        }),
        (v, body) => {
          const out = expandCompactBatch({ v, ...body });
          expect(out).toMatchObject({ v: 1 });
          expect(wireBatchSchema.safeParse(out).success).toBe(false);
        },
      ),
    );
  });
});
