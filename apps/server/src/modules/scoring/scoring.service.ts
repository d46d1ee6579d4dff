import {
  type BatchCalculateReadinessResponse,
  isUuid,
  readinessBandOf,
  round,
  SESSION_NOT_FOUND,
  type SessionJourney,
} from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { PageTypeRules } from '../page-types/index.js';
import * as repo from './scoring.repo.js';
import { buildJourney } from './session-journey.js';
import type { SessionScorer } from './session-scorer.js';

/** The admin screens' 404 for a session that is not the business's (or does not exist). */
export const sessionNotFound = () => new AppError('not_found', SESSION_NOT_FOUND);

/** A session of the business with what the engine knows of it, or the 404 that does not tell which. */
export async function findBusinessSession(db: Db, businessId: string, sessionId: string) {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const row = await repo.findSession(db, businessId, sessionId);
  if (!row) throw sessionNotFound();
  return row;
}

/** Refolds a session from its stored events, waits for the scorer, and answers what it stored. */
export async function recalculateSession(db: Db, scorer: SessionScorer, businessId: string, sessionId: string) {
  scorer.rebuild(businessId, sessionId);
  await scorer.drain();
  return findBusinessSession(db, businessId, sessionId);
}

/** A session's journey: its stored events read with the business's page-type rules. */
export async function readJourney(
  db: Db,
  rules: PageTypeRules,
  businessId: string,
  sessionId: string,
): Promise<SessionJourney> {
  const row = await findBusinessSession(db, businessId, sessionId);
  const [events, pageRules] = await Promise.all([
    repo.sessionEvents(db, businessId, row.session.id),
    rules.rulesFor(businessId),
  ]);
  return buildJourney(row.session, events, pageRules);
}

/** Recomputes up to 500 sessions of the business and answers each one's readiness, or why there is none. */
export async function batchCalculateReadiness(
  db: Db,
  scorer: SessionScorer,
  businessId: string,
  sessionIds: readonly string[],
): Promise<BatchCalculateReadinessResponse> {
  const ids = [...new Set(sessionIds.map((id) => id.toLowerCase()))];
  const known = await repo.findSessions(db, businessId, ids);
  for (const row of known) scorer.rebuild(businessId, row.session.id);
  await scorer.drain();
  const scored = new Map((await repo.findSessions(db, businessId, ids)).map((row) => [row.session.id, row.intel]));
  const results = ids.map((id) => {
    if (!scored.has(id)) return { session_id: id, error: SESSION_NOT_FOUND };
    const score = scored.get(id)?.readinessScore;
    const probability = scored.get(id)?.conversionProbability;
    return score == null || probability == null
      ? { session_id: id, error: 'No readiness score yet: the session has no page view to read.' }
      : {
          session_id: id,
          readiness_score: round(score, 1),
          conversion_probability: round(probability, 4),
          band: readinessBandOf(round(score, 1)),
        };
  });
  return { results };
}
