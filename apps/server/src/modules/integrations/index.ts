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
import { STRIPE_SYNC } from './vendors/stripe/stripe-phases.js';

export type { SyncRunner } from './sync/sync-runner.js';

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
    vendors: { stripe: STRIPE_SYNC },
    baseUrl: (provider, sandboxUrl) => (provider === 'stripe' ? (sandboxUrl ?? config.vendorUrls.stripe) : ''),
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
