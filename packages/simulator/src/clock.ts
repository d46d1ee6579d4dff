type Timer = { id: number; at: number; seq: number; f: () => void; every?: number };

/**
 * A virtual clock: time moves only when the driver advances it, and timers fire in order as it passes
 * them, each seeing `now` at its due time. Installed into a window, it replaces Date, performance.now and
 * the timer functions, so a six-minute visit runs in milliseconds with realistic timestamps.
 */
export class VirtualClock {
  now: number;
  private timers: Timer[] = [];
  private nextId = 1;
  private seq = 0;
  /** Exceptions thrown by timer callbacks (the page's or the SDK's), reported rather than lost. */
  onError: (error: unknown) => void = () => {};

  constructor(start: number) {
    this.now = Math.floor(start);
  }

  /** Schedules `f` after `ms` of virtual time (at least 0); returns its id. */
  setTimeout(f: () => void, ms = 0, every?: number): number {
    const id = this.nextId++;
    this.timers.push({ id, at: this.now + Math.max(0, Math.floor(Number(ms) || 0)), seq: this.seq++, f, every });
    return id;
  }

  clearTimeout(id: number | undefined): void {
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** When the next timer is due, or undefined when none is pending. */
  nextDue(): number | undefined {
    let min: number | undefined;
    for (const t of this.timers) if (min === undefined || t.at < min) min = t.at;
    return min;
  }

  /** Moves time forward by `ms`, firing every timer due on the way (including ones scheduled meanwhile). */
  advance(ms: number): void {
    const target = this.now + Math.max(0, Math.round(ms));
    for (;;) {
      let next: Timer | undefined;
      for (const t of this.timers)
        if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      if (!next) break;
      this.now = Math.max(this.now, next.at);
      if (next.every !== undefined) {
        next.at = this.now + Math.max(1, next.every);
        next.seq = this.seq++;
      } else this.timers = this.timers.filter((t) => t !== next);
      try {
        next.f();
      } catch (error) {
        this.onError(error);
      }
    }
    this.now = target;
  }

  /** Drops every pending timer (the window is closing). */
  reset(): void {
    this.timers = [];
  }
}

type ClockWindow = {
  Date: DateConstructor;
  performance: Performance;
  setTimeout: unknown;
  clearTimeout: unknown;
  setInterval: unknown;
  clearInterval: unknown;
};

/**
 * Puts the clock into a window: `Date` (no-argument construction and `Date.now()`), `performance.now()`
 * (ms since the window was created) and the four timer functions. The window's own realm keeps its Date
 * prototype, so dates built from numbers behave as usual.
 */
export const installClock = (window: ClockWindow, clock: VirtualClock): void => {
  const RealDate = window.Date;
  const origin = clock.now;
  // A function constructor rather than a class, so the window's realm sees an ordinary Date.
  function VirtualDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(clock.now).toString();
    return args.length === 0
      ? new RealDate(clock.now)
      : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
  }
  Object.setPrototypeOf(VirtualDate, RealDate);
  VirtualDate.prototype = RealDate.prototype;
  Object.defineProperty(VirtualDate, 'now', { value: () => clock.now, configurable: true, writable: true });
  window.Date = VirtualDate as unknown as DateConstructor;
  Object.defineProperty(window.performance, 'now', { value: () => clock.now - origin, configurable: true });
  const timer =
    (repeat: boolean) =>
    (f: unknown, ms?: number, ...args: unknown[]): number => {
      if (typeof f !== 'function') return 0;
      const run = () => (f as (...a: unknown[]) => void)(...args);
      return clock.setTimeout(run, ms, repeat ? Math.max(1, Number(ms) || 0) : undefined);
    };
  window.setTimeout = timer(false);
  window.setInterval = timer(true);
  window.clearTimeout = (id: number) => clock.clearTimeout(id);
  window.clearInterval = (id: number) => clock.clearTimeout(id);
};
