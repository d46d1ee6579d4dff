/** Simulated visitors running at once: jsdom is CPU-bound, so more than a few only adds memory. */
export const DEFAULT_CONCURRENCY = 4;

/** A whole number from an option, or an Error naming the option. */
export function wholeNumber(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number from ${min} (got "${value}")`);
  return n;
}

/** Seconds since `start` (a performance.now() reading), for progress lines. */
export const secondsSince = (start: number) => `${((performance.now() - start) / 1000).toFixed(0)} s`;
