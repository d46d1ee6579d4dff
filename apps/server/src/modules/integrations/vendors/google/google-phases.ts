import { getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { googleAdGroups, googleAdMetrics, googleAds, googleCampaigns } from '../../../../db/schema.js';
import type { SyncPhase, VendorSync } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-http.js';
import { createGoogleAdsClient, type GoogleAdsClient, type GoogleAdsRow } from './google-ads-client.js';
import { classifyGoogleError } from './google-failure.js';

/** What a Google sync works with: the client (through the manager when needed) and the account's settings. */
export type GoogleSyncClient = {
  ads: GoogleAdsClient;
  customerId: string;
  /** The account's time zone: its dates are days there. */
  timeZone: string;
  /** ISO currency of the account (upper case, as Google writes it). */
  currency: string;
  now(): Date;
};

/** Days of metrics the first run reads (today included). */
export const GOOGLE_FIRST_RUN_DAYS = 90;
/** Google restates conversions for weeks after a click: later runs read the last 28 days again. */
export const GOOGLE_RESTATED_DAYS = 28;
/** Rows per insert: a page of 10,000 rows at 15 columns would pass PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

const exponents = new Map<string, number>();
/** Digits after the decimal point of a currency's minor unit (JPY 0, USD 2, KWD 3). */
export const currencyExponent = (currency: string): number => {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    try {
      const format = new Intl.NumberFormat('en', { style: 'currency', currency });
      exponent = format.resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      exponent = 2;
    }
    exponents.set(currency, exponent);
  }
  return exponent;
};

/** Micros of a currency (Google's cost_micros, amount_micros) as its minor units. */
export const microsToMinor = (micros: string | number | undefined | null, currency: string): number | null =>
  micros === undefined || micros === null ? null : Math.round(Number(micros) / 10 ** (6 - currencyExponent(currency)));

/** `YYYY-MM-DD` of an instant in a time zone. */
export const dateIn = (timeZone: string, at: Date): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
};

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The `utm_campaign` a final URL suffix or tracking template sets, if any. */
export const utmCampaignOf = (...templates: (string | null | undefined)[]): string | null => {
  for (const template of templates) {
    if (!template) continue;
    const query = template.includes('?') ? template.slice(template.indexOf('?') + 1) : template;
    const value = new URLSearchParams(query).get('utm_campaign');
    if (value && !value.startsWith('{')) return value;
  }
  return null;
};

const idFrom = (resourceName: unknown) =>
  typeof resourceName === 'string' ? (resourceName.split('/').pop() ?? null) : null;

// biome-ignore lint/suspicious/noExplicitAny: each phase's table differs; the row builder is typed by it.
const excluded = (table: any, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${getTableColumns(table)[k]!.name}"`)]));

// biome-ignore lint/suspicious/noExplicitAny: see excluded.
async function upsert(tx: Executor, table: any, target: any[], rows: Record<string, unknown>[], keep: string[]) {
  if (rows.length === 0) return 0;
  const update = Object.keys(rows[0]!).filter((k) => !keep.includes(k));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target, set: excluded(table, update) });
  }
  return rows.length;
}

/** A page of a query, started again from its first page if Google says the page token expired. */
async function searchPage(client: GoogleSyncClient, query: string, token: string | null) {
  try {
    return await client.ads.search(client.customerId, query, token);
  } catch (error) {
    if (token && error instanceof VendorError && /PAGE_TOKEN/.test(error.vendorCode ?? '')) {
      // Rows are upserted by id, so reading the first pages again stores nothing twice.
      return client.ads.search(client.customerId, query, null);
    }
    throw error;
  }
}

type Ctx = { businessId: string; integrationId: string };
const base = (ctx: Ctx, vendorId: string) => ({
  businessId: ctx.businessId,
  integrationId: ctx.integrationId,
  vendorId,
  createdAt: new Date(),
  syncedAt: new Date(),
});

/** A phase reading every row of one GAQL query, page by page (the page token is the cursor), into one table. */
function entityPhase(
  name: string,
  query: string,
  // biome-ignore lint/suspicious/noExplicitAny: see excluded.
  table: any,
  row: (r: GoogleAdsRow, currency: string) => Record<string, unknown> & { vendorId: string },
): SyncPhase<GoogleSyncClient> & { query: string } {
  return {
    name,
    query,
    incremental: false,
    async fetch(client, cursor) {
      const page = await searchPage(client, query, cursor);
      // Each row carries the account's currency to the store step (several accounts sync at once).
      const items = page.rows.map((r) => ({ ...r, currency: client.currency }));
      return { items, nextCursor: page.nextPageToken, hasMore: page.nextPageToken !== null };
    },
    async store(tx, ctx, items) {
      const rows = (items as (GoogleAdsRow & { currency: string })[]).map((r) => {
        const { vendorId, ...rest } = row(r, r.currency);
        return { ...base(ctx, vendorId), ...rest };
      });
      // created_at stays the first time the object was stored.
      return upsert(tx, table, [table.businessId, table.vendorId], rows, ['businessId', 'vendorId', 'createdAt']);
    },
  };
}

const CAMPAIGNS = entityPhase(
  'campaigns',
  'SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, campaign.bidding_strategy_type, campaign.tracking_url_template, campaign.final_url_suffix, campaign_budget.amount_micros FROM campaign',
  googleCampaigns,
  (r, currency) => ({
    vendorId: String(r.campaign.id),
    name: r.campaign.name ?? '',
    status: r.campaign.status ?? 'UNKNOWN',
    channelType: r.campaign.advertisingChannelType ?? null,
    biddingStrategyType: r.campaign.biddingStrategyType ?? null,
    dailyBudget: microsToMinor(r.campaignBudget?.amountMicros, currency),
    currency: currency.toLowerCase(),
    trackingUrlTemplate: r.campaign.trackingUrlTemplate ?? null,
    finalUrlSuffix: r.campaign.finalUrlSuffix ?? null,
    utmCampaign: utmCampaignOf(r.campaign.finalUrlSuffix, r.campaign.trackingUrlTemplate),
  }),
);

const AD_GROUPS = entityPhase(
  'ad_groups',
  'SELECT ad_group.id, ad_group.name, ad_group.status, ad_group.type, ad_group.cpc_bid_micros, ad_group.tracking_url_template, ad_group.final_url_suffix, campaign.id FROM ad_group',
  googleAdGroups,
  (r, currency) => ({
    vendorId: String(r.adGroup.id),
    campaignId: String(r.campaign?.id ?? idFrom(r.adGroup.campaign) ?? ''),
    name: r.adGroup.name ?? '',
    status: r.adGroup.status ?? 'UNKNOWN',
    type: r.adGroup.type ?? null,
    cpcBid: microsToMinor(r.adGroup.cpcBidMicros, currency),
    trackingUrlTemplate: r.adGroup.trackingUrlTemplate ?? null,
    finalUrlSuffix: r.adGroup.finalUrlSuffix ?? null,
  }),
);

const texts = (assets: unknown): string[] =>
  Array.isArray(assets) ? assets.map((a) => (a as { text?: string }).text ?? '').filter(Boolean) : [];

const ADS = entityPhase(
  'ads',
  'SELECT ad_group_ad.ad.id, ad_group_ad.ad.name, ad_group_ad.ad.type, ad_group_ad.status, ad_group_ad.ad.final_urls, ad_group_ad.ad.tracking_url_template, ad_group_ad.ad.final_url_suffix, ad_group_ad.ad.responsive_search_ad.headlines, ad_group_ad.ad.responsive_search_ad.descriptions, ad_group.id, campaign.id FROM ad_group_ad',
  googleAds,
  (r) => {
    const ad = r.adGroupAd?.ad ?? {};
    const adGroupId = String(r.adGroup?.id ?? '');
    return {
      vendorId: `${adGroupId}~${ad.id}`,
      adId: String(ad.id),
      adGroupId,
      campaignId: String(r.campaign?.id ?? ''),
      name: ad.name ?? null,
      type: ad.type ?? null,
      status: r.adGroupAd?.status ?? 'UNKNOWN',
      finalUrls: Array.isArray(ad.finalUrls) ? ad.finalUrls : [],
      trackingUrlTemplate: ad.trackingUrlTemplate ?? null,
      finalUrlSuffix: ad.finalUrlSuffix ?? null,
      headlines: texts(ad.responsiveSearchAd?.headlines),
      descriptions: texts(ad.responsiveSearchAd?.descriptions),
    };
  },
);

/** The metrics query of a date range: ad-level rows by day (Google leaves out days an ad did not serve). */
export const metricsQuery = (from: string, to: string) =>
  `SELECT campaign.id, ad_group.id, ad_group_ad.ad.id, segments.date, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value FROM ad_group_ad WHERE segments.date BETWEEN '${from}' AND '${to}'`;

/**
 * The daily metrics of Performance Max campaigns, which have no ad groups or ad group ads a query can read ("Performance
 * Max campaigns don't have standard AdGroup and AdGroupAd entities", Google Ads API, Performance Max reporting): read at
 * the campaign level, so their spend is not missing. Other campaign types are read per ad, and not again here.
 */
export const performanceMaxMetricsQuery = (from: string, to: string) =>
  `SELECT campaign.id, segments.date, metrics.cost_micros, metrics.impressions, metrics.clicks, metrics.conversions, metrics.conversions_value FROM campaign WHERE segments.date BETWEEN '${from}' AND '${to}' AND campaign.advertising_channel_type = 'PERFORMANCE_MAX'`;

/** The key a Performance Max campaign's days are stored under in google_ad_metrics (it has no ad). */
export const performanceMaxKey = (campaignId: string) => `campaign~${campaignId}`;

type MetricsCursor = { from: string; to: string; token: string | null };

/**
 * Daily metrics, per ad (`ad_metrics`) or per Performance Max campaign (`performance_max_metrics`). The range is fixed
 * when the phase starts and kept in the cursor with the page token, so a resumed run continues the same query: the
 * first run reads the last 90 days, later ones from the last completed run less the 28 days Google still restates
 * (rows keyed by ad, or campaign, and date are overwritten).
 */
const metricsPhase = (
  name: string,
  query: (from: string, to: string) => string,
  keys: (r: GoogleAdsRow) => { adKey: string; adGroupId: string },
): SyncPhase<GoogleSyncClient> => ({
  name,
  incremental: true,
  async fetch(client, cursor, since) {
    let state: MetricsCursor;
    if (cursor) state = JSON.parse(cursor) as MetricsCursor;
    else {
      const to = dateIn(client.timeZone, client.now());
      const first = addDays(to, -(GOOGLE_FIRST_RUN_DAYS - 1));
      // `since` is the last run's start less 28 × 24 hours; counted in calendar days of the account's time zone
      // (a daylight-saving change in between must not shorten the restated window to 27 days).
      const from = since
        ? addDays(
            dateIn(client.timeZone, new Date(since.getTime() + GOOGLE_RESTATED_DAYS * 86_400_000)),
            -GOOGLE_RESTATED_DAYS,
          )
        : first;
      state = { from: from > to ? to : from, to, token: null };
    }
    const page = await searchPage(client, query(state.from, state.to), state.token);
    const items = page.rows.map((r) => ({ ...r, currency: client.currency }));
    const next = page.nextPageToken ? JSON.stringify({ ...state, token: page.nextPageToken }) : null;
    return { items, nextCursor: next, hasMore: next !== null };
  },
  async store(tx, ctx, items) {
    const rows = (items as (GoogleAdsRow & { currency: string })[]).map((r) => {
      const exponent = currencyExponent(r.currency);
      return {
        businessId: ctx.businessId,
        integrationId: ctx.integrationId,
        ...keys(r),
        date: String(r.segments?.date),
        campaignId: String(r.campaign?.id ?? ''),
        cost: microsToMinor(r.metrics?.costMicros ?? 0, r.currency) ?? 0,
        currency: r.currency.toLowerCase(),
        impressions: Number(r.metrics?.impressions ?? 0),
        clicks: Number(r.metrics?.clicks ?? 0),
        conversions: Number(r.metrics?.conversions ?? 0),
        conversionsValue: Math.round(Number(r.metrics?.conversionsValue ?? 0) * 10 ** exponent),
        syncedAt: new Date(),
      };
    });
    const t = googleAdMetrics;
    return upsert(tx, t, [t.businessId, t.adKey, t.date], rows, ['businessId', 'adKey', 'date']);
  },
});

const METRICS = metricsPhase('ad_metrics', metricsQuery, (r) => {
  const adGroupId = String(r.adGroup?.id ?? '');
  return { adKey: `${adGroupId}~${r.adGroupAd?.ad?.id}`, adGroupId };
});
const PERFORMANCE_MAX_METRICS = metricsPhase('performance_max_metrics', performanceMaxMetricsQuery, (r) => ({
  adKey: performanceMaxKey(String(r.campaign?.id ?? '')),
  adGroupId: '',
}));

/** Google's phases, in order: what the metrics name first, then the metrics. */
export const GOOGLE_PHASES: SyncPhase<GoogleSyncClient>[] = [
  CAMPAIGNS,
  AD_GROUPS,
  ADS,
  METRICS,
  PERFORMANCE_MAX_METRICS,
];

/**
 * Google Ads' sync for a server: the developer token is the operator's if set (GOOGLE_ADS_DEVELOPER_TOKEN, optional
 * and sent only when set), the rest comes from the stored credentials (token, customer, manager, time zone, currency).
 */
export function createGoogleSync(options: {
  developerToken: string | undefined;
  now?: () => Date;
}): VendorSync<GoogleSyncClient> {
  return {
    vendorName: 'Google Ads',
    phases: GOOGLE_PHASES,
    client: (credentials, baseUrl) => ({
      ads: createGoogleAdsClient({
        accessToken: credentials.accessToken!,
        developerToken: options.developerToken,
        loginCustomerId: credentials.loginCustomerId || null,
        baseUrl,
      }),
      customerId: credentials.customerId!,
      timeZone: credentials.timeZone || 'UTC',
      currency: credentials.currency || 'USD',
      now: options.now ?? (() => new Date()),
    }),
    classify: classifyGoogleError,
    trailingWindowMs: GOOGLE_RESTATED_DAYS * 86_400_000,
  };
}
