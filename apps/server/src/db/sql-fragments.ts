import type { TimeRange } from '@ri/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { sessionIntelligence, trackingSessions } from './schema.js';

const RANGE_SQL: Record<TimeRange, string> = { '1h': '1 hour', '24h': '24 hours', '7d': '7 days', '30d': '30 days' };

/** The start of a time range, as SQL. */
export const since = (range: TimeRange) => sql`now() - ${sql.raw(`interval '${RANGE_SQL[range]}'`)}`;

/** The start of a window of whole days, as SQL. */
export const sinceDays = (days: number) => sql`now() - (${days} * interval '1 day')`;

/** A session is active while its last event is newer than its inactivity timeout. */
export const isActiveSql = sql<boolean>`${trackingSessions.lastEventAt} > now() - (${trackingSessions.timeoutMs} * interval '1 millisecond')`;

/** Joins a session to what the engine knows of it (session_intelligence), on both keys. */
export const intelligenceOfSession = and(
  eq(sessionIntelligence.businessId, trackingSessions.businessId),
  eq(sessionIntelligence.sessionId, trackingSessions.id),
)!;

/** A session, what the engine knows of it (null before its first score), and whether it is still active. */
export const sessionWithIntelligence = { session: trackingSessions, intel: sessionIntelligence, isActive: isActiveSql };
