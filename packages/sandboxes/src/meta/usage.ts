// Meta's rate-limit accounting as its usage headers show it: per scope (the app for X-App-Usage, each ad account
// for X-Ad-Account-Usage and X-Business-Use-Case-Usage) the share of the allowance used in a sliding window, as
// call_count, total_cputime and total_time percentages. At 100 % of any of them the scope is throttled until
// enough of the window has passed; `estimated_time_to_regain_access` says how long, in minutes.

/** The allowance: `calls` requests of unit cost per `windowMs`. */
export type MetaUsageLimit = { calls: number; windowMs: number };

type Entry = { at: number; calls: number; cpu: number; time: number };

export type UsagePercent = { call_count: number; total_cputime: number; total_time: number };

export class UsageWindows {
  limit: MetaUsageLimit;
  /** Requests refused because a scope was at 100 % (not injected failures). */
  violations = 0;
  #entries = new Map<string, Entry[]>();

  constructor(limit: MetaUsageLimit) {
    this.limit = limit;
  }

  #live(scope: string, now: number): Entry[] {
    const entries = (this.#entries.get(scope) ?? []).filter((e) => e.at > now - this.limit.windowMs);
    this.#entries.set(scope, entries);
    return entries;
  }

  /** The scope's percentages now (whole numbers, as Meta sends them; they may exceed 100). */
  percent(scope: string, now: number): UsagePercent {
    const entries = this.#live(scope, now);
    const sum = (key: 'calls' | 'cpu' | 'time') => entries.reduce((total, e) => total + e[key], 0);
    const pct = (value: number) => Math.floor((value * 100) / this.limit.calls);
    return { call_count: pct(sum('calls')), total_cputime: pct(sum('cpu')), total_time: pct(sum('time')) };
  }

  /** Whether the scope is at or over its allowance. */
  throttled(scope: string, now: number): boolean {
    const p = this.percent(scope, now);
    return Math.max(p.call_count, p.total_cputime, p.total_time) >= 100;
  }

  /** Minutes until the scope is under 100 % again (0 when it is), rounded up. */
  minutesToRegain(scope: string, now: number): number {
    const entries = this.#live(scope, now);
    if (!this.throttled(scope, now)) return 0;
    // Entries leave the window oldest first; find when the busiest measure drops under the allowance.
    const keys = ['calls', 'cpu', 'time'] as const;
    const totals = keys.map((k) => entries.reduce((t, e) => t + e[k], 0));
    for (const entry of entries) {
      keys.forEach((k, i) => {
        totals[i]! -= entry[k];
      });
      if (totals.every((t) => t < this.limit.calls)) {
        return Math.max(1, Math.ceil((entry.at + this.limit.windowMs - now) / 60_000));
      }
    }
    return Math.max(1, Math.ceil(this.limit.windowMs / 60_000));
  }

  /** Seconds until the scope's usage is back to 0 (its newest request leaves the window), rounded up; 0 when idle. */
  secondsToReset(scope: string, now: number): number {
    const newest = this.#live(scope, now).at(-1);
    return newest ? Math.ceil((newest.at + this.limit.windowMs - now) / 1000) : 0;
  }

  /** Counts a request against the scope: `cost` units of CPU and time (insights rows cost more than a list). */
  record(scope: string, now: number, cost = 1): void {
    this.#live(scope, now).push({ at: now, calls: 1, cpu: cost, time: cost * 0.8 });
  }

  clear(): void {
    this.#entries.clear();
  }
}
