import { metaAds, metaAdsets, metaCampaigns, metaCreatives } from '../../../../db/schema.js';
import type { SyncPhase, VendorSync } from '../../sync/sync-phase.js';
import type { MetaListKind, MetaObject } from './meta-client.js';
import { insightsPhase, RESTATED_DAYS } from './meta-insights-phase.js';
import { adRow, adsetRow, campaignRow, creativeRow } from './meta-rows.js';
import {
  classifyMetaError,
  createMetaSyncClient,
  type MetaSyncClient,
  throttlePause,
  upsert,
} from './meta-sync-client.js';

/** Objects per page of an ad-account edge. */
const PAGE = 200;

type Account = Awaited<ReturnType<MetaSyncClient['account']>>;

/**
 * A phase reading one ad-account edge whole, page by page by Graph's `after` cursor, into one table upserted by
 * Meta id. Read whole on every run: statuses and budgets change on old objects, and an account's structure is a
 * few pages even with thousands of ads.
 */
function edgePhase(
  name: string,
  kind: MetaListKind,
  table: typeof metaCampaigns | typeof metaAdsets | typeof metaAds | typeof metaCreatives,
  row: (o: MetaObject, account: Account) => Record<string, unknown>,
): SyncPhase<MetaSyncClient> {
  return {
    name,
    incremental: false,
    async fetch(client, cursor) {
      const account = await client.account();
      const page = await client.graph.listPage(kind, client.accountId, { after: cursor, limit: PAGE });
      return {
        items: page.items.map((o) => row(o, account)),
        nextCursor: page.nextCursor,
        hasMore: page.hasMore,
        pause: throttlePause(page.throttle),
      };
    },
    store: (tx, ctx, items) => upsert(tx, ctx, table, [table.vendorId], items),
  };
}

/**
 * Meta Ads' phases, in order: the account's structure (campaigns, ad sets, ads, creatives), then the daily
 * ad-level insights of the window (meta-insights-phase.ts).
 */
export const META_ADS_PHASES: SyncPhase<MetaSyncClient>[] = [
  edgePhase('campaigns', 'campaigns', metaCampaigns, (o, a) => campaignRow(o, a.accountId, a.currency)),
  edgePhase('adsets', 'adsets', metaAdsets, (o, a) => adsetRow(o, a.accountId, a.currency)),
  edgePhase('ads', 'ads', metaAds, (o, a) => adRow(o, a.accountId)),
  edgePhase('creatives', 'adcreatives', metaCreatives, (o, a) => creativeRow(o, a.accountId)),
  insightsPhase,
];

/**
 * Meta Ads' sync. An incremental run re-reads the insights of the last 28 days before the previous run (Meta
 * restates conversions and spend within its attribution windows); the structure is read whole each run.
 */
export const META_ADS_SYNC: VendorSync<MetaSyncClient> = {
  vendorName: 'Meta Ads',
  phases: META_ADS_PHASES,
  client: createMetaSyncClient,
  classify: classifyMetaError,
  trailingWindowMs: RESTATED_DAYS * 86_400_000,
};
