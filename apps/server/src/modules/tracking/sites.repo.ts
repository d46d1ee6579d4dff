import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { trackingBotCounts, trackingSessions, trackingSites } from '../../db/schema.js';

export type SiteRow = typeof trackingSites.$inferSelect;

export async function findSiteByBusiness(db: Executor, businessId: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(trackingSites).where(eq(trackingSites.businessId, businessId)).limit(1);
  return row;
}

export async function findSiteByTrackingId(db: Executor, trackingId: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(trackingSites).where(eq(trackingSites.trackingId, trackingId)).limit(1);
  return row;
}

/** Creates the business's site or updates its settings; the tracking id never changes once made. */
export async function upsertSite(db: Executor, values: typeof trackingSites.$inferInsert): Promise<SiteRow> {
  const { trackingId: _keep, businessId: _b, createdAt: _c, ...settings } = values;
  const [row] = await db
    .insert(trackingSites)
    .values(values)
    .onConflictDoUpdate({ target: trackingSites.businessId, set: { ...settings, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Events received in the last day from one origin for a tracking id, read from the session totals. */
export async function recentEventsFromOrigin(db: Executor, businessId: string, trackingId: string, origin: string) {
  const [row] = await db
    .select({
      events: sql<number>`coalesce(sum(${trackingSessions.eventsCount}), 0)::int`,
      last: sql<Date | null>`max(${trackingSessions.lastEventAt})`,
    })
    .from(trackingSessions)
    .where(
      and(
        eq(trackingSessions.businessId, businessId),
        eq(trackingSessions.trackingId, trackingId),
        eq(trackingSessions.origin, origin),
        gt(trackingSessions.lastEventAt, sql`now() - interval '24 hours'`),
      ),
    );
  return { events: Number(row?.events ?? 0), last: row?.last ? new Date(row.last) : null };
}

export async function recentTotals(db: Executor, businessId: string) {
  const [events] = await db
    .select({
      events: sql<number>`coalesce(sum(${trackingSessions.eventsCount}), 0)::int`,
      last: sql<Date | null>`max(${trackingSessions.lastEventAt})`,
    })
    .from(trackingSessions)
    .where(
      and(
        eq(trackingSessions.businessId, businessId),
        gt(trackingSessions.lastEventAt, sql`now() - interval '24 hours'`),
      ),
    );
  const [bots] = await db
    .select({ requests: sql<number>`coalesce(sum(${trackingBotCounts.requests}), 0)::int` })
    .from(trackingBotCounts)
    .where(and(eq(trackingBotCounts.businessId, businessId), sql`${trackingBotCounts.day} >= current_date - 1`));
  return {
    events: Number(events?.events ?? 0),
    last: events?.last ? new Date(events.last) : null,
    bots: Number(bots?.requests ?? 0),
  };
}

/** Counts a bot request for today without storing anything it sent. */
export function countBotRequest(db: Executor, businessId: string) {
  return db
    .insert(trackingBotCounts)
    .values({ businessId, day: sql`current_date`, requests: 1 })
    .onConflictDoUpdate({
      target: [trackingBotCounts.businessId, trackingBotCounts.day],
      set: { requests: sql`${trackingBotCounts.requests} + 1` },
    });
}
