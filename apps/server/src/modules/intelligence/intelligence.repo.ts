import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessionIntelligence, trackingEvents, trackingSessions } from '../../db/schema.js';
import { isActiveSql, since, type Range as TimeFrame } from '../tracking/admin.repo.js';

const sinceDays = (days: number) => sql`now() - (${days} * interval '1 day')`;

export type IntelligenceRow = typeof sessionIntelligence.$inferSelect;
export type SessionRow = typeof trackingSessions.$inferSelect;
export type SessionWithIntelligence = { session: SessionRow; intel: IntelligenceRow | null; isActive: boolean };

const selection = { session: trackingSessions, intel: sessionIntelligence, isActive: isActiveSql };
const joinIntel = and(
  eq(sessionIntelligence.businessId, trackingSessions.businessId),
  eq(sessionIntelligence.sessionId, trackingSessions.id),
);

/** One session of the business with what the engine knows of it; undefined when it is not the business's. */
export async function findSession(
  db: Executor,
  businessId: string,
  sessionId: string,
): Promise<SessionWithIntelligence | undefined> {
  const [row] = await db
    .select(selection)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, joinIntel)
    .where(and(eq(trackingSessions.businessId, businessId), eq(trackingSessions.id, sessionId)));
  return row;
}

/** Several sessions of the business with what the engine knows of them (unknown ids are left out). */
export async function findSessions(db: Executor, businessId: string, sessionIds: string[]) {
  return db
    .select(selection)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, joinIntel)
    .where(and(eq(trackingSessions.businessId, businessId), inArray(trackingSessions.id, sessionIds)));
}

/** Sessions started within the frame, newest activity first, with their intelligence. */
export async function listLiveSessions(db: Executor, businessId: string, range: TimeFrame, limit: number) {
  return db
    .select(selection)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, joinIntel)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, since(range))))
    .orderBy(desc(trackingSessions.lastEventAt), asc(trackingSessions.id))
    .limit(limit);
}

/** Totals over every session started within the frame (not only the listed ones), with scores by band. */
export async function liveSummary(db: Executor, businessId: string, range: TimeFrame) {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      active: sql<number>`count(*) FILTER (WHERE ${isActiveSql})::int`,
      scored: sql<number>`count(${sessionIntelligence.readinessScore})::int`,
      avgReadiness: sql<number | null>`avg(${sessionIntelligence.readinessScore})`,
      highIntent: sql<number>`count(*) FILTER (WHERE ${sessionIntelligence.readinessScore} >= 80)::int`,
      warming: sql<number>`count(*) FILTER (WHERE ${sessionIntelligence.readinessScore} >= 60 AND ${sessionIntelligence.readinessScore} < 80)::int`,
      early: sql<number>`count(*) FILTER (WHERE ${sessionIntelligence.readinessScore} < 60)::int`,
      avgProbability: sql<number | null>`avg(${sessionIntelligence.conversionProbability})`,
    })
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, joinIntel)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, since(range))));
  return row!;
}

/** Scored sessions within the frame, newest first. */
export async function listScores(db: Executor, businessId: string, range: TimeFrame, limit: number) {
  return db
    .select({ session: trackingSessions, intel: sessionIntelligence })
    .from(trackingSessions)
    .innerJoin(sessionIntelligence, joinIntel)
    .where(
      and(
        eq(trackingSessions.businessId, businessId),
        gte(trackingSessions.startedAt, since(range)),
        sql`${sessionIntelligence.readinessScore} IS NOT NULL`,
      ),
    )
    .orderBy(desc(sessionIntelligence.scoredAt))
    .limit(limit);
}

/** The most sessions an analysis reads (the newest); the reply says how many it analysed. */
export const MAX_ANALYZED_SESSIONS = 5_000;

/** Sessions started within the window with their intelligence, for patterns, flows and insights. */
export async function sessionsForAnalysis(
  db: Executor,
  businessId: string,
  window: { range: TimeFrame } | { days: number },
) {
  const from = 'range' in window ? since(window.range) : sinceDays(window.days);
  return db
    .select({ session: trackingSessions, intel: sessionIntelligence })
    .from(trackingSessions)
    .innerJoin(sessionIntelligence, joinIntel)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, from)))
    .orderBy(desc(trackingSessions.startedAt))
    .limit(MAX_ANALYZED_SESSIONS);
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
    .leftJoin(sessionIntelligence, joinIntel)
    .where(
      and(
        gte(trackingSessions.startedAt, sql`now() - interval '2 days'`),
        sql`${trackingSessions.lastEventAt} < now() - interval '10 seconds'`,
        sql`coalesce(${sessionIntelligence.foldedEvents}, -1) <> ${trackingSessions.eventsCount}`,
      ),
    )
    .limit(limit);
}
