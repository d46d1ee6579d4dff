import { creativeFatigue, messageDecay, psychologicalTriggers } from '@ri/engine';
import type { Database } from '../../db/client.js';
import { joinInFlight } from '../../lib/in-flight.js';
import { refreshBehindDue } from '../../lib/refresh-behind.js';
import {
  type AdReadings,
  isStale,
  type RefreshMarks,
  type RefreshState,
  readRefreshState,
  refreshBusiness,
} from './refresh.js';

/** The engine's rules, as the refresh reads each ad's texts and days with them. */
export const ENGINE_READINGS: AdReadings = {
  triggers: (texts) => psychologicalTriggers(texts),
  fatigue: (days) => {
    const f = creativeFatigue(days);
    return {
      score: f.score,
      reason: f.reason,
      baseline_ctr: f.baseline_ctr,
      recent_ctr: f.recent_ctr,
      frequency: f.frequency,
      days_live: f.days_live,
    };
  },
  decay: (days) => {
    const d = messageDecay(days);
    return { rate_per_day: d.rate_per_day, r2: d.r2, reason: d.reason };
  },
};

const running = new Map<string, Promise<boolean>>();
/** How long each business's last refresh in this process took (ms). */
const lastDuration = new Map<string, number>();

/** Refreshes a business's rollups once at a time in this process (callers during a refresh share it). */
export function refreshOnce(database: Database, businessId: string): Promise<boolean> {
  const under = running.get(businessId);
  if (under) return under;
  const t0 = performance.now();
  const started = refreshBusiness(database, businessId, ENGINE_READINGS).finally(() => {
    running.delete(businessId);
    lastDuration.set(businessId, performance.now() - t0);
  });
  running.set(businessId, started);
  return started;
}

/** Resolves once no refresh runs in this process (the module's stop). */
export async function refreshesIdle(): Promise<void> {
  await Promise.all([...running.values()].map((p) => p.catch(() => false)));
}

/**
 * New sessions and payments arrive all the time on a busy site: a read answers from rollups refreshed at most this
 * long ago and refreshes them behind the answer (the job does so every minute too). Ad syncs, a new day and a first
 * build are waited for.
 */
export const SESSIONS_STALE_MS = 60_000;

const ensuring = new Map<string, Promise<{ revenueCurrency: string | null }>>();

/**
 * Brings a business's rollups up to date before a read: a refresh runs when anything is marked (or the rollups were
 * never built, or the day changed); visits marked since a refresh under SESSIONS_STALE_MS ago are refreshed behind
 * the answer.
 */
export function ensureFresh(
  database: Database,
  businessId: string,
  marks?: RefreshMarks,
): Promise<{ revenueCurrency: string | null }> {
  // Reads of one moment (the dashboard's ad summary, its spend per day, its market figures) share one check.
  return joinInFlight(ensuring, businessId, () => ensureFreshNow(database, businessId, marks));
}

async function ensureFreshNow(
  database: Database,
  businessId: string,
  marks?: RefreshMarks,
): Promise<{ revenueCurrency: string | null }> {
  const now = new Date();
  const onlyVisits = (state: RefreshState | null): state is RefreshState & { refreshedAt: Date } =>
    Boolean(
      state?.sessionsBuilt &&
        !state.adsDirty &&
        state.windowsAsOf === now.toISOString().slice(0, 10) &&
        state.refreshedAt &&
        now.getTime() - state.refreshedAt.getTime() < SESSIONS_STALE_MS,
    );
  const behind = (state: RefreshState & { refreshedAt: Date }) => {
    // The job logs a refresh that fails; the next read or run tries again. Under a stream of visits nearly every
    // read finds something marked: refreshes behind reads take a bounded share of time.
    if (refreshBehindDue(now.getTime() - state.refreshedAt.getTime(), lastDuration.get(businessId))) {
      void (async () => {
        await marks?.flush(businessId);
        await refreshOnce(database, businessId);
      })().catch(() => false);
    }
    return { revenueCurrency: state.revenueCurrency };
  };
  const held = marks?.held(businessId);
  if (!held?.ads && !held?.charges) {
    // Visits marked here and not yet written: answered as visits already written are (behind the answer), which
    // saves a write on every read under a stream of visits. Ad syncs and payments are never answered stale.
    const state = await readRefreshState(database.executeSql, businessId);
    if (state && !held && !isStale(state, now)) return { revenueCurrency: state.revenueCurrency };
    if (onlyVisits(state)) return behind(state);
  }
  await marks?.flush(businessId);
  const state = await readRefreshState(database.executeSql, businessId);
  if (state && !isStale(state, now)) return { revenueCurrency: state.revenueCurrency };
  if (onlyVisits(state)) return behind(state);
  // A refresh already under way may have started before the latest marks: wait for it, then check again.
  const under = running.get(businessId);
  if (under) await under.catch(() => false);
  await refreshOnce(database, businessId);
  const after = await readRefreshState(database.executeSql, businessId);
  return { revenueCurrency: after?.revenueCurrency ?? null };
}
