import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { integrationSyncRuns } from '../../../db/schema.js';
import { OPEN_STATUSES, runSlice, type SliceResult, type SyncEngineDeps, startSync } from './sync-engine.js';

/** How often runs left open (a crash, another process's pause) are looked for and continued. */
const SWEEP_MS = 60_000;

export type SyncRunner = {
  /** Starts a sync (or answers the one under way) and works on it in the background. */
  trigger(
    businessId: string,
    integrationId: string,
    trigger: 'manual' | 'scheduled' | 'connect',
  ): Promise<{ runId: string; started: boolean }>;
  /** Continues every open run whose pause is over and that no process holds (start-up and every minute). */
  resumeOpenRuns(): Promise<number>;
  /** Resolves when no slice is running and none is due (tests). */
  drain(): Promise<void>;
  /** Slices this process has worked, by how they ended. */
  stats(): { slices: number; paused: number };
  start(): void;
  stop(): Promise<void>;
};

/**
 * Drives sync runs in this process: a slice at a time (the engine's time budget), a paused run continued
 * when its pause ends, and a sweep that takes over runs another process left (its lease expired).
 */
export function createSyncRunner(
  deps: SyncEngineDeps,
  log: FastifyBaseLogger,
  /** Hears of every slice worked (its pages are committed by then): what was synced changed. */
  onSlice?: (result: SliceResult) => void,
): SyncRunner {
  const active = new Map<string, Promise<void>>();
  const due = new Map<string, NodeJS.Timeout>();
  let sweep: NodeJS.Timeout | undefined;
  let stopped = false;
  const counts = { slices: 0, paused: 0 };

  const schedule = (runId: string, at: Date | null) => {
    if (stopped || due.has(runId)) return;
    const wait = Math.max(0, (at?.getTime() ?? 0) - Date.now());
    const timer = setTimeout(() => {
      due.delete(runId);
      void drive(runId);
    }, wait);
    timer.unref();
    due.set(runId, timer);
  };

  const drive = (runId: string): Promise<void> => {
    const running = active.get(runId);
    if (running) return running;
    const slice = (async () => {
      try {
        const result = await runSlice(deps, runId);
        if (!result) {
          // Another process holds the run (or held it and died): try again when its lease ends.
          const [run] = await deps.db
            .select({ leaseUntil: integrationSyncRuns.leaseUntil, status: integrationSyncRuns.status })
            .from(integrationSyncRuns)
            .where(eq(integrationSyncRuns.id, runId));
          if (run?.leaseUntil && OPEN_STATUSES.includes(run.status)) {
            schedule(runId, new Date(run.leaseUntil.getTime() + 1_000));
          }
          return;
        }
        counts.slices++;
        try {
          onSlice?.(result);
        } catch (error) {
          log.error({ err: error, runId }, 'a sync listener failed');
        }
        if (result?.status === 'timeout_resuming') {
          counts.paused++;
          schedule(runId, result.resumeAt);
        }
      } catch (error) {
        // The run keeps its committed pages; its lease runs out and the sweep continues it.
        log.error({ err: error, runId }, 'sync slice failed');
      }
    })().finally(() => active.delete(runId));
    active.set(runId, slice);
    return slice;
  };

  async function resumeOpenRuns(): Promise<number> {
    const open = await deps.db
      .select({ id: integrationSyncRuns.id, resumeAt: integrationSyncRuns.resumeAt })
      .from(integrationSyncRuns)
      .where(inArray(integrationSyncRuns.status, OPEN_STATUSES));
    for (const run of open) if (!active.has(run.id)) schedule(run.id, run.resumeAt);
    return open.length;
  }

  return {
    async trigger(businessId, integrationId, trigger) {
      const result = await startSync(deps, businessId, integrationId, trigger);
      void drive(result.runId);
      return result;
    },
    resumeOpenRuns,
    stats: () => ({ ...counts }),
    async drain() {
      for (let i = 0; i < 10_000 && (active.size > 0 || due.size > 0); i++) {
        if (active.size > 0) await Promise.all(active.values());
        else await new Promise((r) => setTimeout(r, 10));
      }
    },
    start() {
      void resumeOpenRuns().catch((error) => log.error({ err: error }, 'resuming open syncs failed'));
      sweep = setInterval(() => void resumeOpenRuns().catch(() => {}), SWEEP_MS);
      sweep.unref();
    },
    async stop() {
      stopped = true;
      if (sweep) clearInterval(sweep);
      for (const timer of due.values()) clearTimeout(timer);
      due.clear();
      await Promise.all(active.values());
    },
  };
}
