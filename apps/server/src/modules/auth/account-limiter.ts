import { AppError } from '../../lib/errors.js';

/**
 * Counts attempts per account key (the normalised e-mail) in a sliding window, whether or not the
 * account exists, so the 429 reveals nothing about which e-mails are registered.
 */
export function createAccountLimiter(limit: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  return {
    hit(action: string, account: string): void {
      const key = `${action}:${account}`;
      const now = Date.now();
      const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= limit) {
        const retryAfter = Math.ceil((windowMs - (now - recent[0]!)) / 1000);
        throw new AppError('rate_limited', `Too many attempts for this account. Try again in ${retryAfter} seconds.`, {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      recent.push(now);
      hits.set(key, recent);
      if (hits.size > 50_000) hits.delete(hits.keys().next().value!);
    },
    reset(action: string, account: string): void {
      hits.delete(`${action}:${account}`);
    },
  };
}
export type AccountLimiter = ReturnType<typeof createAccountLimiter>;
