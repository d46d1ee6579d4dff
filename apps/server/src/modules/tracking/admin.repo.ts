import type { TimeRange } from '@ri/contracts';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { trackingBotCounts, trackingEvents, trackingSessions } from '../../db/schema.js';
import { isActiveSql, since } from '../../db/sql-fragments.js';

export type SessionRow = typeof trackingSessions.$inferSelect;

function statusCondition(status: 'all' | 'active' | 'completed') {
  if (status === 'active') return isActiveSql;
  if (status === 'completed') return sql`not (${isActiveSql})`;
  return undefined;
}

/** A page of a business's sessions started within the range, newest first, with the total count. */
export async function listSessions(
  db: Executor,
  businessId: string,
  q: { range: TimeRange; status: 'all' | 'active' | 'completed'; page: number; limit: number },
) {
  const where = and(
    eq(trackingSessions.businessId, businessId),
    gte(trackingSessions.startedAt, since(q.range)),
    statusCondition(q.status),
  );
  const rows = await db
    .select({ session: trackingSessions, isActive: isActiveSql, total: sql<number>`count(*) over ()` })
    .from(trackingSessions)
    .where(where)
    .orderBy(desc(trackingSessions.startedAt), asc(trackingSessions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.page > 1) {
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(trackingSessions).where(where);
    total = Number(count?.n ?? 0);
  }
  return { rows, total };
}

/** Totals of the range: sessions, active ones, events, mean duration, top pages, devices, bot requests. */
export async function sessionStats(db: Executor, businessId: string, range: TimeRange) {
  const inRange = and(eq(trackingSessions.businessId, businessId), gte(trackingSessions.startedAt, since(range)));
  const [totals] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${isActiveSql})::int`,
      events: sql<number>`coalesce(sum(${trackingSessions.eventsCount}), 0)::bigint`,
      avgSeconds: sql<number>`coalesce(avg(extract(epoch from ${trackingSessions.lastEventAt} - ${trackingSessions.startedAt})), 0)::float8`,
    })
    .from(trackingSessions)
    .where(inRange);
  const topPages = await db
    .select({
      url: trackingEvents.url,
      title: sql<string | null>`max(${trackingEvents.title})`,
      views: sql<number>`count(*)::int`,
    })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.businessId, businessId),
        eq(trackingEvents.type, 'page_view'),
        gte(trackingEvents.occurredAt, since(range)),
      ),
    )
    .groupBy(trackingEvents.url)
    .orderBy(desc(sql`count(*)`))
    .limit(5);
  const devices = await db
    .select({
      device: sql<string>`coalesce(${trackingSessions.deviceType}, 'unknown')`,
      sessions: sql<number>`count(*)::int`,
    })
    .from(trackingSessions)
    .where(inRange)
    .groupBy(sql`1`)
    .orderBy(desc(sql`count(*)`));
  const [bots] = await db
    .select({ n: sql<number>`coalesce(sum(${trackingBotCounts.requests}), 0)::int` })
    .from(trackingBotCounts)
    .where(and(eq(trackingBotCounts.businessId, businessId), sql`${trackingBotCounts.day} >= (${since(range)})::date`));
  return { totals: totals!, topPages, devices, bots: Number(bots?.n ?? 0) };
}

export async function findSession(db: Executor, businessId: string, sessionId: string) {
  const [row] = await db
    .select({ session: trackingSessions, isActive: isActiveSql })
    .from(trackingSessions)
    .where(and(eq(trackingSessions.businessId, businessId), eq(trackingSessions.id, sessionId)))
    .limit(1);
  return row;
}

export function listSessionEvents(db: Executor, businessId: string, sessionId: string, limit: number) {
  return db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.businessId, businessId), eq(trackingEvents.sessionId, sessionId)))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id))
    .limit(limit);
}
