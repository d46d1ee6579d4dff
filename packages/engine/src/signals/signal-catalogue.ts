import { round } from '@ri/contracts';
import type { SignalState } from './signal-state.js';

/** The four kinds of behavioural signal the Signal Graph groups by. */
export type SignalType = 'engagement' | 'intent' | 'hesitation' | 'friction';
/** The unit a signal's value is in; 'ratio' values lie in [0, 1], '%' values in [0, 100], 'flag' is 0 or 1. */
export type SignalUnit = 'px/s' | 's' | 'count' | 'ratio' | 'per minute' | '%' | 'flag';

/** One catalogue entry: what the signal is, how it is computed, and which wire event types feed it. */
export type SignalDefinition = {
  name: string;
  type: SignalType;
  formula: string;
  unit: SignalUnit;
  reads: readonly string[];
  compute: (s: SignalState) => number | null;
};

/** A signal's value for one session: null when its inputs are absent. */
export type SignalValue = { name: string; type: SignalType; value: number | null; unit: SignalUnit };

const per = (a: number, b: number) => (b > 0 ? a / b : null);
/** Counts and totals: null only when the session has no events at all. */
const count = (pick: (s: SignalState) => number) => (s: SignalState) => (s.events > 0 ? pick(s) : null);
const seconds = (pick: (s: SignalState) => number) => count((s) => pick(s) / 1000);
const ratio = (a: (s: SignalState) => number, b: (s: SignalState) => number) => (s: SignalState) => {
  const r = per(a(s), b(s));
  return r === null ? null : Math.min(1, r);
};
const spanMinutes = (s: SignalState) => (s.firstAt !== null && s.lastAt !== null ? (s.lastAt - s.firstAt) / 60_000 : 0);

const def = (
  name: string,
  type: SignalType,
  unit: SignalUnit,
  reads: readonly string[],
  formula: string,
  compute: SignalDefinition['compute'],
): SignalDefinition => ({ name, type, unit, reads, formula, compute });

/** The 27 behavioural signals, each computed from a session's SignalState alone. */
export const SIGNAL_CATALOGUE: readonly SignalDefinition[] = [
  // engagement
  def(
    'scroll_depth',
    'engagement',
    '%',
    ['scroll', 'page_hide'],
    'Deepest scroll depth reported by any scroll event or page summary, capped at 100.',
    (s) => s.maxDepth,
  ),
  def(
    'scroll_velocity',
    'engagement',
    'px/s',
    ['scroll'],
    'Mean velocity of the scroll reports: each one’s distance over the time spent scrolling, pauses left out.',
    (s) => per(s.velocitySum, s.velocityCount),
  ),
  def('active_time', 'engagement', 's', ['page_hide'], 'Sum of active_ms over page summaries, in seconds.', (s) =>
    s.hides > 0 ? s.activeMs / 1000 : null,
  ),
  def(
    'dwell_per_page',
    'engagement',
    's',
    ['page_hide'],
    'Sum of total_ms over page summaries divided by the number of page summaries, in seconds.',
    (s) => (s.hides > 0 ? s.totalMs / s.hides / 1000 : null),
  ),
  def(
    'pages_viewed',
    'engagement',
    'count',
    ['page_view'],
    'Number of page views.',
    count((s) => s.pageViews),
  ),
  def(
    'viewport_engagement',
    'engagement',
    's',
    ['viewport'],
    'Sum of dur over viewport events (time marked elements were in view), in seconds.',
    seconds((s) => s.viewportMs),
  ),
  def(
    'mouse_activity',
    'engagement',
    'count',
    ['mouse_movement'],
    'Sum of moves over mouse movement events.',
    count((s) => s.mouseMoves),
  ),
  def(
    'form_interactions',
    'engagement',
    'count',
    ['form_interaction'],
    'Number of form interaction events (focus, blur, submit, abandon).',
    count((s) => s.formEvents),
  ),
  def(
    'click_cadence',
    'engagement',
    'per minute',
    ['click'],
    'Clicks divided by the minutes between the session’s first and last event.',
    (s) => per(s.clicks, spanMinutes(s)),
  ),
  def(
    'time_to_first_interaction',
    'engagement',
    's',
    ['page_view', 'click', 'rage_click', 'scroll', 'cta_hover', 'form_interaction', 'mouse_movement'],
    'Seconds from the first page view to the first click, scroll, hover, form or mouse event (0 if that came first).',
    (s) =>
      s.firstPageViewAt !== null && s.firstInteractionAt !== null
        ? Math.max(0, s.firstInteractionAt - s.firstPageViewAt) / 1000
        : null,
  ),
  // intent
  def(
    'cta_hover_time',
    'intent',
    's',
    ['cta_hover'],
    'Sum of dur over call-to-action hovers, in seconds.',
    seconds((s) => s.ctaHoverMs),
  ),
  def(
    'cta_clicks',
    'intent',
    'count',
    ['click'],
    'Number of clicks flagged cta.',
    count((s) => s.ctaClicks),
  ),
  def(
    'cta_click_through',
    'intent',
    'ratio',
    ['cta_hover'],
    'Call-to-action hovers that ended in a click divided by all call-to-action hovers.',
    ratio(
      (s) => s.ctaHoversClicked,
      (s) => s.ctaHovers,
    ),
  ),
  def(
    'pricing_page_views',
    'intent',
    'count',
    ['page_view'],
    'Page views whose path, URL or title contains “pricing” or “plans”.',
    count((s) => s.pricingViews),
  ),
  def(
    'cart_or_checkout_reached',
    'intent',
    'flag',
    ['page_view'],
    '1 if any page view’s path or URL contains “cart”, “checkout” or “basket”, else 0.',
    count((s) => (s.cartViews > 0 ? 1 : 0)),
  ),
  def(
    'page_revisits',
    'intent',
    'count',
    ['page_view'],
    'Page views flagged revisit (a path this session had already seen).',
    count((s) => s.revisits),
  ),
  def(
    'form_completion',
    'intent',
    'ratio',
    ['form_interaction'],
    'Form submits divided by forms started (a focus on a form not already open), capped at 1.',
    ratio(
      (s) => s.formSubmits,
      (s) => s.formStarts,
    ),
  ),
  def(
    'conversion_events',
    'intent',
    'count',
    ['conversion'],
    'Number of conversion events.',
    count((s) => s.conversions),
  ),
  // hesitation
  def(
    'hesitation_loops',
    'hesitation',
    'count',
    ['hesitation'],
    'Number of hesitation events of any kind.',
    count((s) => s.hesitations),
  ),
  def(
    'hover_without_click',
    'hesitation',
    'count',
    ['hesitation'],
    'Hesitation events of kind hover_no_click.',
    count((s) => s.hoverNoClick),
  ),
  def(
    'scroll_back_forth',
    'hesitation',
    'count',
    ['hesitation'],
    'Hesitation events of kind scroll_back_forth.',
    count((s) => s.scrollBackForth),
  ),
  def(
    'scroll_direction_changes',
    'hesitation',
    'count',
    ['scroll', 'page_view'],
    'Sum over pages of the largest dir_changes a scroll event reported on that page.',
    count((s) => s.dirChangesDone + s.dirChangesPage),
  ),
  def(
    'back_navigation',
    'hesitation',
    'count',
    ['page_view'],
    'Page views whose path equals the path two page views earlier (A → B → A).',
    count((s) => s.backNavigations),
  ),
  def(
    'idle_ratio',
    'hesitation',
    'ratio',
    ['page_hide'],
    '1 − (sum of active_ms ÷ sum of total_ms) over page summaries.',
    (s) => (s.totalMs > 0 ? 1 - Math.min(1, s.activeMs / s.totalMs) : null),
  ),
  // friction
  def(
    'rage_clicks',
    'friction',
    'count',
    ['rage_click'],
    'Number of rage click bursts.',
    count((s) => s.rageClicks),
  ),
  def(
    'form_abandonments',
    'friction',
    'count',
    ['form_interaction'],
    'Form interaction events with action abandon.',
    count((s) => s.formAbandons),
  ),
  def(
    'exit_intent',
    'friction',
    'ratio',
    ['page_hide'],
    'Page summaries with a depth below 25% divided by all page summaries.',
    ratio(
      (s) => s.shallowExits,
      (s) => s.hides,
    ),
  ),
];

/** Every catalogue signal's value for a session's state, rounded to 2 decimals, in catalogue order. */
export function computeSignals(state: SignalState): SignalValue[] {
  return SIGNAL_CATALOGUE.map(({ name, type, unit, compute }) => {
    const value = compute(state);
    return { name, type, unit, value: value === null || !Number.isFinite(value) ? null : round(value) };
  });
}
