import { AppError } from '../../lib/errors.js';

type Window = { limit: number; windowMs: number };

/**
 * Throttles attempts on an account (the normalised e-mail) whether or not it exists, so a 429 reveals nothing
 * about which e-mails are registered, in two ways:
 * - per client address and account (`perClient`): someone guessing from one place slows only themselves,
 *   and the owner, from elsewhere, still signs in;
 * - per account over every address (`perAccount`, counting what `fail` records): brute force from many
 *   places stays capped (ASVS 2.2.1: at most 100 failed attempts an hour). Past it the account waits too,
 *   the price of the cap.
 */
export function createAccountLimiter(options: { perClient: Window; perAccount: Window }) {
  const hits = new Map<string, number[]>();
  const recent = (key: string, windowMs: number, now: number) =>
    (hits.get(key) ?? []).filter((t) => now - t < windowMs);
  const refuse = (oldest: number, windowMs: number, now: number) => {
    const retryAfter = Math.max(1, Math.ceil((windowMs - (now - oldest)) / 1000));
    return new AppError('rate_limited', `Too many attempts for this account. Try again in ${retryAfter} seconds.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  };
  const remember = (key: string, times: number[]) => {
    hits.set(key, times);
    if (hits.size > 100_000) hits.delete(hits.keys().next().value!);
  };
  return {
    /** Counts an attempt of `client` on `account`; throws 429 past either limit. */
    hit(action: string, account: string, client: string): void {
      const now = Date.now();
      const failures = recent(`${action}:${account}`, options.perAccount.windowMs, now);
      if (failures.length >= options.perAccount.limit) throw refuse(failures[0]!, options.perAccount.windowMs, now);
      const key = `${action}:${account}:${client}`;
      const attempts = recent(key, options.perClient.windowMs, now);
      if (attempts.length >= options.perClient.limit) throw refuse(attempts[0]!, options.perClient.windowMs, now);
      attempts.push(now);
      remember(key, attempts);
    },
    /** Records a failed attempt (or, for actions that send mail, a sent one) against the account-wide cap. */
    fail(action: string, account: string): void {
      const now = Date.now();
      const key = `${action}:${account}`;
      const failures = recent(key, options.perAccount.windowMs, now);
      failures.push(now);
      remember(key, failures);
    },
    /** After a success, this client's attempts on the account start afresh. */
    reset(action: string, account: string, client: string): void {
      hits.delete(`${action}:${account}:${client}`);
    },
  };
}
export type AccountLimiter = ReturnType<typeof createAccountLimiter>;
