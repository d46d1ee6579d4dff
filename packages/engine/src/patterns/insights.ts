import type { BehaviorPattern } from './behavior-patterns.js';
import { matchesPattern } from './behavior-patterns.js';
import { type BehavioralInsight, INSIGHT_THRESHOLDS, type InsightEvidence } from './insight-types.js';
import { deriveProfileInsights } from './profile-insights.js';
import { hasSignal, pricingViews, type SessionRecord, transitionCount } from './session-record.js';
import type { SignalSummary } from './signal-summary.js';
import { compareGroups, type GroupComparison, percent, SIGNIFICANT_Z, twoProportionZ } from './stats.js';

const T = INSIGHT_THRESHOLDS;

/** "They converted at X% against Y% for <rest>", with its evidence; empty when nobody in either group converted. */
function conversionContrast(c: GroupComparison, rest: string): { text: string; evidence: InsightEvidence[] } {
  if (c.rest === 0 || c.membersConverted + c.restConverted === 0) return { text: '', evidence: [] };
  const m = percent(c.membersConverted, c.members);
  const r = percent(c.restConverted, c.rest);
  return {
    text: ` They converted at ${m}% against ${r}% for the ${c.rest} ${rest}.`,
    evidence: [
      { metric: 'group_conversion_pct', value: m },
      { metric: 'comparison_sessions', value: c.rest },
      { metric: 'comparison_conversion_pct', value: r },
    ],
  };
}

function highIntentNotConverted(records: readonly SessionRecord[], patterns: readonly BehaviorPattern[]) {
  const pattern = patterns.find((p) => p.pattern_type === 'high_intent');
  if (!pattern) return null;
  const c = compareGroups(records, (r) => matchesPattern('high_intent', r));
  const missed = c.members - c.membersConverted;
  if (c.members < T.minGroup || missed < T.minHits) return null;
  const share = percent(missed, c.members);
  const contrast = conversionContrast(c, 'other sessions');
  return {
    id: 'high-intent-not-converted',
    type: 'opportunity',
    title: `${missed} high-intent sessions ended without converting`,
    description: `${missed} of ${c.members} sessions matching the High intent pattern (${share}%) did not convert.${contrast.text}`,
    user_count: missed,
    action_items: [
      'Offer live help or a time-limited incentive as soon as a session shows high intent',
      'Review the pricing, cart and checkout steps these sessions reached for blockers such as surprise costs or forced sign-up',
      'Follow up known visitors with a reminder or retargeting campaign',
    ],
    evidence: [
      { metric: 'high_intent_sessions', value: c.members },
      { metric: 'high_intent_not_converted', value: missed },
      { metric: 'not_converted_pct', value: share },
      ...contrast.evidence,
    ],
  } satisfies BehavioralInsight;
}

function formAbandonment(records: readonly SessionRecord[]) {
  const users = records.filter((r) => hasSignal(r, 'form_interactions') || hasSignal(r, 'form_abandonments'));
  const c = compareGroups(users, (r) => hasSignal(r, 'form_abandonments'));
  if (c.sessions < T.minGroup || c.members < T.minHits || c.members / c.sessions < T.formAbandonRate) return null;
  const rate = percent(c.members, c.sessions);
  const contrast = conversionContrast(c, 'other sessions with form activity');
  return {
    id: 'form-abandonment',
    type: 'warning',
    title: `${rate}% of sessions that used a form abandoned it`,
    description: `${c.members} of ${c.sessions} sessions with form activity abandoned a form (${rate}%).${contrast.text}`,
    user_count: c.members,
    action_items: [
      'Remove optional fields and ask for the rest after conversion',
      'Add inline validation with clear error messages',
      'Open the journeys of abandoning sessions to find the field where they stop',
    ],
    evidence: [
      { metric: 'form_sessions', value: c.sessions },
      { metric: 'form_abandon_sessions', value: c.members },
      { metric: 'form_abandonment_pct', value: rate },
      ...contrast.evidence,
    ],
  } satisfies BehavioralInsight;
}

function rageClicks(records: readonly SessionRecord[]) {
  const c = compareGroups(records, (r) => hasSignal(r, 'rage_clicks'));
  if (c.sessions < T.minGroup || c.members < T.minHits || c.members / c.sessions < T.rageShare) return null;
  const share = percent(c.members, c.sessions);
  const contrast = conversionContrast(c, 'sessions without rage clicks');
  return {
    id: 'rage-clicks',
    type: 'warning',
    title: `Rage clicks in ${share}% of sessions`,
    description: `${c.members} of ${c.sessions} sessions had at least one burst of rage clicks (${share}%).${contrast.text}`,
    user_count: c.members,
    action_items: [
      'Open the journeys of these sessions to find the element clicked repeatedly',
      'Make elements that look clickable (images, icons, underlined text) respond, or stop them looking clickable',
      'Check the pages involved for slow or broken buttons and links',
    ],
    evidence: [
      { metric: 'sessions', value: c.sessions },
      { metric: 'rage_click_sessions', value: c.members },
      { metric: 'rage_click_pct', value: share },
      ...contrast.evidence,
    ],
  } satisfies BehavioralInsight;
}

function pricingHesitation(records: readonly SessionRecord[]) {
  const visitors = records.filter((r) => pricingViews(r) > 0);
  const c = compareGroups(visitors, (r) => transitionCount(r, 'pricing_page_views', 'hesitation_loops') > 0);
  if (c.sessions < T.minGroup || c.members < T.minHits || c.members / c.sessions < T.pricingHesitationRate) return null;
  const rate = percent(c.members, c.sessions);
  const contrast = conversionContrast(c, 'other pricing visitors');
  return {
    id: 'pricing-hesitation',
    type: 'warning',
    title: `${rate}% of pricing visitors hesitated on pricing`,
    description: `${c.members} of ${c.sessions} sessions that viewed pricing hesitated (hovered without clicking or scrolled back and forth) straight after a pricing page view (${rate}%).${contrast.text}`,
    user_count: c.members,
    action_items: [
      'Make plan differences obvious with a side-by-side comparison',
      'Answer the usual pricing questions (billing, cancellation, refunds) next to the plans',
      'Offer a trial, a guarantee or a demo call from the pricing page',
    ],
    evidence: [
      { metric: 'pricing_sessions', value: c.sessions },
      { metric: 'pricing_hesitation_sessions', value: c.members },
      { metric: 'pricing_hesitation_pct', value: rate },
      ...contrast.evidence,
    ],
  } satisfies BehavioralInsight;
}

/** The intent or engagement signal most associated with converting, when the association is significant. */
function strongestSignal(records: readonly SessionRecord[], signals: readonly SignalSummary[]) {
  const best = signals
    .filter((s) => (s.type === 'intent' || s.type === 'engagement') && s.name !== 'conversion_events')
    .filter((s) => s.frequency >= T.minGroup && s.impact_score > 0)
    .map((s) => ({ s, c: compareGroups(records, (r) => hasSignal(r, s.name)) }))
    .filter(({ c }) => {
      if (c.rest < T.minGroup) return false;
      const z = twoProportionZ(c.membersConverted, c.members, c.restConverted, c.rest);
      return z !== null && z >= SIGNIFICANT_Z;
    })
    .sort((a, b) => b.s.impact_score - a.s.impact_score || b.c.members - a.c.members)[0];
  if (!best) return null;
  const { s, c } = best;
  const m = percent(c.membersConverted, c.members);
  const r = percent(c.restConverted, c.rest);
  return {
    id: `signal-${s.name.replaceAll('_', '-')}-converts`,
    type: 'opportunity',
    title: `Sessions with ${s.name} convert at ${m}% against ${r}%`,
    description: `${c.members} sessions had ${s.name} and ${c.membersConverted} of them converted (${m}%), against ${c.restConverted} of the ${c.rest} sessions without it (${r}%); impact score ${s.impact_score}. This is an association, not proof that ${s.name} causes conversion.`,
    user_count: c.members,
    action_items: [
      `Make the behaviour behind ${s.name} easier for more visitors: placement, prominence, fewer steps before it`,
      `Use ${s.name} as a trigger for in-session engagement such as live help or an offer`,
      `Test a change that raises ${s.name} against a control and compare conversions`,
    ],
    evidence: [
      { metric: 'signal_sessions', value: c.members },
      { metric: 'signal_sessions_converted', value: c.membersConverted },
      { metric: 'signal_conversion_pct', value: m },
      { metric: 'other_sessions', value: c.rest },
      { metric: 'other_sessions_converted', value: c.restConverted },
      { metric: 'other_conversion_pct', value: r },
      { metric: 'impact_score', value: s.impact_score },
    ],
  } satisfies BehavioralInsight;
}

function insufficientData(sessions: number): BehavioralInsight {
  return {
    id: 'insufficient-data',
    type: 'info',
    title: 'Not enough sessions for insights yet',
    description: `${sessions} sessions were analysed; insights need at least ${T.minGroup}.`,
    user_count: sessions,
    action_items: [
      'Check back once more sessions have been tracked',
      'Make sure the tracking script is installed on every page',
    ],
    evidence: [
      { metric: 'sessions_analyzed', value: sessions },
      { metric: 'min_sessions', value: T.minGroup },
    ],
  };
}

const TYPE_ORDER = { opportunity: 0, warning: 1, info: 2 } as const;

/**
 * Turns a window's sessions, and the patterns and signal summaries computed from those same sessions, into
 * opportunities and warnings. Each rule speaks only when its group and hit counts pass INSIGHT_THRESHOLDS,
 * cites its numbers in `evidence` and has a stable id. With fewer than `minGroup` sessions the only insight
 * says so. Sorted opportunities first, then warnings, then info, each by sessions concerned.
 */
export function deriveInsights(
  records: readonly SessionRecord[],
  patterns: readonly BehaviorPattern[],
  signals: readonly SignalSummary[],
): BehavioralInsight[] {
  if (records.length < T.minGroup) return [insufficientData(records.length)];
  const found: (BehavioralInsight | null)[] = [
    highIntentNotConverted(records, patterns),
    strongestSignal(records, signals),
    formAbandonment(records),
    rageClicks(records),
    pricingHesitation(records),
    ...deriveProfileInsights(records),
  ];
  return found
    .filter((i): i is BehavioralInsight => i !== null)
    .sort(
      (a, b) =>
        TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
        b.user_count - a.user_count ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}
