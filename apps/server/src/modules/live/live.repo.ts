import { READINESS_THRESHOLDS, type TimeRange } from '@ri/contracts';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessionIntelligence, trackingSessions } from '../../db/schema.js';
import { intelligenceOfSession, isActiveSql, sessionWithIntelligence, since } from '../../db/sql-fragments.js';

/** Sessions started within the frame, newest activity first, with their intelligence. */
export async function listLiveSessions(db: Executor, businessId: string, range: TimeRange, limit: number) {
  return db
    .select(sessionWithIntelligence)
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, intelligenceOfSession)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, since(range))))
    .orderBy(desc(trackingSessions.lastEventAt), asc(trackingSessions.id))
    .limit(limit);
}

const READY = sql.raw(String(READINESS_THRESHOLDS.ready));
const WARMING = sql.raw(String(READINESS_THRESHOLDS.warming));
/** A score as screens show it and band it: to one decimal (79.96 shows as 80.0, Ready to Convert). */
const SHOWN_SCORE = sql`round(${sessionIntelligence.readinessScore}::numeric, 1)`;

/** Totals over every session started within the frame (not only the listed ones), with scores by band. */
export async function liveSummary(db: Executor, businessId: string, range: TimeRange) {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      active: sql<number>`count(*) FILTER (WHERE ${isActiveSql})::int`,
      scored: sql<number>`count(${sessionIntelligence.readinessScore})::int`,
      avgReadiness: sql<number | null>`avg(${sessionIntelligence.readinessScore})`,
      highIntent: sql<number>`count(*) FILTER (WHERE ${SHOWN_SCORE} >= ${READY})::int`,
      warming: sql<number>`count(*) FILTER (WHERE ${SHOWN_SCORE} >= ${WARMING} AND ${SHOWN_SCORE} < ${READY})::int`,
      early: sql<number>`count(*) FILTER (WHERE ${SHOWN_SCORE} < ${WARMING})::int`,
      avgProbability: sql<number | null>`avg(${sessionIntelligence.conversionProbability})`,
    })
    .from(trackingSessions)
    .leftJoin(sessionIntelligence, intelligenceOfSession)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, since(range))));
  return row!;
}

/** Scored sessions within the frame, newest first. */
export async function listScores(db: Executor, businessId: string, range: TimeRange, limit: number) {
  return db
    .select({ session: trackingSessions, intel: sessionIntelligence })
    .from(trackingSessions)
    .innerJoin(sessionIntelligence, intelligenceOfSession)
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
