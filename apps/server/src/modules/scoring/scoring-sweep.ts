import type { FastifyBaseLogger } from 'fastify';
import { type Database, isConnectionError } from '../../db/client.js';
import { outdatedProfiles, recentSessionIds, staleSessions } from './scoring.repo.js';
import { models } from './session-analysis.js';
import type { SessionScorer } from './session-scorer.js';

const SWEEP_MS = 30_000;
const SWEEP_LIMIT = 500;

/**
 * One sweep: refolds sessions of the last two days whose folded count disagrees with what ingestion stored
 * 10 s or more after their last event (a process that stopped between a commit and its fold, or events
 * stored by another process), then, with what is left of the round, recent sessions whose profile another
 * Neuromind model made. Answers how many it queued.
 */
export async function sweepScores(database: Database, scorer: SessionScorer, log: FastifyBaseLogger): Promise<number> {
  const stale = await staleSessions(database.db, SWEEP_LIMIT);
  for (const s of stale) scorer.rebuild(s.businessId, s.sessionId);
  if (stale.length > 0) log.info({ sessions: stale.length }, 'scoring sweep refolds sessions');
  const { neuromindVersion } = models();
  if (!neuromindVersion || stale.length >= SWEEP_LIMIT) return stale.length;
  const outdated = await outdatedProfiles(database.db, neuromindVersion, SWEEP_LIMIT - stale.length);
  for (const s of outdated) scorer.rebuild(s.businessId, s.sessionId);
  if (outdated.length > 0) log.info({ sessions: outdated.length }, 'scoring sweep redoes profiles of an older model');
  return stale.length + outdated.length;
}

/** Sweeps every 30 s, and once right away (a restart, or a new model, catches up at once). */
export function startScoringSweep(database: Database, scorer: SessionScorer, log: FastifyBaseLogger) {
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      await sweepScores(database, scorer, log);
    } catch (error) {
      // While the database is away the outage is logged once where requests meet it (http/error-handler.ts).
      if (isConnectionError(error)) log.debug('scoring sweep waits for the database');
      else log.warn({ err: error }, 'scoring sweep failed; it runs again shortly');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  setTimeout(sweep, 1_000).unref();
  return timer;
}

/** Sessions re-typed after a page-type change: the business's sessions of the last 7 days. */
const RESCORE_DAYS = 7;
const RESCORE_LIMIT = 5_000;

/**
 * Refolds a business's recent sessions (latest first, at most 5,000) from their stored events, so that a
 * change of its page-type rules reaches their journeys and scores. Answers how many were queued.
 */
export async function rescoreRecentSessions(
  database: Database,
  scorer: SessionScorer,
  businessId: string,
): Promise<number> {
  const ids = await recentSessionIds(database, businessId, RESCORE_DAYS, RESCORE_LIMIT);
  for (const id of ids) scorer.rebuild(businessId, id);
  return ids.length;
}
