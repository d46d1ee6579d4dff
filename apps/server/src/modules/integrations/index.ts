import type { IntegrationProvider } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { type AdWriter, createAdWriters, type WritablePlatform } from './ad-writer.js';
import { type SandboxConnection, sandboxUrls, saveCredentials } from './connect.service.js';
import { type CrmWriter, createCrmWriter } from './crm-writer.js';
import { integrationConnectRoutes, webhookRoutes } from './integrations.connect.routes.js';
import { integrationReadRoutes } from './integrations.routes.js';
import {
  connectWithOAuth,
  createOAuthConnectors,
  findOAuthIntegration,
  type OAuthConnection,
  type OAuthConnectorDeps,
  type OAuthConnectors,
  oauthIntegrationsDue,
  type RenewGrant,
  renewOAuthCredentials,
} from './oauth-credentials.js';
import { type DataSource, dataSources } from './sources.js';
import { startDueSyncs } from './sync/scheduled-syncs.js';
import { integrationSyncRoutes } from './sync/sync.routes.js';
import type { SyncEngineDeps } from './sync/sync-engine.js';
import { createSyncRunner, type SyncRunner } from './sync/sync-runner.js';
import { createVault } from './vault.js';
import { GHL_SYNC } from './vendors/ghl/ghl-phases.js';
import { createGoogleSync } from './vendors/google/google-phases.js';
import { META_ADS_SYNC } from './vendors/meta/meta-phases.js';
import {
  type ConversionsApi,
  conversionsApiRoutes,
  conversionsApiSync,
  createConversionsApi,
} from './vendors/meta-capi/index.js';
import { STRIPE_SYNC } from './vendors/stripe/stripe-phases.js';

export type { AdStatusRead, AdWriter, BudgetLevel, BudgetRead, WritablePlatform } from './ad-writer.js';
export type { SandboxConnection } from './connect.service.js';
export { type CrmTask, type CrmWorkflow, type CrmWriter, type CrmWriterDeps, createCrmWriter } from './crm-writer.js';
export {
  type DueIntegration,
  type OAuthConnection,
  type OAuthConnector,
  type OAuthConnectorDeps,
  type OAuthConnectors,
  type OAuthGrantFields,
  type OAuthTokens,
  oauthGrantFields,
  oauthNotAvailable,
  type RenewGrant,
  type RenewOutcome,
  type StoredGrant,
  vendorReason,
} from './oauth-credentials.js';
export type { DataSource } from './sources.js';
export type { SyncRunner } from './sync/sync-runner.js';
export { createVault, type Vault } from './vault.js';
export { goHighLevelClassify, googleClassify, metaGraphClassify } from './vendor-classifiers.js';
export { redactText, VendorError, vendorRequest } from './vendor-http.js';
export { currencyExponent } from './vendors/google/google-phases.js';
export { META_GRAPH_API_VERSION } from './vendors/meta/meta-client.js';
export { currencyOffset } from './vendors/meta/meta-rows.js';
export type { ConversionsApi, ScoredSession, VisitorBatch } from './vendors/meta-capi/index.js';

/** What signing in with a vendor (the oauth module) needs from the integrations: connect, and keep tokens valid. */
export type OAuthCredentials = {
  /** The connect step of the sign-in's integration; a 409 when it has none in this version. */
  connect: (connection: OAuthConnection) => Promise<{ integrationId: string }>;
  /** The integrations that have a connect step after a sign-in. */
  connectable: () => IntegrationProvider[];
  /** Renews a signed-in integration's tokens (see renewOAuthCredentials). */
  renew: (
    target: { integrationId: string; businessId?: string },
    renew: RenewGrant,
    options?: { notRenewedWithinMs?: number },
  ) => ReturnType<typeof renewOAuthCredentials>;
  /** Signed-in integrations whose access ends within each sign-in's window (ms). */
  due: (windowsMs: Parameters<typeof oauthIntegrationsDue>[1]) => ReturnType<typeof oauthIntegrationsDue>;
  /** One integration of the business with the sign-in that connected it, or undefined. */
  find: (businessId: string, integrationId: string) => ReturnType<typeof findOAuthIntegration>;
};

/** The vendor address each provider talks to (a sandbox integration stores its own). */
const VENDOR_URL: Record<IntegrationProvider, keyof Config['vendorUrls']> = {
  facebook_ads: 'metaGraph',
  facebook_conversions: 'metaGraph',
  google_ads: 'googleAds',
  gohighlevel: 'goHighLevel',
  stripe: 'stripe',
};

export type IntegrationsHandle = {
  module: ServerModule;
  sync: SyncRunner;
  /** The business's connected data sources (the header's sync status). */
  sources: (businessId: string) => Promise<DataSource[]>;
  /**
   * Connects a business to a vendor stand-in at `baseUrl` through the real check-and-save path (the demo
   * business and its sandboxes), then starts its first sync. Connecting again moves it to the new address.
   */
  connectSandbox: (connection: SandboxConnection) => Promise<{ integrationId: string }>;
  /** The Conversions API's capture and periodic send (tests send without the job queue). */
  conversionsApi: ConversionsApi;
  /** For the oauth module: the connect step after a sign-in, and renewing signed-in tokens. */
  oauth: OAuthCredentials;
  /**
   * Changes to the business's ad account on Meta Ads or Google Ads with its stored credentials (budgets, ad
   * statuses), and whether they allow changes; null when the platform is not connected.
   */
  adWriter: (businessId: string, platform: WritablePlatform) => Promise<AdWriter | null>;
  /**
   * Actions on the business's GoHighLevel contacts with its stored credentials (tags, tasks, workflow enrolments);
   * null when GoHighLevel is not connected.
   */
  crmWriter: (businessId: string) => Promise<CrmWriter | null>;
};

export type IntegrationsOptions = {
  /** The connect steps after a sign-in (tests register their own); the vendors' by default. */
  oauthConnectors?: (deps: OAuthConnectorDeps) => OAuthConnectors;
  /** Hears of each slice of a sync once its pages are committed: the vendor's data of the business changed. */
  onSynced?: (event: { businessId: string; provider: IntegrationProvider }) => void;
};

/** Integrations: the business's connections to ad platforms, its CRM and its payments, and what they sync. */
export function createIntegrationsModule(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: IntegrationsOptions = {},
): IntegrationsHandle {
  const vault = createVault(config.integrationsKeys);
  const oauthConnectors = (options.oauthConnectors ?? createOAuthConnectors)({
    db,
    vault,
    urls: { ...config.vendorUrls, appUrl: config.appUrl },
    googleAdsDeveloperToken: config.googleAdsDeveloperToken,
  });
  const deps: SyncEngineDeps = {
    db,
    vault,
    vendors: {
      stripe: STRIPE_SYNC,
      facebook_ads: META_ADS_SYNC,
      google_ads: createGoogleSync({ developerToken: config.googleAdsDeveloperToken }),
      gohighlevel: GHL_SYNC,
      facebook_conversions: conversionsApiSync(db, log),
    },
    baseUrl: (provider, sandboxUrl) => sandboxUrl ?? config.vendorUrls[VENDOR_URL[provider]],
    budgetMs: config.syncSliceMs,
    leaseMarginMs: config.syncLeaseMarginMs,
    transientWaitsMs: [250, 1_000],
  };
  const sync = createSyncRunner(deps, log, (slice) =>
    options.onSynced?.({ businessId: slice.businessId, provider: slice.provider }),
  );
  const adWriter = createAdWriters({
    db,
    vault,
    baseUrl: deps.baseUrl,
    googleDeveloperToken: config.googleAdsDeveloperToken,
    log,
  });
  const crmWriter = createCrmWriter({ db, vault, baseUrl: deps.baseUrl, log });
  const conversionsApi = createConversionsApi(db, log, sync);
  return {
    sync,
    // The Conversions API sends events out: it is not a data source.
    sources: (businessId) =>
      dataSources(
        db,
        businessId,
        Object.keys(deps.vendors).filter((p) => p !== 'facebook_conversions'),
      ),
    connectSandbox: async (connection) => {
      const urls = { ...config.vendorUrls, ...sandboxUrls(connection.provider, connection.baseUrl), appUrl: '' };
      const saved = await saveCredentials(db, vault, urls, connection);
      if (deps.vendors[connection.provider]) {
        await sync.trigger(connection.businessId, saved.integration.id, 'connect');
      }
      return { integrationId: saved.integration.id };
    },
    conversionsApi,
    adWriter,
    crmWriter,
    oauth: {
      connect: (connection) => connectWithOAuth(oauthConnectors, connection),
      connectable: () => Object.keys(oauthConnectors) as IntegrationProvider[],
      renew: (target, renew, renewOptions) => renewOAuthCredentials(db, vault, target, renew, renewOptions),
      due: (windowsMs) => oauthIntegrationsDue(db, windowsMs),
      find: (businessId, integrationId) => findOAuthIntegration(db, businessId, integrationId),
    },
    module: {
      name: 'integrations',
      routes: [
        ...integrationReadRoutes(db),
        ...integrationConnectRoutes(db, vault, {
          ...config.vendorUrls,
          appUrl: config.appUrl,
          googleAdsDeveloperToken: config.googleAdsDeveloperToken,
        }),
        ...integrationSyncRoutes(db, sync),
        ...conversionsApiRoutes(db, vault, config.vendorUrls.metaGraph, conversionsApi),
      ],
      scoped: [webhookRoutes(db, vault)],
      // Every 5 minutes, integrations whose last run is older than SYNC_INTERVAL_MINUTES sync again.
      jobs: [
        {
          name: 'integrations.scheduled-sync',
          cron: '*/5 * * * *',
          run: () => startDueSyncs(db, sync, config.syncIntervalMinutes, Object.keys(deps.vendors)),
        },
        // Every minute, recorded Conversions API events go to Meta (Meta asks for them within the hour).
        { name: 'integrations.conversions-api-send', cron: '* * * * *', run: () => conversionsApi.sendDue() },
      ],
      start: () => sync.start(),
      stop: async () => {
        await conversionsApi.idle();
        await sync.stop();
      },
    },
  };
}
