import fc from 'fast-check';
import { PAGE_TYPES } from '../pages/page-types.js';
import { SIGNAL_CATALOGUE } from '../signals/signal-catalogue.js';
import type { SignalEvent } from '../signals/signal-state.js';
import { emptyFlowState, FLOW_SIGNALS, type FlowSignal, foldFlows } from './flow-state.js';
import type { SessionRecord } from './session-record.js';

type Shape = Omit<SignalEvent, 'id' | 'at'>;
const shape = (type: string, data: Record<string, unknown> = {}, url: string | null = null): Shape => ({
  type,
  url,
  title: null,
  el: null,
  data,
});

/** One wire event that fires each flow signal. */
export const FIRING: Record<FlowSignal, Shape> = {
  scroll_velocity: shape('scroll', { velocity: 300 }),
  cta_hover_time: shape('cta_hover', { dur: 900 }),
  cta_clicks: shape('click', { cta: true }),
  click_cadence: shape('click'),
  rage_clicks: shape('rage_click', { count: 4 }),
  form_interactions: shape('form_interaction', { action: 'focus' }),
  form_completion: shape('form_interaction', { action: 'submit' }),
  form_abandonments: shape('form_interaction', { action: 'abandon' }),
  hesitation_loops: shape('hesitation', { kind: 'hover_no_click' }),
  page_revisits: shape('page_view', { revisit: true }, 'https://s.example/a'),
  pricing_page_views: shape('page_view', {}, 'https://s.example/pricing'),
  cart_or_checkout_reached: shape('page_view', {}, 'https://s.example/cart'),
  viewport_engagement: shape('viewport', { dur: 2000 }),
  exit_intent: shape('page_hide', { depth: 10 }),
  conversion_events: shape('conversion'),
};

/** Wire events that fire no flow signal. */
export const QUIET: Shape[] = [
  shape('page_view', {}, 'https://s.example/'),
  shape('mouse_movement', { moves: 3 }),
  shape('scroll', { depth: 40 }),
  shape('custom'),
];

/** The flow state of a session that fired these signals in this order, `gapMs` apart. */
export function flowsOf(chain: FlowSignal[], gapMs = 1000) {
  return foldFlows(
    emptyFlowState(),
    chain.map((name, i) => ({ ...FIRING[name], id: `f${i}`, at: i * gapMs })),
  );
}

let serial = 0;
/** A session record with no signals, no page views and no flows unless given. */
export function makeRecord(over: Partial<SessionRecord> = {}): SessionRecord {
  serial++;
  return {
    sessionId: `s${serial}`,
    startedAt: 0,
    converted: false,
    signals: {},
    pageTypeViews: {},
    flows: emptyFlowState(),
    ...over,
  };
}

/** `n` copies of a record shape. */
export const times = (n: number, over: Partial<SessionRecord> = {}) =>
  Array.from({ length: n }, () => makeRecord(over));

const PROFILES = ['Fast-Mover', 'Optimizer', 'Skeptic'] as const;

/** Arbitrary session records: random signal values (some null), page views, flows, readiness and profile. */
export const recordArb: fc.Arbitrary<SessionRecord> = fc
  .record({
    startedAt: fc.integer({ min: 0, max: 1_000_000 }),
    converted: fc.boolean(),
    signals: fc.dictionary(
      fc.constantFrom(...SIGNAL_CATALOGUE.map((d) => d.name)),
      fc.option(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.double({ min: 0, max: 1, noNaN: true })), {
        nil: null,
      }),
    ),
    pageTypeViews: fc.dictionary(fc.constantFrom(...PAGE_TYPES), fc.integer({ min: 0, max: 4 })),
    chain: fc.array(fc.record({ name: fc.constantFrom(...FLOW_SIGNALS), gap: fc.integer({ min: 0, max: 60_000 }) }), {
      maxLength: 12,
    }),
    readiness: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    profile: fc.option(fc.constantFrom(...PROFILES), { nil: undefined }),
  })
  .map(({ chain, ...r }) => {
    const events: SignalEvent[] = [];
    let at = 0;
    for (const [i, { name, gap }] of chain.entries()) {
      at += gap;
      events.push({ ...FIRING[name], id: `e${i}`, at });
    }
    const { readiness, profile, ...rest } = r;
    return makeRecord({
      ...rest,
      flows: foldFlows(emptyFlowState(), events),
      ...(readiness === undefined ? {} : { readiness }),
      ...(profile === undefined ? {} : { profile }),
    });
  });
