/** A failure the sandbox answers with instead of the real response, for the next `times` matching requests. */
export type StripeFailure = {
  kind: 'rate_limit' | 'expired_key' | 'server_error' | 'timeout';
  /** How many requests fail (default 1; Infinity until cancelled). */
  times?: number;
  /** Only requests whose path starts with this (e.g. `/v1/charges`), or matches it. */
  path?: string | RegExp;
};

/** Any sandbox's injected failure: a kind, how many times, and which paths. */
export type InjectedFailure = { kind: string; times?: number; path?: string | RegExp };

/** Queued failures, matched in the order they were injected (the Meta sandbox shares it with its own kinds). */
export class FailureQueue<F extends InjectedFailure = StripeFailure> {
  #pending: { failure: F; remaining: number }[] = [];

  /** Queues a failure; the returned function cancels what is left of it. */
  add(failure: F): () => void {
    const entry = { failure, remaining: failure.times ?? 1 };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((p) => p !== entry);
    };
  }

  /** The failure for a request to `path`, consuming one of its times; undefined when none applies. */
  take(path: string): F['kind'] | undefined {
    return this.takeFailure(path)?.kind;
  }

  /** As `take`, with the whole injected failure (its options). */
  takeFailure(path: string): F | undefined {
    const entry = this.#pending.find(({ failure: { path: p } }) =>
      p === undefined ? true : typeof p === 'string' ? path.startsWith(p) : p.test(path),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.#pending = this.#pending.filter((p) => p !== entry);
    return entry.failure;
  }

  clear(): void {
    this.#pending = [];
  }
}

/** At most `perSecond` requests per account in each one-second window; what goes beyond is a violation (429). */
export class RateLimiter {
  perSecond: number | null;
  violations = 0;
  #windows = new Map<string, { second: number; count: number }>();

  constructor(perSecond: number | null) {
    this.perSecond = perSecond;
  }

  /** Counts a request for `account` at `nowMs`; false when it is over the limit. */
  admit(account: string, nowMs: number): boolean {
    if (this.perSecond === null) return true;
    const second = Math.floor(nowMs / 1000);
    const window = this.#windows.get(account);
    if (!window || window.second !== second) {
      this.#windows.set(account, { second, count: 1 });
      return true;
    }
    window.count += 1;
    if (window.count <= this.perSecond) return true;
    this.violations += 1;
    return false;
  }
}
