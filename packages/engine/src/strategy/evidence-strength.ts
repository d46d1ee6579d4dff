/**
 * How strong a recommendation's evidence is, and what that makes its confidence and priority.
 *
 * Confidence is the share of the estimated effect that survives at the cautious end of its 95 % interval:
 *
 *   confidence = clamp(1 − 1.96 × SE / |estimate|, 0, 0.95)
 *
 * where the estimate is the gap a rule measures (a continuation-rate gap, a CTR drop, the excess of expected
 * customer losses) and SE its standard error. Lift is proportional to that gap, so lift × confidence is the lift
 * at the cautious end of the interval: the priority rests on it. For fixed rates SE shrinks as 1/√n, so the
 * confidence grows with the sample, and it never claims certainty (0.95 at most). An effect measured at
 * exactly the edge of significance (|z| = 1.96) has confidence 0; at |z| = 4 it is 0.51, at |z| = 10, 0.8.
 */
import { chiSquareSurvival, Z_95 } from '../stats/index.js';
import type { Priority, Rate } from './types.js';

/** The bounds and cut-offs of confidence and priority (see the file's header and docs/strategy.md). */
export const STRENGTH_RULES = {
  maxConfidence: 0.95,
  /** Two-sided significance level, divided by the number of comparisons a rule makes (Bonferroni). */
  alpha: 0.05,
  /** lift × confidence at or above this is high priority… */
  highPriorityLift: 0.02,
  /** …at or above this medium, else low. */
  mediumPriorityLift: 0.005,
  /** The lift that makes impact_score 1: a tenth of the window's revenue. */
  fullImpactLift: 0.1,
} as const;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Confidence from an estimate and its standard error (see the file's header), rounded to 2 decimals. */
export function confidenceFrom(estimate: number, se: number): number {
  if (!Number.isFinite(estimate) || estimate === 0 || !Number.isFinite(se)) return 0;
  const c = clamp(1 - (Z_95 * se) / Math.abs(estimate), 0, STRENGTH_RULES.maxConfidence);
  return Math.round(c * 100) / 100;
}

/** The two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export const twoSidedP = (z: number): number => chiSquareSurvival(z * z, 1);

/** Two rates compared: `diff` = rate of `a` − rate of `b`; `se` unpooled (for the interval), `z` pooled (the test). */
export type RateComparison = { a: number; b: number; diff: number; se: number; z: number; p: number };

/** The two-proportion z-test of `a` against `b`. Null when either has no trials. */
export function compareRates(a: Rate, b: Rate): RateComparison | null {
  if (!(a.trials > 0) || !(b.trials > 0)) return null;
  const pa = a.successes / a.trials;
  const pb = b.successes / b.trials;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  const se = Math.sqrt((pa * (1 - pa)) / a.trials + (pb * (1 - pb)) / b.trials);
  const z = sePooled === 0 ? 0 : (pa - pb) / sePooled;
  return { a: pa, b: pb, diff: pa - pb, se, z, p: twoSidedP(z) };
}

/** Means compared by Welch's statistic (normal approximation): `diff` = mean of `a` − mean of `b`. */
export type MeanComparison = { a: number; b: number; diff: number; se: number; z: number; p: number };

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
};

/** Welch's comparison of two samples' means. Null when either has fewer than two values. */
export function compareMeans(a: readonly number[], b: readonly number[]): MeanComparison | null {
  if (a.length < 2 || b.length < 2) return null;
  const ma = mean(a);
  const mb = mean(b);
  const se = Math.sqrt(variance(a) / a.length + variance(b) / b.length);
  const z = se === 0 ? (ma === mb ? 0 : Math.sign(ma - mb) * Number.POSITIVE_INFINITY) : (ma - mb) / se;
  return { a: ma, b: mb, diff: ma - mb, se, z, p: Number.isFinite(z) ? twoSidedP(z) : 0 };
}

/** Priority from the lift at the cautious end of its interval (lift × confidence). */
export function priorityOf(lift: number, confidence: number): Priority {
  const cautious = lift * confidence;
  if (cautious >= STRENGTH_RULES.highPriorityLift) return 'high';
  if (cautious >= STRENGTH_RULES.mediumPriorityLift) return 'medium';
  return 'low';
}

/** impact_score in [0, 1]: the lift against a tenth of the window's revenue. */
export const impactOf = (lift: number): number => clamp(lift * (1 / STRENGTH_RULES.fullImpactLift), 0, 1);
