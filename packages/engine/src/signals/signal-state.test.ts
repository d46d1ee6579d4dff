import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSignals } from './signal-catalogue.js';
import { emptySignalState, foldEvents, readNumber, type SignalEvent } from './signal-state.js';

const TYPES = [
  'page_view',
  'click',
  'rage_click',
  'scroll',
  'cta_hover',
  'form_interaction',
  'mouse_movement',
  'viewport',
  'hesitation',
  'page_hide',
  'conversion',
  'custom',
  'unknown_type',
];
const anyValue = fc.oneof(
  fc.double({ min: -1e6, max: 1e6 }),
  fc.integer({ min: -100, max: 20_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, false, '12', ''),
  fc.constantFrom('focus', 'blur', 'submit', 'abandon', 'hover_no_click', 'scroll_back_forth', '/', '/pricing', '/a'),
  fc.string({ maxLength: 300 }),
);
const dataArb = fc.dictionary(
  fc.constantFrom(
    'path',
    'revisit',
    'depth',
    'velocity',
    'dir_changes',
    'dur',
    'clicked',
    'cta',
    'action',
    'form',
    'kind',
    'moves',
    'active_ms',
    'total_ms',
  ),
  anyValue,
);
const rawEvent = fc.record({
  type: fc.constantFrom(...TYPES),
  at: fc.integer({ min: 0, max: 100_000 }),
  url: fc.option(
    fc.constantFrom('https://shop.example/', 'https://shop.example/pricing', 'https://shop.example/cart', 'not a url'),
    { nil: null },
  ),
  title: fc.option(fc.constantFrom('Home', 'Plans', 'Checkout'), { nil: null }),
  el: fc.option(fc.constantFrom('button.buy', 'form#signup', 'a#plans'), { nil: null }),
  data: dataArb,
});
/** Events with unique ids (the wire guarantees one UUID per event). */
const eventsArb = fc
  .array(rawEvent, { maxLength: 80 })
  .map((es) => es.map((e, i): SignalEvent => ({ ...e, id: `e${String(i).padStart(4, '0')}` })));

const byTimeThenId = (a: SignalEvent, b: SignalEvent) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('foldEvents', () => {
  it('folding one batch equals folding it split into consecutive batches in time order', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 6 }), (events, cuts) => {
        const sorted = [...events].sort(byTimeThenId);
        const points = [...new Set(cuts.map((c) => c % (sorted.length + 1)))].sort((a, b) => a - b);
        let state = emptySignalState();
        let from = 0;
        for (const to of [...points, sorted.length]) {
          // Each batch arrives shuffled (reversed) too: the fold sorts it.
          state = foldEvents(state, sorted.slice(from, to).reverse());
          from = to;
        }
        const whole = foldEvents(emptySignalState(), events);
        expect(state).toEqual(whole);
        expect(computeSignals(state)).toEqual(computeSignals(whole));
      }),
    );
  });

  it('does not depend on the order of events within a batch', () => {
    fc.assert(
      fc.property(
        eventsArb.chain((es) => fc.tuple(fc.constant(es), fc.shuffledSubarray(es, { minLength: es.length }))),
        ([events, shuffled]) => {
          expect(computeSignals(foldEvents(emptySignalState(), shuffled))).toEqual(
            computeSignals(foldEvents(emptySignalState(), events)),
          );
        },
      ),
    );
  });

  // 20 runs of some 3,000 events each: seconds on a busy machine.
  it('keeps the state under 4 KB of JSON after thousands of events', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(rawEvent, { minLength: 50, maxLength: 60 }), { minLength: 50, maxLength: 60 }),
        fc.string({ minLength: 2000, maxLength: 2048 }),
        (batches, long) => {
          let state = emptySignalState();
          for (const [b, batch] of batches.entries())
            state = foldEvents(
              state,
              batch.map((e, i) => ({
                ...e,
                id: `b${b}e${i}`,
                url: `https://shop.example/${long}`,
                data: { ...e.data, path: long, form: long },
              })),
            );
          expect(state.events).toBeGreaterThanOrEqual(2_500);
          expect(JSON.stringify(state).length).toBeLessThan(4096);
          expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('gives every signal null or a finite number >= 0, ratios in [0, 1] and percentages in [0, 100]', () => {
    fc.assert(
      fc.property(fc.array(eventsArb, { maxLength: 4 }), (batches) => {
        const state = batches.reduce(foldEvents, emptySignalState());
        for (const { name, unit, value } of computeSignals(state)) {
          if (value === null) continue;
          expect(Number.isFinite(value), name).toBe(true);
          expect(value, name).toBeGreaterThanOrEqual(0);
          if (unit === 'ratio' || unit === 'flag') expect(value, name).toBeLessThanOrEqual(1);
          if (unit === '%') expect(value, name).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('leaves the given state untouched', () => {
    const start = emptySignalState();
    const copy = structuredClone(start);
    foldEvents(start, [
      { id: 'a', type: 'page_view', at: 1, url: 'https://x.example/a', title: null, el: null, data: {} },
    ]);
    expect(start).toEqual(copy);
  });

  it('ignores non-numbers and clamps negatives to 0', () => {
    expect(readNumber('12')).toBeNull();
    expect(readNumber(Number.NaN)).toBeNull();
    expect(readNumber(-5)).toBe(0);
    const state = foldEvents(emptySignalState(), [
      { id: 'a', type: 'cta_hover', at: 1, url: null, title: null, el: null, data: { dur: -500 } },
      { id: 'b', type: 'cta_hover', at: 2, url: null, title: null, el: null, data: { dur: '900' } },
      { id: 'c', type: 'scroll', at: 3, url: null, title: null, el: null, data: { velocity: 'fast' } },
    ]);
    expect(state.ctaHoverMs).toBe(0);
    expect(state.velocityCount).toBe(0);
  });
});
