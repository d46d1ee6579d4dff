import { toSignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { sessionAdminRoutes } from './admin.routes.js';
import { flagSuspectSessions } from './anomaly.repo.js';
import { createIngestWriter } from './ingest/ingest-writer.js';
import { ingestRoutes } from './ingest.routes.js';
import { createSiteCache } from './site-cache.js';
import { findSiteByTrackingId } from './sites.repo.js';
import { trackingScriptRoutes } from './tracking.routes.js';

export { sessionExists, sessionSeconds } from './admin.service.js';
export { DEFAULT_SURGE, flagSuspectSessions, type SurgeRule } from './anomaly.repo.js';
export type { IngestWriter } from './ingest/ingest-writer.js';
export { sdkRoutes } from './sdk.routes.js';
export { createTrackingId } from './sites.service.js';

/** Where each request's newly stored events go (the scorer): all of them new, or only some of them. */
export type StoredEvents = {
  stored(businessId: string, sessionId: string, events: ReturnType<typeof toSignalEvent>[]): void;
  rebuild(businessId: string, sessionId: string): void;
};

/**
 * A request's newly committed share of one session, with who sent it: for modules that act on what visitors do
 * (the Conversions API, wired by the app). The address and user agent are the request's; tracking stores neither.
 */
export type StoredBatch = {
  businessId: string;
  sessionId: string;
  visitorId: string;
  ip: string | null;
  userAgent: string | null;
  events: readonly { id: string; type: string; occurredAt: Date; url?: string; data?: Record<string, unknown> }[];
};
export type StoredBatchListener = (batch: StoredBatch) => void;

/**
 * Tracking: the tracking script and its settings, loss-free ingestion from customers' sites (group commit,
 * server-side sessions), and the recorded sessions of Session Admin.
 */
export function createTrackingModule(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  scoring: StoredEvents,
  listeners: readonly StoredBatchListener[] = [],
) {
  const sites = createSiteCache((trackingId) => findSiteByTrackingId(database.db, trackingId));
  const ingest = createIngestWriter(database, log, {
    // Each request's newly stored events go to the scorer: all of them new, fold them; only some, refold.
    onStored: (item, accepted) => {
      // Every stored share has its session by now (the writer assigns those the SDK did not send).
      const { businessId, batch } = item;
      if (!batch.session_id) return;
      if (accepted === batch.events.length)
        scoring.stored(businessId, batch.session_id, batch.events.map(toSignalEvent));
      else scoring.rebuild(businessId, batch.session_id);
      for (const listener of listeners) {
        try {
          listener({
            businessId,
            sessionId: batch.session_id,
            visitorId: batch.visitor_id,
            ip: item.ip ?? null,
            userAgent: item.userAgent ?? null,
            events: batch.events,
          });
        } catch (error) {
          log.error({ err: error }, 'a stored-events listener failed');
        }
      }
    },
  });
  const module: ServerModule = {
    name: 'tracking',
    routes: [
      ...trackingScriptRoutes({ db: database.db, sites, appUrl: config.appUrl }),
      ...sessionAdminRoutes(database.db),
    ],
    scoped: [
      ingestRoutes({
        db: database.db,
        writer: ingest,
        sites,
        perIpPerSecond: config.trackingPerIpPerSecond,
        perTrackingIdPerSecond: config.trackingPerTrackingIdPerSecond,
        networkKey: `client-networks|${config.authSecret}`,
      }),
    ],
    jobs: [{ name: 'tracking.flag-suspect-sessions', cron: '*/5 * * * *', run: () => flagSuspectSessions(database) }],
    stop: () => ingest.drain(),
  };
  return { module, ingest };
}
