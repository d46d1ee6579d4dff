import { type MarketInsight, QUICK_WIN, type Recommendation, type StrategyAction } from '@ri/contracts';
import { toFraction } from './fractions';

/** Spec 3 sections 2.1 and 9: a quick win takes effort_score at most 3 and brings impact_score at least 6. */
export { QUICK_WIN };

const WEEK_MS = 7 * 86_400_000;

/** The spec's quick-win rule. */
export const isQuickWin = (a: Pick<StrategyAction, 'effort_score' | 'impact_score'>) =>
  a.effort_score <= QUICK_WIN.maxEffort && a.impact_score >= QUICK_WIN.minImpact;

/** An action still open to someone: suggested or under way (not done, not dismissed). */
export const isOpenAction = (a: Pick<StrategyAction, 'status'>) =>
  a.status === 'suggested' || a.status === 'in_progress';

export type StrategySummary = {
  /** Active Recommendations: high-priority recommendations. */
  highPriority: number;
  /** Of those, first found in the last 7 days: the only trend the data supports. */
  newThisWeek: number;
  /** Potential Revenue Lift: the sum of the recommendations' expected lifts, a fraction (an estimate). */
  liftSum: number;
  recommendationCount: number;
  /** Quick Wins Available: open actions with the spec's quick-win scores. */
  quickWins: number;
  /** Market Opportunities: insights of type opportunity. */
  opportunities: number;
};

/** The four summary cards' figures (spec 3 section 2.1), from the loaded lists; `now` for the week's cut. */
export function strategySummary(
  recommendations: readonly Recommendation[],
  actions: readonly StrategyAction[],
  insights: readonly MarketInsight[],
  now: number = Date.now(),
): StrategySummary {
  const high = recommendations.filter((r) => r.priority === 'high');
  return {
    highPriority: high.length,
    newThisWeek: high.filter((r) => now - Date.parse(r.first_generated_at) < WEEK_MS).length,
    liftSum: recommendations.reduce((sum, r) => sum + toFraction(r.expected_revenue_lift), 0),
    recommendationCount: recommendations.length,
    quickWins: actions.filter((a) => isOpenAction(a) && isQuickWin(a)).length,
    opportunities: insights.filter((i) => i.type === 'opportunity').length,
  };
}
