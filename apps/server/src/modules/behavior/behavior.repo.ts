import type { TimeRange } from '@ri/contracts';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessionIntelligence, trackingSessions } from '../../db/schema.js';
import { intelligenceOfSession, since, sinceDays } from '../../db/sql-fragments.js';

/** The most sessions an analysis reads (the newest); the reply says how many it analysed. */
export const MAX_ANALYZED_SESSIONS = 5_000;

/** Sessions started within the window with their intelligence, for patterns, flows and insights. */
export async function sessionsForAnalysis(
  db: Executor,
  businessId: string,
  window: { range: TimeRange } | { days: number },
) {
  const from = 'range' in window ? since(window.range) : sinceDays(window.days);
  return db
    .select({ session: trackingSessions, intel: sessionIntelligence })
    .from(trackingSessions)
    .innerJoin(sessionIntelligence, intelligenceOfSession)
    .where(and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, from)))
    .orderBy(desc(trackingSessions.startedAt))
    .limit(MAX_ANALYZED_SESSIONS);
}
