import { createRandom, type Random } from '../model/prng.js';
import { logGamma } from '../stats/incomplete-gamma.js';

/**
 * The random source of one simulated path: a mulberry32 generator whose seed mixes the run's seed and the path's
 * index, so path i draws the same numbers whatever the scenario (common random numbers) and whatever other paths do.
 */
export function pathRandom(seed: number, path: number): Random {
  let h = (seed ^ Math.imul(path + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return createRandom((h ^ (h >>> 16)) >>> 0);
}

/** A standard normal draw (Box–Muller). */
export function sampleNormal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw (Marsaglia & Tsang 2000; shapes below 1 by boosting to shape + 1). */
export function sampleGamma(random: Random, shape: number): number {
  if (shape < 1) return sampleGamma(random, shape + 1) * (1 - random()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = sampleNormal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Poisson(mean) draw: multiplication of uniforms below 30, Hörmann's PTRS transformed rejection above. */
export function samplePoisson(random: Random, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean < 30) {
    const limit = Math.exp(-mean);
    let k = 0;
    let product = random();
    while (product > limit) {
      k++;
      product *= random();
    }
    return k;
  }
  const logMean = Math.log(mean);
  const b = 0.931 + 2.53 * Math.sqrt(mean);
  const a = -0.059 + 0.02483 * b;
  const inverseAlpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = random() - 0.5;
    const v = random();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + Math.log(inverseAlpha) - Math.log(a / (us * us) + b) <= -mean + k * logMean - logGamma(k + 1)) {
      return k;
    }
  }
}

/**
 * A Binomial(n, p) draw: geometric waiting times while n·min(p, 1−p) < 30 (exact), else the normal approximation
 * rounded and clamped to [0, n] (at least 30 expected successes and failures).
 */
export function sampleBinomial(random: Random, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - sampleBinomial(random, n, 1 - p);
  const mean = n * p;
  if (mean < 30) {
    const logQ = Math.log1p(-p);
    let successes = 0;
    let position = 0;
    for (;;) {
      position += Math.floor(Math.log(1 - random()) / logQ) + 1;
      if (position > n) return successes;
      successes++;
    }
  }
  const draw = Math.round(mean + Math.sqrt(mean * (1 - p)) * sampleNormal(random));
  return Math.min(n, Math.max(0, draw));
}

/** The q-quantile (0 ≤ q ≤ 1) of sorted values, interpolating linearly between order statistics. */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
