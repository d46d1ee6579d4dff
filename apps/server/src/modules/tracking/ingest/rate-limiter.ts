import { AppError } from '../../../lib/errors.js';

/**
 * Token buckets keyed by string (tracking id, client IP): `ratePerSecond` sustained with bursts of
 * twice that. Over the limit throws 429 with the seconds until a token is back.
 */
export function createTokenBuckets(ratePerSecond: number, label: string) {
  const capacity = ratePerSecond * 2;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key: string): void => {
    const now = performance.now();
    const bucket = buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      buckets.set(key, bucket);
      const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond));
      throw new AppError('rate_limited', `Too many tracking requests for this ${label}; retry after ${wait} s.`, {
        headers: { 'retry-after': String(wait) },
      });
    }
    bucket.tokens -= 1;
    buckets.set(key, bucket);
    if (buckets.size > 100_000) buckets.delete(buckets.keys().next().value!);
  };
}
