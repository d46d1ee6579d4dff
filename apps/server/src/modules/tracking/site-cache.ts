import type { Db } from '../../db/client.js';
import { findSiteByTrackingId, type SiteRow } from './sites.repo.js';

/**
 * Tracking-id lookups for ingestion, kept 30 s (unknown ids 5 s) so a busy site costs no query per
 * request. Saving settings in this process clears the entry at once; other processes see it within 30 s.
 */
export function createSiteCache(db: Db) {
  const entries = new Map<string, { site: SiteRow | undefined; until: number }>();
  return {
    async get(trackingId: string): Promise<SiteRow | undefined> {
      const hit = entries.get(trackingId);
      if (hit && hit.until > Date.now()) return hit.site;
      const site = await findSiteByTrackingId(db, trackingId);
      if (entries.size > 10_000) entries.clear();
      entries.set(trackingId, { site, until: Date.now() + (site ? 30_000 : 5_000) });
      return site;
    },
    forget(trackingId: string): void {
      entries.delete(trackingId);
    },
  };
}
export type SiteCache = ReturnType<typeof createSiteCache>;
