/** The standard normal quantile for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/** A proportion's interval: [low, high] within [0, 1]. */
export type ProportionInterval = readonly [low: number, high: number];

/**
 * The Wilson score interval of `successes` out of `trials` at normal quantile `z` (95% by default): unlike
 * the p ± z·√(p(1−p)/n) interval it stays inside [0, 1] and does not collapse to a point at 0 or n
 * successes. Null for no trials, where nothing is known.
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): ProportionInterval | null {
  if (!(trials > 0) || successes < 0 || successes > trials) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Exact at the ends: 0 successes have a low of 0 and n successes a high of 1, whatever the rounding.
  const low = successes === 0 ? 0 : Math.max(0, centre - half);
  const high = successes === trials ? 1 : Math.min(1, centre + half);
  return [low, high];
}
