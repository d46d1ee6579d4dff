/** A seeded source of randomness and the distributions the behaviour models draw from. */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Normal with the given mean and standard deviation. */
  normal(mean: number, sd: number): number;
  /** Log-normal with the given median; sigma is the spread of its logarithm (0.5 ≈ a factor 1.6 either way). */
  logNormal(median: number, sigma: number): number;
  /** Poisson count with the given mean. */
  poisson(mean: number): number;
  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** A key of `weights`, with probability proportional to its weight. */
  weighted<K extends string>(weights: Partial<Record<K, number>>): K;
};

// 32-bit integer hash (splitmix-style finaliser), so nearby seeds give unrelated streams.
const mix = (x: number): number => {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/** Derives the seed of a sub-stream (one visitor of a run, say) from a run seed and an index. */
export const deriveSeed = (seed: number, index: number): number => mix(mix(seed) + Math.imul(index + 1, 0x9e3779b9));

/** A deterministic generator (sfc32) with the model's distributions; the same seed gives the same draws. */
export const createRng = (seed: number): Rng => {
  let a = mix(seed);
  let b = mix(a + 1);
  let c = mix(b + 2);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  let spare: number | undefined;
  const gauss = (): number => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    const u = next() || Number.MIN_VALUE;
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  const rng: Rng = {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    normal: (mean, sd) => mean + sd * gauss(),
    logNormal: (median, sigma) => median * Math.exp(sigma * gauss()),
    poisson: (mean) => {
      // Knuth's method is fine for the small means used here.
      const limit = Math.exp(-Math.min(mean, 30));
      let k = 0;
      for (let p = next(); p > limit; p *= next()) k++;
      return k;
    },
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: <K extends string>(weights: Partial<Record<K, number>>): K => {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((s, [, w]) => s + Math.max(0, w), 0);
      let r = next() * total;
      for (const [k, w] of entries) {
        r -= Math.max(0, w);
        if (r < 0) return k;
      }
      return entries[entries.length - 1]![0];
    },
  };
  return rng;
};

/** Clamps a number into [min, max]. */
export const clamp = (x: number, min: number, max: number): number => Math.min(max, Math.max(min, x));
