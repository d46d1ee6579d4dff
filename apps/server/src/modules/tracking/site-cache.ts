import { isConnectionError } from '../../db/client.js';
import type { SiteRow } from './sites.repo.js';

/** How long a known tracking id is kept (an unknown one: UNKNOWN_MS). */
export const SITE_TTL_MS = 30_000;
const UNKNOWN_MS = 5_000;

/**
 * Tracking-id lookups for ingestion, kept 30 s (unknown ids 5 s) so a busy site costs no query per
 * request. Saving settings in this process clears the entry at once; other processes see it within 30 s.
 * While the database is away, a known id keeps being served from its last lookup, so a site's batches
 * reach the writer (which answers 503 until the database is back) rather than failing at the lookup.
 */
export function createSiteCache(lookup: (trackingId: string) => Promise<SiteRow | undefined>, now = () => Date.now()) {
  const entries = new Map<string, { site: SiteRow | undefined; until: number }>();
  return {
    async get(trackingId: string): Promise<SiteRow | undefined> {
      const hit = entries.get(trackingId);
      if (hit && hit.until > now()) return hit.site;
      let site: SiteRow | undefined;
      try {
        site = await lookup(trackingId);
      } catch (error) {
        if (hit?.site && isConnectionError(error)) return hit.site;
        throw error;
      }
      if (entries.size > 10_000) entries.clear();
      entries.set(trackingId, { site, until: now() + (site ? SITE_TTL_MS : UNKNOWN_MS) });
      return site;
    },
    forget(trackingId: string): void {
      entries.delete(trackingId);
    },
  };
}
export type SiteCache = ReturnType<typeof createSiteCache>;
