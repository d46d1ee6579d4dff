import { creativeFatigue, messageDecay, psychologicalTriggers } from '@ri/engine';
import type { Database } from '../../db/client.js';
import { type AdReadings, isStale, type RefreshMarks, readRefreshState, refreshBusiness } from './refresh.js';

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

/** Refreshes a business's rollups once at a time in this process (callers during a refresh share it). */
export function refreshOnce(database: Database, businessId: string): Promise<boolean> {
  const under = running.get(businessId);
  if (under) return under;
  const started = refreshBusiness(database, businessId, ENGINE_READINGS).finally(() => running.delete(businessId));
  running.set(businessId, started);
  return started;
}

/**
 * Brings a business's rollups up to date before a read: marks this process holds are written, and a refresh runs
 * when anything is marked (or the rollups were never built, or the day changed).
 */
export async function ensureFresh(
  database: Database,
  businessId: string,
  marks?: RefreshMarks,
): Promise<{ revenueCurrency: string | null }> {
  await marks?.flush(businessId);
  const state = await readRefreshState(database.executeSql, businessId);
  if (state && !isStale(state, new Date())) return { revenueCurrency: state.revenueCurrency };
  // A refresh already under way may have started before the latest marks: wait for it, then check again.
  const under = running.get(businessId);
  if (under) await under.catch(() => false);
  await refreshOnce(database, businessId);
  const after = await readRefreshState(database.executeSql, businessId);
  return { revenueCurrency: after?.revenueCurrency ?? null };
}
