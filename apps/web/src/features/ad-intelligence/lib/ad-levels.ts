/** Spec section 5: a fatigue score of 0.7 or more is red (high), 0.4 or more yellow (medium), else green. */
export const FATIGUE_THRESHOLDS = { high: 0.7, medium: 0.4 } as const;

export type FatigueLevel = 'high' | 'medium' | 'low';

/** The fatigue level, and so the colour, of a creative fatigue score in [0, 1]. */
export function fatigueLevel(score: number): FatigueLevel {
  if (score >= FATIGUE_THRESHOLDS.high) return 'high';
  if (score >= FATIGUE_THRESHOLDS.medium) return 'medium';
  return 'low';
}

const clampPercent = (percent: number) => Math.min(100, Math.max(0, percent));

/**
 * How full a spend-of-budget bar is drawn, in percent: spend over budget, capped at 100 (spec section 5)
 * so an overspent campaign fills the bar rather than overflow it. Null when there is no budget to divide by.
 */
export function spendBarPercent(spend: number, budget: number | null): number | null {
  if (budget === null || budget <= 0) return null;
  return clampPercent((spend / budget) * 100);
}

/** Spend as a share of budget in percent, uncapped, for the text beside the bar (112% when overspent). */
export function spendOfBudgetPercent(spend: number, budget: number | null): number | null {
  if (budget === null || budget <= 0) return null;
  return (spend / budget) * 100;
}

/**
 * How full the message decay bar is drawn: the share of CTR lost per day in percent, capped at 100
 * (spec section 5); a CTR that grows (a negative rate) draws an empty bar.
 */
export const decayBarPercent = (rate: number) => clampPercent(rate * 100);

/**
 * A score in [0, 1] from one the server may send in [0, 1] or in percent: the spec's rule that scores
 * above 1 are percentages and are divided by 100; the result is clamped to [0, 1].
 */
export function toUnitScore(score: number): number {
  const unit = score > 1 ? score / 100 : score;
  return Math.min(1, Math.max(0, unit));
}
