/**
 * What every strategy rule shares: the window's labels, how money and shares are written, the site's
 * conversions that a lift is measured against, and how a rule's draft becomes a Recommendation.
 *
 * Lift basis: a rule estimates extra conversions; the lift is extra conversions / the site's conversions in the
 * window: the payment processor's orders when known (every order, tracked or not, is what revenue is made of), else
 * tracked converted sessions. At a constant average order value that is the fraction of the window's revenue the
 * extra orders bring. When the average order value is known
 * (net revenue / orders), the text also states the extra revenue in money.
 */
import { round } from '@ri/contracts';
import { formatNumber, formatShare } from '../ads/ad-format.js';
import { impactOf, priorityOf } from './evidence-strength.js';
import type {
  Evidence,
  Recommendation,
  RecommendationCategory,
  StepPlan,
  StrategySnapshot,
  StrategyWindow,
} from './types.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);

/** "2024-05-01 to 2024-05-30 (30 days)". */
export const windowLabel = (w: StrategyWindow): string => `${w.from} to ${w.to} (${w.days} days)`;

/** The window of the same length just before `w`. */
export function previousWindow(w: StrategyWindow): StrategyWindow {
  const from = dayMs(w.from);
  return { days: w.days, from: isoDay(from - w.days * DAY_MS), to: isoDay(from - DAY_MS) };
}

export const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A share written as a percentage with one decimal, e.g. 0.3123 → "31.2%". */
export const pct = (fraction: number): string => formatShare(fraction, 1);
/** An id part: lower case, runs of other characters as one underscore. */
export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** A share with its sign, e.g. 0.25 → "+25%", −0.2 → "−20%". */
export const signedPct = (fraction: number): string => `${fraction >= 0 ? '+' : '−'}${pct(Math.abs(fraction))}`;
/** A figure with a typographic minus, e.g. −0.5 → "−0.5". */
export const signedNum = (value: number, decimals = 2): string =>
  `${value < 0 ? '−' : ''}${formatNumber(Math.abs(value), decimals)}`;
/** A count or figure with thousands separators and at most `decimals` decimals. */
export const num = (value: number, decimals = 0): string => formatNumber(value, decimals);

export type RuleContext = {
  snapshot: StrategySnapshot;
  window: string;
  previousWindow: string;
  /** The site's conversions in the window, and what they count; null when neither is known. */
  conversions: { value: number; source: 'tracked conversions' | 'orders' } | null;
  /** The average order value in major units; null without revenue and orders. */
  aov: number | null;
  currency: string | null;
  /** Minor units in major units, rounded to 2 decimals; null without a currency. */
  major: (minor: number) => number | null;
  /** "USD 1,234" (2 decimals under 100); null without a currency. */
  money: (major: number) => string | null;
};

/** The shared context of one snapshot. */
export function ruleContext(snapshot: StrategySnapshot): RuleContext {
  const cur = snapshot.currency ?? null;
  const major = (minor: number) => (cur && cur.minor_per_major > 0 ? round(minor / cur.minor_per_major, 2) : null);
  const rev = snapshot.revenue ?? null;
  const tracked = snapshot.funnel?.converted;
  const conversions =
    rev && finite(rev.orders) && rev.orders > 0
      ? { value: rev.orders, source: 'orders' as const }
      : finite(tracked) && tracked > 0
        ? { value: tracked, source: 'tracked conversions' as const }
        : null;
  const aovMinor = rev && rev.orders > 0 && rev.net > 0 ? rev.net / rev.orders : null;
  return {
    snapshot,
    window: windowLabel(snapshot.window),
    previousWindow: windowLabel(previousWindow(snapshot.window)),
    conversions,
    aov: aovMinor === null ? null : major(aovMinor),
    currency: cur?.code ?? null,
    major,
    money: (m: number) => (cur ? `${cur.code} ${formatNumber(m, Math.abs(m) >= 100 ? 0 : 2)}` : null),
  };
}

/** One evidence row in the snapshot's window unless told otherwise; values rounded as the texts write them. */
export function evidence(
  ctx: RuleContext,
  metric: string,
  value: number,
  unit: string,
  sample_size: number | null,
  window = ctx.window,
): Evidence {
  const digits = unit === 'fraction' ? 4 : 2;
  return { metric, value: round(value, digits), unit, window, sample_size };
}

/** What a rule proposes before priority and impact are derived. */
export type Draft = {
  rule: string;
  /** The subject that makes the id unique within the rule ('' when the rule has one subject). */
  subject: string;
  title: string;
  description: string;
  category: RecommendationCategory;
  lift: number;
  confidence: number;
  effort: number;
  timeframe: string;
  steps: { text: string; plan: StepPlan }[];
  success_metrics: string[];
  affected_segments: string[];
  evidence: Evidence[];
  lift_method: string;
};

/**
 * A rule's draft as a Recommendation: stable id, priority from lift × confidence, impact from lift. The lift is
 * capped at 1 (the whole window's revenue again): the spec's client reads a value above 1 as a percentage, and
 * an estimate that large says more about the model than about the site.
 */
export function finish(d: Draft): Recommendation {
  const lift = round(Math.min(1, Math.max(0, d.lift)), 4);
  return {
    id: d.subject ? `${d.rule}:${d.subject}` : d.rule,
    rule: d.rule,
    title: d.title,
    description: d.description,
    priority: priorityOf(lift, d.confidence),
    category: d.category,
    expected_revenue_lift: lift,
    impact_score: round(impactOf(lift), 2),
    effort_required: d.effort,
    confidence: d.confidence,
    timeframe: d.timeframe,
    action_steps: d.steps.map((s) => s.text),
    step_plans: d.steps.map((s) => s.plan),
    success_metrics: d.success_metrics,
    affected_segments: d.affected_segments,
    evidence: d.evidence,
    lift_method: d.lift_method,
  };
}

/**
 * The lift of `extra` conversions over the window against the site's conversions: its evidence rows and the
 * sentence that states it. Null when the site's conversions are unknown.
 */
export function conversionLift(
  ctx: RuleContext,
  extra: number,
): { lift: number; evidence: Evidence[]; sentence: string } | null {
  if (!ctx.conversions) return null;
  const lift = extra / ctx.conversions.value;
  const extraR = round(extra, 1);
  const rows = [
    evidence(ctx, `site_${ctx.conversions.source.replace(' ', '_')}`, ctx.conversions.value, 'conversions', null),
    evidence(ctx, 'estimated_extra_conversions', extraR, 'conversions', null),
    evidence(ctx, 'expected_revenue_lift', lift, 'fraction', null),
  ];
  let money = '';
  if (ctx.aov !== null && ctx.currency) {
    const revenue = round(extra * ctx.aov, 2);
    rows.push(evidence(ctx, 'average_order_value', ctx.aov, ctx.currency, ctx.snapshot.revenue?.orders ?? null));
    rows.push(evidence(ctx, 'estimated_extra_revenue', revenue, ctx.currency, null));
    money = ` (about ${ctx.money(revenue)} at the average order of ${ctx.money(ctx.aov)})`;
  }
  return {
    lift,
    evidence: rows,
    sentence: `about ${num(extraR, 1)} more conversions over the window${money}, ${pct(lift)} of the ${num(ctx.conversions.value)} ${ctx.conversions.source}`,
  };
}
