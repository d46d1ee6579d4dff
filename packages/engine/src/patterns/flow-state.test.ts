import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SignalEvent } from '../signals/signal-state.js';
import {
  emptyFlowState,
  FLOW_SIGNALS,
  type FlowState,
  firedSignal,
  foldFlows,
  MAX_FLOW_TRANSITIONS,
} from './flow-state.js';
import { FIRING, QUIET as quiet } from './session-records.fixture.js';

const ev = (id: string, type: string, at: number, data: Record<string, unknown> = {}, url: string | null = null) =>
  ({ id, type, at, url, title: null, el: null, data }) satisfies SignalEvent;

const rawEvent = fc.record({
  shape: fc.constantFrom(...Object.values(FIRING), ...quiet),
  at: fc.integer({ min: 0, max: 50_000 }),
});
const eventsArb = fc
  .array(rawEvent, { maxLength: 80 })
  .map((es) => es.map(({ shape, at }, i): SignalEvent => ({ ...shape, at, id: `e${String(i).padStart(4, '0')}` })));
const byTimeThenId = (a: SignalEvent, b: SignalEvent) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const sumOut = (s: FlowState) => Object.values(s.out).reduce((a, b) => a + b, 0);

describe('firedSignal', () => {
  it('maps each wire event to the catalogue signal it fires', () => {
    for (const [name, shape] of Object.entries(FIRING)) expect(firedSignal({ ...shape, id: 'x', at: 0 })).toBe(name);
    for (const shape of quiet) expect(firedSignal({ ...shape, id: 'x', at: 0 })).toBeNull();
  });

  it('names a cart page before a pricing page, and a pricing page before a revisit', () => {
    expect(firedSignal(ev('a', 'page_view', 0, { revisit: true }, 'https://s.example/plans/checkout'))).toBe(
      'cart_or_checkout_reached',
    );
    expect(firedSignal(ev('a', 'page_view', 0, { revisit: true, path: '/pricing' }))).toBe('pricing_page_views');
    expect(firedSignal({ ...ev('a', 'page_view', 0), title: 'Our plans' })).toBe('pricing_page_views');
  });
});

describe('foldFlows', () => {
  it('collapses repeats and records each transition with its gap from the end of the previous run', () => {
    const state = foldFlows(emptyFlowState(), [
      ev('1', 'scroll', 0, { velocity: 200 }),
      ev('2', 'scroll', 4_000, { velocity: 100 }),
      ev('3', 'cta_hover', 6_000, { dur: 1_500 }),
      ev('4', 'click', 7_000, { cta: true }),
      ev('5', 'mouse_movement', 8_000, { moves: 9 }),
      ev('6', 'conversion', 10_000),
      ev('7', 'scroll', 20_000, { velocity: 50 }),
      ev('8', 'cta_hover', 23_000, { dur: 100 }),
    ]);
    expect(state.transitions).toEqual([
      { from: 'scroll_velocity', to: 'cta_hover_time', count: 2, gapMs: 2_000 + 3_000 },
      { from: 'cta_hover_time', to: 'cta_clicks', count: 1, gapMs: 1_000 },
      { from: 'cta_clicks', to: 'conversion_events', count: 1, gapMs: 3_000 },
      { from: 'conversion_events', to: 'scroll_velocity', count: 1, gapMs: 10_000 },
    ]);
    expect(state.out).toEqual({ scroll_velocity: 2, cta_hover_time: 1, cta_clicks: 1, conversion_events: 1 });
    expect(state).toMatchObject({ last: 'cta_hover_time', lastAt: 23_000, firings: 6 });
  });

  it('continues the chain across batches, collapsing a repeat that straddles them', () => {
    const first = foldFlows(emptyFlowState(), [ev('1', 'hesitation', 1_000), ev('2', 'hesitation', 2_000)]);
    const second = foldFlows(first, [ev('3', 'hesitation', 3_000), ev('4', 'rage_click', 3_500)]);
    expect(second.transitions).toEqual([{ from: 'hesitation_loops', to: 'rage_clicks', count: 1, gapMs: 500 }]);
    expect(second.firings).toBe(2);
  });

  it('gives a late event a gap of 0 and keeps the chain time from going back', () => {
    const first = foldFlows(emptyFlowState(), [ev('1', 'viewport', 10_000, { dur: 1 })]);
    const late = foldFlows(first, [ev('2', 'rage_click', 4_000)]);
    expect(late.transitions).toEqual([{ from: 'viewport_engagement', to: 'rage_clicks', count: 1, gapMs: 0 }]);
    expect(late.lastAt).toBe(10_000);
  });

  it('keeps at most MAX_FLOW_TRANSITIONS pairs yet counts every transition out of each signal', () => {
    const events: SignalEvent[] = [];
    let at = 0;
    // Every ordered pair of distinct signals once: far more than the cap.
    for (const a of FLOW_SIGNALS)
      for (const b of FLOW_SIGNALS)
        if (a !== b) for (const name of [a, b]) events.push({ ...FIRING[name], id: `e${at}`, at: at++ });
    const state = foldFlows(emptyFlowState(), events);
    expect(state.transitions).toHaveLength(MAX_FLOW_TRANSITIONS);
    expect(sumOut(state)).toBe(state.firings - 1);
    expect(sumOut(state)).toBeGreaterThan(MAX_FLOW_TRANSITIONS);
  });

  it('leaves the given state untouched', () => {
    const start = foldFlows(emptyFlowState(), [ev('1', 'hesitation', 1)]);
    const copy = structuredClone(start);
    foldFlows(start, [ev('2', 'rage_click', 2), ev('3', 'hesitation', 3)]);
    expect(start).toEqual(copy);
  });

  it('folding one batch equals folding it split into consecutive batches in time order', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 6 }), (events, cuts) => {
        const sorted = [...events].sort(byTimeThenId);
        const points = [...new Set(cuts.map((c) => c % (sorted.length + 1)))].sort((a, b) => a - b);
        let state = emptyFlowState();
        let from = 0;
        for (const to of [...points, sorted.length]) {
          state = foldFlows(state, sorted.slice(from, to).reverse());
          from = to;
        }
        expect(state).toEqual(foldFlows(emptyFlowState(), events));
      }),
    );
  });

  it('does not depend on the order of events within a batch', () => {
    fc.assert(
      fc.property(
        eventsArb.chain((es) => fc.tuple(fc.constant(es), fc.shuffledSubarray(es, { minLength: es.length }))),
        ([events, shuffled]) => {
          expect(foldFlows(emptyFlowState(), shuffled)).toEqual(foldFlows(emptyFlowState(), events));
        },
      ),
    );
  });

  it('stays bounded, consistent and JSON-safe however long the session', () => {
    fc.assert(
      fc.property(fc.array(eventsArb, { minLength: 30, maxLength: 60 }), (batches) => {
        let state = emptyFlowState();
        for (const [b, batch] of batches.entries())
          state = foldFlows(
            state,
            batch.map((e) => ({ ...e, id: `b${b}${e.id}`, at: e.at + b * 50_000 })),
          );
        expect(state.transitions.length).toBeLessThanOrEqual(MAX_FLOW_TRANSITIONS);
        expect(Object.keys(state.out).every((k) => (FLOW_SIGNALS as readonly string[]).includes(k))).toBe(true);
        expect(JSON.stringify(state).length).toBeLessThan(8192);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        expect(sumOut(state)).toBe(Math.max(0, state.firings - 1));
        for (const t of state.transitions) {
          expect(t.from).not.toBe(t.to);
          expect(t.gapMs).toBeGreaterThanOrEqual(0);
        }
        for (const from of Object.keys(state.out)) {
          const kept = state.transitions.filter((t) => t.from === from).reduce((a, t) => a + t.count, 0);
          expect(kept).toBeLessThanOrEqual(state.out[from]!);
        }
      }),
      { numRuns: 20 },
    );
  });
});
