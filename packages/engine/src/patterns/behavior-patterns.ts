import { HIGH_INTENT_READINESS, round } from '@ri/contracts';
import { SHALLOW_EXIT_DEPTH } from '../signals/signal-state.js';
import {
  hasSignal,
  pricingViews,
  reachedCart,
  type SessionRecord,
  signalValue,
  transitionCount,
  viewsOf,
} from './session-record.js';
import { compareGroups, correlationStrength, type GroupComparison, percent } from './stats.js';

/** The four pattern types of the Behavioral Signal Graph (the contracts' PATTERN_TYPES). */
export type PatternType = 'high_intent' | 'abandonment_risk' | 'comparison_shopping' | 'price_sensitive';

/** One behaviour pattern across a window's sessions (the `BehaviorPattern` of the contracts). */
export type BehaviorPattern = {
  id: string;
  name: string;
  /** The catalogue signals the membership rule reads. */
  signals: string[];
  /** -1..1: phi between matching the pattern and converting, over all sessions. */
  conversion_correlation: number;
  user_count: number;
  pattern_type: PatternType;
  description: string;
  /** 0-1: share of the matching sessions that converted. */
  conversion_rate: number | null;
};

/** The thresholds of the membership rules (docs/patterns.md says why each). */
export const PATTERN_THRESHOLDS = {
  readiness: HIGH_INTENT_READINESS,
  hesitationLoops: 3,
  exitIntent: 0.5,
  productViews: 2,
  pricingViews: 2,
} as const;
/** Below this many sessions a pattern's description says its figures are only indicative. */
export const MIN_PATTERN_SESSIONS = 30;

/** A pattern's membership rule: a test over one session, and the same rule in words. */
export type PatternRule = {
  type: PatternType;
  name: string;
  signals: string[];
  rule: string;
  matches: (r: SessionRecord) => boolean;
};

const T = PATTERN_THRESHOLDS;

/** The four patterns in the contracts' order. Conversion itself is never part of a rule. */
export const PATTERN_RULES: readonly PatternRule[] = [
  {
    type: 'high_intent',
    name: 'High intent',
    signals: ['cta_clicks', 'pricing_page_views', 'cart_or_checkout_reached'],
    rule: `a readiness score of ${T.readiness} or more, or a call-to-action click in a session that viewed a cart, checkout, pricing or demo page`,
    matches: (r) =>
      (r.readiness ?? 0) >= T.readiness ||
      (hasSignal(r, 'cta_clicks') && (reachedCart(r) || pricingViews(r) > 0 || viewsOf(r, 'demo') > 0)),
  },
  {
    type: 'abandonment_risk',
    name: 'Abandonment risk',
    signals: ['form_abandonments', 'rage_clicks', 'hesitation_loops', 'exit_intent'],
    rule: `an abandoned form, a rage click, ${T.hesitationLoops} or more hesitation loops, or at least half of the pages left before ${SHALLOW_EXIT_DEPTH}% scroll depth`,
    matches: (r) =>
      hasSignal(r, 'form_abandonments') ||
      hasSignal(r, 'rage_clicks') ||
      (signalValue(r, 'hesitation_loops') ?? 0) >= T.hesitationLoops ||
      (signalValue(r, 'exit_intent') ?? 0) >= T.exitIntent,
  },
  {
    type: 'comparison_shopping',
    name: 'Comparison shopping',
    signals: ['page_revisits'],
    rule: `a comparison page view, or ${T.productViews} or more product page views with a page revisited`,
    matches: (r) =>
      viewsOf(r, 'comparison') > 0 || (viewsOf(r, 'product') >= T.productViews && hasSignal(r, 'page_revisits')),
  },
  {
    type: 'price_sensitive',
    name: 'Price sensitive',
    signals: ['pricing_page_views', 'hesitation_loops'],
    rule: `${T.pricingViews} or more pricing page views, or a hesitation straight after a pricing page view`,
    matches: (r) =>
      pricingViews(r) >= T.pricingViews || transitionCount(r, 'pricing_page_views', 'hesitation_loops') > 0,
  },
];

/** True when a session matches a pattern's membership rule. */
export const matchesPattern = (type: PatternType, r: SessionRecord): boolean =>
  PATTERN_RULES.find((p) => p.type === type)!.matches(r);

function conversionSentence(c: GroupComparison, conversions: number, phi: number): string {
  if (conversions === 0) return 'No session converted, so the correlation with conversion is 0.';
  if (conversions === c.sessions) return 'Every session converted, so the correlation with conversion is 0.';
  if (c.rest === 0) return 'Every session matched, so there is no rest to compare with: correlation 0.';
  const relation =
    phi === 0
      ? 'no correlation with conversion (phi 0)'
      : `a ${correlationStrength(phi)} ${phi > 0 ? 'positive' : 'negative'} correlation with conversion (phi ${phi})`;
  return `They converted at ${percent(c.membersConverted, c.members)}% (${c.membersConverted} of ${c.members}) against ${percent(c.restConverted, c.rest)}% (${c.restConverted} of ${c.rest}) for the rest: ${relation}.`;
}

/**
 * Finds which sessions match each of the four behaviour patterns and how matching goes with converting:
 * members, their conversion rate, and the phi coefficient between membership and conversion over all the
 * sessions given. Patterns nobody matched are left out.
 */
export function detectPatterns(records: readonly SessionRecord[]): BehaviorPattern[] {
  const conversions = records.filter((r) => r.converted).length;
  const out: BehaviorPattern[] = [];
  for (const p of PATTERN_RULES) {
    const c = compareGroups(records, p.matches);
    if (c.members === 0) continue;
    const phi = round(c.phi);
    const caveat =
      records.length < MIN_PATTERN_SESSIONS
        ? ` Based on only ${records.length} sessions, so treat these figures as indicative.`
        : '';
    out.push({
      id: p.type,
      name: p.name,
      signals: [...p.signals],
      conversion_correlation: phi,
      user_count: c.members,
      pattern_type: p.type,
      description: `${c.members} of ${records.length} sessions (${percent(c.members, records.length)}%) matched: ${p.rule}. ${conversionSentence(c, conversions, phi)}${caveat}`,
      conversion_rate: round(c.membersConverted / c.members, 4),
    });
  }
  return out;
}
