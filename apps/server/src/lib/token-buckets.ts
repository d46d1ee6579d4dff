import { AppError } from './errors.js';

/**
 * Token buckets keyed by string (a client address, a tracking id, a user): `ratePerSecond` sustained with
 * bursts of `burst` (twice the rate by default). Over the limit throws 429 with `message(wait)` and the
 * seconds until a token is back in Retry-After. The oldest keys are forgotten past 100,000.
 */
export function createTokenBuckets(options: {
  ratePerSecond: number;
  burst?: number;
  message: (wait: number) => string;
}) {
  const { ratePerSecond, message } = options;
  const capacity = Math.max(1, options.burst ?? ratePerSecond * 2);
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key: string): void => {
    const now = performance.now();
    const bucket = buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      buckets.set(key, bucket);
      const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond));
      throw new AppError('rate_limited', message(wait), { headers: { 'retry-after': String(wait) } });
    }
    bucket.tokens -= 1;
    buckets.set(key, bucket);
    if (buckets.size > 100_000) buckets.delete(buckets.keys().next().value!);
  };
}
