/**
 * Split thresholds for one feature, ascending. A value falls in bin b when it is above threshold
 * b-1 and at most threshold b, so bin b's upper edge is thresholds[b] and there are length + 1 bins.
 */
export type FeatureBins = number[];

/**
 * The shortest decimal strictly between `a` and `b` (a < b), so model files stay small and exact; `a`
 * itself when the two are neighbouring doubles.
 */
export function shortestBetween(a: number, b: number): number {
  const mid = a / 2 + b / 2;
  for (let digits = 1; digits <= 17; digits++) {
    const candidate = Number(mid.toPrecision(digits));
    if (candidate > a && candidate < b) return candidate;
  }
  // Neighbouring doubles have nothing between them; `a` still sends a left and b right.
  return mid > a && mid < b ? mid : a;
}

/**
 * Chooses up to `maxBins - 1` thresholds for a feature from its values: every gap between distinct
 * values when there are few, else cuts at equal-count quantiles. Thresholds sit between observed
 * values, so training rows fall in the same bin at fit and at prediction time.
 */
export function fitFeatureBins(values: ArrayLike<number>, maxBins: number): FeatureBins {
  const sorted = Float64Array.from(values).sort();
  const distinct: number[] = [];
  const counts: number[] = [];
  for (const v of sorted) {
    if (distinct.length > 0 && distinct[distinct.length - 1] === v) counts[counts.length - 1]!++;
    else {
      distinct.push(v);
      counts.push(1);
    }
  }
  const thresholds: number[] = [];
  if (distinct.length <= maxBins) {
    for (let i = 0; i + 1 < distinct.length; i++) thresholds.push(shortestBetween(distinct[i]!, distinct[i + 1]!));
    return thresholds;
  }
  const perBin = sorted.length / maxBins;
  let seen = 0;
  let nextCut = perBin;
  for (let i = 0; i + 1 < distinct.length && thresholds.length < maxBins - 1; i++) {
    seen += counts[i]!;
    if (seen >= nextCut) {
      thresholds.push(shortestBetween(distinct[i]!, distinct[i + 1]!));
      while (nextCut <= seen) nextCut += perBin;
    }
  }
  return thresholds;
}

/** The bin of `x` under `thresholds`: how many thresholds lie strictly below it (binary search). */
export function binOf(x: number, thresholds: FeatureBins): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (thresholds[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bins a whole column; bins fit in a byte because `maxBins` is at most 256. */
export function binColumn(values: ArrayLike<number>, thresholds: FeatureBins): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = binOf(values[i]!, thresholds);
  return out;
}
