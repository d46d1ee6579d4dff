/** The fewest days of each weekday (with a full week either side) before weekday effects are estimated. */
export const MIN_DAYS_PER_WEEKDAY = 3;

/** The weekday (0 = Sunday … 6 = Saturday, UTC) of a day number; 1970-01-01 was a Thursday. */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * Multiplicative weekday effects of a daily count, indexed 0 = Sunday … 6 = Saturday, with mean 1: each day's count
 * divided by its centred 7-day mean, averaged by weekday, then shrunk towards 1 by the share of their spread that
 * sampling noise explains (positive-part James–Stein: 1 − noise variance / observed variance), so a history whose
 * weekdays differ only by chance gets none. All ones when a weekday has fewer than {@link MIN_DAYS_PER_WEEKDAY} days.
 */
export function estimateWeekdayFactors(counts: readonly number[], firstDay: number): number[] {
  const ratios: number[][] = Array.from({ length: 7 }, () => []);
  let windowSum = 0;
  for (let t = 0; t < Math.min(7, counts.length); t++) windowSum += counts[t]!;
  for (let t = 3; t + 3 < counts.length; t++) {
    if (t > 3) windowSum += counts[t + 3]! - counts[t - 4]!;
    if (windowSum > 0) ratios[weekdayOf(firstDay + t)]!.push((7 * counts[t]!) / windowSum);
  }
  if (ratios.some((r) => r.length < MIN_DAYS_PER_WEEKDAY)) return new Array<number>(7).fill(1);
  const means = ratios.map((r) => r.reduce((s, x) => s + x, 0) / r.length);
  const noise =
    ratios.reduce((sum, r, d) => sum + r.reduce((s, x) => s + (x - means[d]!) ** 2, 0) / (r.length - 1) / r.length, 0) /
    7;
  const grand = means.reduce((s, x) => s + x, 0) / 7;
  const spread = means.reduce((s, x) => s + (x - grand) ** 2, 0) / 6;
  const keep = spread > 0 ? Math.max(0, 1 - noise / spread) : 0;
  const factors = means.map((m) => 1 + keep * (m / grand - 1));
  const mean = factors.reduce((s, x) => s + x, 0) / 7;
  return factors.map((f) => f / mean);
}
