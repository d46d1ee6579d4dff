import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { sessionIntelligence, trackingEvents, trackingSessions } from '../../db/schema.js';
import { intelligenceOfSession, sessionWithIntelligence } from '../../db/sql-fragments.js';

export type IntelligenceRow = typeof sessionIntelligence.$inferSelect;
export type SessionRow = typeof trackingSessions.$inferSelect;
export type SessionWithIntelligence = { session: SessionRow; intel: IntelligenceRow | null; isActive: boolean };

/** One session of the business with what the engine knows of it; undefined when it is not the business's. */
export async function findSession(
  db: Executor,
  businessId: string,
  sessionId: string,
): Promise<SessionWithIntelligence | undefined> {
  const [row] = await db
    .select(sessionWithIntelligence)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, intelligenceOfSession)
    .where(and(eq(trackingSessions.businessId, businessId), eq(trackingSessions.id, sessionId)));
  return row;
}

/** Several sessions of the business with what the engine knows of them (unknown ids are left out). */
export async function findSessions(db: Executor, businessId: string, sessionIds: string[]) {
  return db
    .select(sessionWithIntelligence)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, intelligenceOfSession)
    .where(and(eq(trackingSessions.businessId, businessId), inArray(trackingSessions.id, sessionIds)));
}

/** The most events the journey read returns. */
export const MAX_JOURNEY_EVENTS = 500;

/** A session's events in time order (at most MAX_JOURNEY_EVENTS + 1, so the caller can tell it was cut). */
export async function sessionEvents(db: Executor, businessId: string, sessionId: string) {
  return db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.businessId, businessId), eq(trackingEvents.sessionId, sessionId)))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id))
    .limit(MAX_JOURNEY_EVENTS + 1);
}

/** Sessions of recent days whose folded count disagrees with what ingestion stored (a lost or crossed fold). */
export async function staleSessions(db: Executor, limit: number) {
  return db
    .select({ businessId: trackingSessions.businessId, sessionId: trackingSessions.id })
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, intelligenceOfSession)
    .where(
      and(
        gte(trackingSessions.startedAt, sql`now() - interval '2 days'`),
        sql`${trackingSessions.lastEventAt} < now() - interval '10 seconds'`,
        sql`coalesce(${sessionIntelligence.foldedEvents}, -1) <> ${trackingSessions.eventsCount}`,
      ),
    )
    .limit(limit);
}

/** The business's sessions active within the last `days`, latest first, at most `limit`. */
export async function recentSessionIds(database: Database, businessId: string, days: number, limit: number) {
  const { rows } = await database.executeSql(
    `SELECT id FROM tracking_sessions WHERE business_id = $1 AND last_event_at > now() - interval '${days} days'
     ORDER BY last_event_at DESC LIMIT ${limit}`,
    [businessId],
  );
  return rows.map((r) => String(r.id));
}

/** How far back profiles of an older Neuromind model are redone. */
const PROFILE_REDO_DAYS = 7;

/**
 * Sessions of recent days whose profile (or whose verdict "not yet classified") another Neuromind model made (or one from before models were
 * recorded): what the sweep refolds after a new model is deployed, so no screen keeps an old model's profile.
 */
export async function outdatedProfiles(db: Executor, modelVersion: string, limit: number) {
  return db
    .select({ businessId: trackingSessions.businessId, sessionId: trackingSessions.id })
    .from(trackingSessions)
    .innerJoin(sessionIntelligence, intelligenceOfSession)
    .where(
      and(
        gte(trackingSessions.startedAt, sql`now() - (${PROFILE_REDO_DAYS} * interval '1 day')`),
        sql`(${sessionIntelligence.neuromindProfile} IS NOT NULL OR ${sessionIntelligence.profileUnclassifiedReason} IS NOT NULL)`,
        sql`${sessionIntelligence.profileModel} IS DISTINCT FROM ${modelVersion}`,
      ),
    )
    .limit(limit);
}
