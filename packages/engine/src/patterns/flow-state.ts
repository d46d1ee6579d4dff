import { readNumber, SHALLOW_EXIT_DEPTH, type SignalEvent } from '../signals/signal-state.js';

/** One transition between two signal firings of a session: how often it happened and the summed gap. */
export type FlowTransition = { from: string; to: string; count: number; gapMs: number };

/**
 * The running chain of signal firings of one session: the last signal fired (and when, so the next batch
 * continues the chain), the transitions seen so far and, per signal, every transition out of it. Plain JSON;
 * bounded because `transitions` is capped at MAX_FLOW_TRANSITIONS and `out` is keyed by FLOW_SIGNALS only.
 */
export type FlowState = {
  v: 1;
  last: string | null;
  /** Epoch ms of the last firing of `last` (the end of its run of repeats). */
  lastAt: number | null;
  /** Runs of firings after consecutive repeats are collapsed. */
  firings: number;
  transitions: FlowTransition[];
  /** Transitions out of each signal, including those not kept in `transitions` once the cap was reached. */
  out: Record<string, number>;
};

/** Distinct from→to pairs kept per session; later new pairs only count in `out`. */
export const MAX_FLOW_TRANSITIONS = 60;

/** Every signal an event can fire, by catalogue name. */
export const FLOW_SIGNALS = [
  'scroll_velocity',
  'cta_hover_time',
  'cta_clicks',
  'click_cadence',
  'rage_clicks',
  'form_interactions',
  'form_completion',
  'form_abandonments',
  'hesitation_loops',
  'page_revisits',
  'pricing_page_views',
  'cart_or_checkout_reached',
  'viewport_engagement',
  'exit_intent',
  'conversion_events',
] as const;
/** A catalogue signal name an event can fire. */
export type FlowSignal = (typeof FLOW_SIGNALS)[number];

// The same page rules as the signal catalogue (docs/signals.md): pricing in path, URL or title; cart in path or URL.
const PRICING = /pricing|plans/i;
const CART = /cart|checkout|basket/i;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const atOf = (e: SignalEvent) => (typeof e.at === 'number' && Number.isFinite(e.at) ? e.at : 0);
const byTimeThenId = (a: SignalEvent, b: SignalEvent) => atOf(a) - atOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The signal an event fires, or null for events that fire none (plain page views, mouse movement, custom). */
export function firedSignal(e: SignalEvent): FlowSignal | null {
  const d = e.data ?? {};
  switch (e.type) {
    case 'page_view': {
      const where = `${str(d.path)} ${e.url ?? ''}`;
      if (CART.test(where)) return 'cart_or_checkout_reached';
      if (PRICING.test(`${where} ${e.title ?? ''}`)) return 'pricing_page_views';
      return d.revisit === true ? 'page_revisits' : null;
    }
    case 'scroll':
      return (readNumber(d.velocity) ?? 0) > 0 ? 'scroll_velocity' : null;
    case 'cta_hover':
      return 'cta_hover_time';
    case 'click':
      return d.cta === true ? 'cta_clicks' : 'click_cadence';
    case 'rage_click':
      return 'rage_clicks';
    case 'form_interaction':
      if (d.action === 'abandon') return 'form_abandonments';
      return d.action === 'submit' ? 'form_completion' : 'form_interactions';
    case 'hesitation':
      return 'hesitation_loops';
    case 'viewport':
      return 'viewport_engagement';
    case 'page_hide': {
      const depth = readNumber(d.depth);
      return depth !== null && depth < SHALLOW_EXIT_DEPTH ? 'exit_intent' : null;
    }
    case 'conversion':
      return 'conversion_events';
    default:
      return null;
  }
}

/** The flow state of a session with no events yet. */
export function emptyFlowState(): FlowState {
  return { v: 1, last: null, lastAt: null, firings: 0, transitions: [], out: {} };
}

/** Folds one firing into `s` (mutated: callers pass their own copy). */
function step(s: FlowState, signal: FlowSignal, at: number): void {
  if (s.last === signal) {
    s.lastAt = Math.max(s.lastAt ?? at, at);
    return;
  }
  s.firings++;
  if (s.last !== null) {
    const from = s.last;
    // A late event (earlier than the chain's end) gets a gap of 0 rather than a negative one.
    const gap = Math.max(0, at - (s.lastAt ?? at));
    s.out[from] = (s.out[from] ?? 0) + 1;
    const i = s.transitions.findIndex((t) => t.from === from && t.to === signal);
    const kept = s.transitions[i];
    if (kept) s.transitions[i] = { ...kept, count: kept.count + 1, gapMs: kept.gapMs + gap };
    else if (s.transitions.length < MAX_FLOW_TRANSITIONS)
      s.transitions.push({ from, to: signal, count: 1, gapMs: gap });
  }
  s.last = signal;
  s.lastAt = Math.max(s.lastAt ?? at, at);
}

/**
 * Folds a batch of events into a session's flow state and returns the new state (the input is left
 * untouched). The batch is sorted by time, then id, so the order within a batch does not matter and folding
 * consecutive time-ordered batches gives the state of folding the whole session at once.
 */
export function foldFlows(state: FlowState, events: SignalEvent[]): FlowState {
  const next: FlowState = { ...state, transitions: [...state.transitions], out: { ...state.out } };
  for (const e of [...events].sort(byTimeThenId)) {
    const signal = firedSignal(e);
    if (signal !== null) step(next, signal, atOf(e));
  }
  return next;
}
