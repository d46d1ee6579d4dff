import { TRACKING_DEFAULTS, TRACKING_FEATURES } from '@ri/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, trackingSessions, trackingSites } from '../../db/schema.js';

/** The shared demo business's id and how many sessions it has (undefined before it exists). */
export async function findDemoBusiness(db: Db): Promise<{ id: string; sessions: number } | undefined> {
  const [demo] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.isDemo, true)).limit(1);
  if (!demo) return undefined;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingSessions)
    .where(eq(trackingSessions.businessId, demo.id));
  return { id: demo.id, sessions: Number(n) };
}

/** The demo business's tracking id: created once with every feature and the demo shop's origin. */
export async function ensureDemoSite(db: Db, businessId: string, trackingId: string, origin: string): Promise<string> {
  await db
    .insert(trackingSites)
    .values({
      trackingId,
      businessId,
      features: [...TRACKING_FEATURES],
      ...TRACKING_DEFAULTS,
      mode: 'standard',
      allowedOrigins: [origin],
      respectDnt: true,
      ctaSelectors: [],
    })
    .onConflictDoNothing({ target: trackingSites.businessId });
  const [site] = await db
    .select({ trackingId: trackingSites.trackingId })
    .from(trackingSites)
    .where(eq(trackingSites.businessId, businessId));
  return site!.trackingId;
}
