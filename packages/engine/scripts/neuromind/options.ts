/** The seed the shipped model is evaluated on: never used to fit or tune it. */
export const EVALUATION_SEED = 9001;
/** Seeds the shipped model is fitted on, and the seed its penalty is chosen on. */
export const TRAINING_SEEDS = [101, 102, 103];
export const VALIDATION_SEED = 201;
export const DEFAULT_VISITORS = 500;
/** Simulated visitors running at once: jsdom is CPU-bound, so more than a few only adds memory. */
export const DEFAULT_CONCURRENCY = 4;

/** A whole number from an option, or an Error naming the option. */
export function wholeNumber(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number from ${min} (got "${value}")`);
  return n;
}

/** A comma-separated list of whole numbers from an option. */
export function seedList(name: string, value: string | undefined, fallback: number[]): number[] {
  if (value === undefined) return fallback;
  return value.split(',').map((s) => wholeNumber(name, s.trim(), 0, 0));
}

/** Seconds since `start` (a performance.now() reading), for progress lines. */
export const secondsSince = (start: number) => `${((performance.now() - start) / 1000).toFixed(0)} s`;
