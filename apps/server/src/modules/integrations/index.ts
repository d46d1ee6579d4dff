import type { IntegrationProvider } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { integrationConnectRoutes, webhookRoutes } from './integrations.connect.routes.js';
import { integrationReadRoutes } from './integrations.routes.js';
import { startDueSyncs } from './sync/scheduled-syncs.js';
import { integrationSyncRoutes } from './sync/sync.routes.js';
import type { SyncEngineDeps } from './sync/sync-engine.js';
import { createSyncRunner, type SyncRunner } from './sync/sync-runner.js';
import { createVault } from './vault.js';
import { META_ADS_SYNC } from './vendors/meta/meta-phases.js';
import { STRIPE_SYNC } from './vendors/stripe/stripe-phases.js';

export type { SyncRunner } from './sync/sync-runner.js';

/** The vendor address each provider talks to (a sandbox integration stores its own). */
const VENDOR_URL: Record<IntegrationProvider, keyof Config['vendorUrls']> = {
  facebook_ads: 'metaGraph',
  facebook_conversions: 'metaGraph',
  google_ads: 'googleAds',
  gohighlevel: 'goHighLevel',
  stripe: 'stripe',
};

/** Integrations: the business's connections to ad platforms, its CRM and its payments, and what they sync. */
export function createIntegrationsModule(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): { module: ServerModule; sync: SyncRunner } {
  const vault = createVault(config.integrationsKeys);
  const deps: SyncEngineDeps = {
    db,
    vault,
    vendors: { stripe: STRIPE_SYNC, facebook_ads: META_ADS_SYNC },
    baseUrl: (provider, sandboxUrl) => sandboxUrl ?? config.vendorUrls[VENDOR_URL[provider]],
    budgetMs: config.syncSliceMs,
    leaseMarginMs: config.syncLeaseMarginMs,
    transientWaitsMs: [250, 1_000],
  };
  const sync = createSyncRunner(deps, log);
  return {
    sync,
    module: {
      name: 'integrations',
      routes: [
        ...integrationReadRoutes(db),
        ...integrationConnectRoutes(db, vault, { ...config.vendorUrls, appUrl: config.appUrl }),
        ...integrationSyncRoutes(db, sync),
      ],
      scoped: [webhookRoutes(db, vault)],
      // Every 5 minutes, integrations whose last run is older than SYNC_INTERVAL_MINUTES sync again.
      jobs: [
        {
          name: 'integrations.scheduled-sync',
          cron: '*/5 * * * *',
          run: () => startDueSyncs(db, sync, config.syncIntervalMinutes, Object.keys(deps.vendors)),
        },
      ],
      start: () => sync.start(),
      stop: () => sync.stop(),
    },
  };
}
