import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from '../db/client.js';

type Options<C> = {
  /** Writes at most this often. */
  flushMs: number;
  /** While the database is away, tries again this often. */
  retryMs?: number;
  merge(was: C | undefined, change: C): C;
  write(key: string, change: C): Promise<void>;
  log: Pick<FastifyBaseLogger, 'debug' | 'error'>;
  /** What the marks are, for the log: "dashboard rollups". */
  what: string;
};

/**
 * Changes marked per key, merged in memory and written at most every `flushMs`. A write the database refuses
 * because it is away keeps the change to write when it is back (the outage is logged where requests meet it);
 * any other failure is logged with its stack and the change dropped, since writing it again would fail again.
 */
export function createCoalescedMarks<C>({ flushMs, retryMs = 5_000, merge, write, log, what }: Options<C>) {
  const pending = new Map<string, C>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    timer.unref?.();
  };

  async function flush(key?: string): Promise<void> {
    const entries = key === undefined ? [...pending] : pending.has(key) ? [[key, pending.get(key)!] as const] : [];
    for (const [k] of entries) pending.delete(k);
    for (const [k, change] of entries) {
      try {
        await write(k, change);
      } catch (error) {
        if (isConnectionError(error)) {
          pending.set(k, merge(pending.get(k), change));
          log.debug({ key: k }, `marking ${what} as changed waits for the database`);
          schedule(retryMs);
        } else {
          log.error({ err: error, key: k }, `marking ${what} as changed failed`);
        }
      }
    }
  }

  return {
    mark(key: string, change: C) {
      pending.set(key, merge(pending.get(key), change));
      schedule(flushMs);
    },
    flush,
    /** What this process has marked for the key and not written yet. */
    held: (key: string): C | undefined => pending.get(key),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
