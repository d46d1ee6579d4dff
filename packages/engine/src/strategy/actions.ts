/**
 * Small compounding actions: each step of a recommendation (or recommended action of a market insight) as a
 * small action with its effort, impact and leverage, status 'suggested' until a person starts it.
 *
 * - effort_score (0–10): the step's plan (the rule's documented estimate of the work).
 * - expected_lift: the recommendation's lift × the step's share of it; a step with no share (measuring) is not
 *   an action.
 * - impact_score (0–10): 10 × expected_lift × the recommendation's confidence / `fullImpactLift`, at most 10:
 *   a step whose cautious lift is 2 % of the window's revenue scores 10.
 * - leverage_ratio: impact / effort (effort counted as 1 at least).
 * - priority_score (1–10, the spec's template range): round(0.7 × impact + 0.3 × (10 − effort)).
 * - Quick win (spec): effort_score ≤ 3 and impact_score ≥ 6.
 *
 * A market insight carries no lift estimate: its actions have expected_lift null and an impact_score from the
 * insight's impact level (high 7, medium 5, low 3).
 */
import { QUICK_WIN, round } from '@ri/contracts';
import { num, pct } from './context.js';
import type { MarketInsight, Recommendation, SmallAction } from './types.js';

/** The scales of the action scores (see the file's header). */
export const ACTION_RULES = {
  fullImpactLift: 0.02,
  quickWinMaxEffort: QUICK_WIN.maxEffort,
  quickWinMinImpact: QUICK_WIN.minImpact,
  insightImpact: { high: 7, medium: 5, low: 3 },
} as const;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function scored(base: Omit<SmallAction, 'leverage_ratio' | 'priority_score' | 'status'>): SmallAction {
  const effort = clamp(base.effort_score, 0, 10);
  const impact = clamp(base.impact_score, 0, 10);
  return {
    ...base,
    effort_score: effort,
    impact_score: impact,
    status: 'suggested',
    leverage_ratio: round(impact / Math.max(1, effort), 2),
    priority_score: clamp(Math.round(0.7 * impact + 0.3 * (10 - effort)), 1, 10),
  };
}

const byPriority = (a: SmallAction, b: SmallAction) =>
  b.priority_score - a.priority_score || b.leverage_ratio - a.leverage_ratio || (a.id < b.id ? -1 : 1);

/** The small actions of `recommendations`, highest priority_score first (see the file's header). */
export function smallCompoundingActions(recommendations: readonly Recommendation[]): SmallAction[] {
  const out: SmallAction[] = [];
  for (const rec of recommendations) {
    rec.action_steps.forEach((text, i) => {
      const plan = rec.step_plans[i];
      if (!plan || !(plan.lift_share > 0)) return;
      const lift = round(rec.expected_revenue_lift * plan.lift_share, 4);
      out.push(
        scored({
          id: `${rec.id}#${i + 1}`,
          title: text,
          description: `Step ${i + 1} of “${rec.title}”: ${pct(plan.lift_share)} of its estimated ${pct(rec.expected_revenue_lift)} revenue lift, at confidence ${num(rec.confidence, 2)}.`,
          effort_score: plan.effort_score,
          impact_score: round(Math.min(10, (10 * lift * rec.confidence) / ACTION_RULES.fullImpactLift), 1),
          implementation_time: plan.implementation_time,
          expected_lift: lift,
          category: rec.category,
          source_id: rec.id,
          source_kind: 'recommendation',
        }),
      );
    });
  }
  return out.sort(byPriority);
}

/** Create Action Plan: a market insight's recommended actions as small actions (see the file's header). */
export function actionPlan(insight: MarketInsight): SmallAction[] {
  return insight.recommended_actions
    .map((text, i) =>
      scored({
        id: `${insight.id}#${i + 1}`,
        title: text,
        description: `From the market insight “${insight.title}” (${insight.data_source}).`,
        effort_score: insight.action_plans[i]?.effort_score ?? 5,
        impact_score: ACTION_RULES.insightImpact[insight.impact],
        implementation_time: insight.action_plans[i]?.implementation_time ?? '1-2 weeks',
        expected_lift: null,
        category: insight.category,
        source_id: insight.id,
        source_kind: 'market_insight',
      }),
    )
    .sort(byPriority);
}

/** The spec's quick win: effort_score at most 3 and impact_score at least 6. */
export const isQuickWin = (a: Pick<SmallAction, 'effort_score' | 'impact_score'>): boolean =>
  a.effort_score <= ACTION_RULES.quickWinMaxEffort && a.impact_score >= ACTION_RULES.quickWinMinImpact;
