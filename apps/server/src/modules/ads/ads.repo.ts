import type { SqlExecutor } from '../../db/client.js';
import type { BudgetTargetRow } from './ads.schema.js';
import { dayStart, SESSION_LOOKBACK_S } from './rollup-sessions.repo.js';

// The reads of Ad Intelligence, all over the rollups (ads.schema.ts): each answers from a few thousand narrow
// rows at most. Dates are UTC days as `YYYY-MM-DD`; a window is [first, last] inclusive.

export type Window = { first: string; last: string };
/** Which platforms a read covers: 'all' or one. */
export type PlatformFilter = string;

const n = (v: unknown) => Number(v ?? 0);
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
export const platformMatch = (column: string, param: string) => `(${param} = 'all' OR ${column} = ${param})`;

export type CampaignRow = {
  id: string;
  platform: 'facebook' | 'google';
  vendorId: string;
  integrationId: string;
  name: string;
  status: 'active' | 'paused' | 'completed';
  currency: string;
  minorPerMajor: number;
  dailyBudgetMinor: number | null;
  lifetimeBudgetMinor: number | null;
  budgetLevel: 'campaign' | 'adset' | null;
  budgetTargetId: string | null;
  /** Ad-set budgets (Meta): the active ad sets a budget change sets, daily budgets in minor units. */
  budgetTargets: BudgetTargetRow[] | null;
  startDate: string | null;
  endDate: string | null;
  firstDelivery: string | null;
  lastDelivery: string | null;
  decay: { rate_per_day: number | null; r2: number | null; reason: string | null } | null;
};
export type Delivery = {
  spendMinor: number;
  impressions: number;
  clicks: number;
  platformConversions: number;
  platformRevenueMinor: number;
  deliveryDays: number;
};

const CAMPAIGN_COLUMNS = `c.id, c.platform, c.vendor_id, c.integration_id::text, c.name, c.status, c.currency, c.minor_per_major,
  c.daily_budget_minor, c.lifetime_budget_minor, c.budget_level, c.budget_target_id, c.budget_targets, c.start_date::text,
  c.end_date::text, c.first_delivery::text, c.last_delivery::text, c.decay`;
export const DELIVERY_COLUMNS = `coalesce(w.spend_minor, 0) AS spend_minor, coalesce(w.impressions, 0) AS impressions,
  coalesce(w.clicks, 0) AS clicks, coalesce(w.platform_conversions, 0) AS platform_conversions,
  coalesce(w.platform_revenue_minor, 0) AS platform_revenue_minor, coalesce(w.delivery_days, 0) AS delivery_days`;

const campaignOf = (r: Record<string, unknown>): CampaignRow => ({
  id: String(r.id),
  platform: r.platform as CampaignRow['platform'],
  vendorId: String(r.vendor_id),
  integrationId: String(r.integration_id),
  name: String(r.name),
  status: r.status as CampaignRow['status'],
  currency: String(r.currency),
  minorPerMajor: n(r.minor_per_major),
  dailyBudgetMinor: nn(r.daily_budget_minor),
  lifetimeBudgetMinor: nn(r.lifetime_budget_minor),
  budgetLevel: (r.budget_level as CampaignRow['budgetLevel']) ?? null,
  budgetTargetId: s(r.budget_target_id),
  budgetTargets: (r.budget_targets as BudgetTargetRow[] | null) ?? null,
  startDate: s(r.start_date),
  endDate: s(r.end_date),
  firstDelivery: s(r.first_delivery),
  lastDelivery: s(r.last_delivery),
  decay: (r.decay as CampaignRow['decay']) ?? null,
});
export const deliveryOf = (r: Record<string, unknown>): Delivery => ({
  spendMinor: n(r.spend_minor),
  impressions: n(r.impressions),
  clicks: n(r.clicks),
  platformConversions: n(r.platform_conversions),
  platformRevenueMinor: n(r.platform_revenue_minor),
  deliveryDays: n(r.delivery_days),
});

/** Campaigns of the filter by spend over the window (highest first), a page of them, and how many there are. */
export async function listCampaigns(
  q: SqlExecutor,
  businessId: string,
  platform: PlatformFilter,
  days: number,
  page: { limit: number; ids?: string[] },
) {
  const { rows } = await q(
    `SELECT ${CAMPAIGN_COLUMNS}, ${DELIVERY_COLUMNS}, count(*) OVER () AS total
       FROM ad_campaigns c
       LEFT JOIN ad_window_totals w ON w.business_id = c.business_id AND w.level = 'campaign' AND w.days = $3
            AND NOT w.previous AND w.id = c.id
      WHERE c.business_id = $1 AND ${platformMatch('c.platform', '$2')} AND ($5::text[] IS NULL OR c.id = ANY($5))
      ORDER BY coalesce(w.spend_minor, 0) DESC, c.name, c.id
      LIMIT $4`,
    [businessId, platform, days, page.limit, page.ids ?? null],
  );
  return {
    total: n(rows[0]?.total),
    campaigns: rows.map((r) => ({ campaign: campaignOf(r), delivery: deliveryOf(r) })),
  };
}

/** Spend and delivery over the window and the one before, per platform and currency (the cards). */
export async function deliveryTotals(q: SqlExecutor, businessId: string, platform: PlatformFilter, days: number) {
  const { rows } = await q(
    `SELECT c.platform, c.currency, c.minor_per_major, w.previous, count(DISTINCT c.id) AS campaigns,
            sum(w.spend_minor) AS spend_minor, sum(w.impressions) AS impressions, sum(w.clicks) AS clicks,
            sum(w.platform_conversions) AS platform_conversions, sum(w.platform_revenue_minor) AS platform_revenue_minor,
            max(w.delivery_days) AS delivery_days
       FROM ad_campaigns c
       JOIN ad_window_totals w ON w.business_id = c.business_id AND w.level = 'campaign' AND w.days = $3 AND w.id = c.id
      WHERE c.business_id = $1 AND ${platformMatch('c.platform', '$2')}
      GROUP BY c.platform, c.currency, c.minor_per_major, w.previous`,
    [businessId, platform, days],
  );
  return rows.map((r) => ({
    platform: String(r.platform),
    currency: String(r.currency),
    minorPerMajor: n(r.minor_per_major),
    previous: Boolean(r.previous),
    ...deliveryOf(r),
  }));
}

/** The campaigns of the filter: how many, and their currencies. */
export async function campaignCurrencies(q: SqlExecutor, businessId: string, platform: PlatformFilter) {
  const { rows } = await q(
    `SELECT platform, currency, min(minor_per_major) AS minor_per_major, count(*) AS campaigns FROM ad_campaigns
      WHERE business_id = $1 AND ${platformMatch('platform', '$2')} GROUP BY platform, currency`,
    [businessId, platform],
  );
  return rows.map((r) => ({
    platform: String(r.platform),
    currency: String(r.currency),
    minorPerMajor: n(r.minor_per_major),
    campaigns: n(r.campaigns),
  }));
}

export type Attributed = { conversions: number; revenue: number; otherCurrency: number; verified: number };
const attributedOf = (r: Record<string, unknown>): Attributed => ({
  conversions: n(r.conversions),
  revenue: n(r.revenue),
  otherCurrency: n(r.other_currency),
  verified: n(r.verified),
});
const ATTRIBUTED = `sum(u.conversions) AS conversions, sum(u.revenue) AS revenue,
  count(*) FILTER (WHERE u.other_currency) AS other_currency, sum(u.conversions) FILTER (WHERE u.verified) AS verified`;

/**
 * Conversions credited by last click (the conversion's last touch at most `lookbackS` before it) over the window,
 * grouped by `by`: the matched campaign, ad, channel (the campaign's platform, else the traffic source) or day (of
 * conversions credited to a campaign); optionally only those of a platform or of some campaigns.
 */
export async function attributedBy(
  q: SqlExecutor,
  businessId: string,
  by: 'campaign' | 'ad' | 'channel' | 'day',
  window: Window,
  lookbackS: number,
  filter: { platform?: PlatformFilter; campaignIds?: string[]; adIds?: string[] } = {},
): Promise<Map<string, Attributed>> {
  const key = {
    campaign: 'k.campaign_id',
    ad: 'k.ad_id',
    channel: 'coalesce(k.platform, k.traffic_source)',
    day: `((u.converted_at AT TIME ZONE 'UTC')::date)::text`,
  }[by];
  if (filter.campaignIds?.length === 0 || filter.adIds?.length === 0) return new Map();
  if (by === 'channel' && lookbackS === SESSION_LOOKBACK_S && !filter.campaignIds && !filter.adIds) {
    // The default lookback by channel is rolled up per day (ad_conversion_daily).
    const { rows } = await q(
      `SELECT channel AS key, sum(conversions) AS conversions, sum(revenue) AS revenue,
              sum(other_currency) AS other_currency, sum(verified) AS verified
         FROM ad_conversion_daily
        WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date AND ${platformMatch('platform', '$4::text')}
        GROUP BY 1`,
      [businessId, window.first, window.last, filter.platform ?? 'all'],
    );
    return new Map(rows.map((r) => [String(r.key), attributedOf(r)]));
  }
  const base = by === 'channel' ? 'true' : by === 'day' ? 'k.campaign_id IS NOT NULL' : `${key} IS NOT NULL`;
  const { rows } = await q(
    `SELECT ${key} AS key, ${ATTRIBUTED}
       FROM ad_conversions u JOIN ad_traffic_keys k ON k.id = u.key_id
      WHERE u.business_id = $1 AND u.converted_at >= ${dayStart('$2')} AND u.converted_at < ${dayStart('$3')} + interval '1 day'
        AND u.touch_gap_s <= $4 AND ${base} AND ${platformMatch('k.platform', '$5::text')}
        AND ($6::text[] IS NULL OR k.campaign_id = ANY($6::text[])) AND ($7::text[] IS NULL OR k.ad_id = ANY($7::text[]))
      GROUP BY 1`,
    [
      businessId,
      window.first,
      window.last,
      lookbackS,
      filter.platform ?? 'all',
      filter.campaignIds ?? null,
      filter.adIds ?? null,
    ],
  );
  return new Map(rows.map((r) => [String(r.key), attributedOf(r)]));
}

/** The ad platforms' days of the window, per platform and currency. */
export async function platformDays(q: SqlExecutor, businessId: string, platform: PlatformFilter, window: Window) {
  const { rows } = await q(
    `SELECT d.platform, d.currency, d.date::text AS date, d.spend_minor, d.impressions, d.clicks, d.platform_conversions,
            d.platform_revenue_minor, c.minor_per_major
       FROM ad_platform_daily d
       LEFT JOIN (SELECT platform, currency, min(minor_per_major) AS minor_per_major FROM ad_campaigns
                   WHERE business_id = $1 GROUP BY 1, 2) c ON c.platform = d.platform AND c.currency = d.currency
      WHERE d.business_id = $1 AND ${platformMatch('d.platform', '$2')} AND d.date BETWEEN $3::date AND $4::date
      ORDER BY d.date`,
    [businessId, platform, window.first, window.last],
  );
  return rows.map((r) => ({
    platform: String(r.platform),
    currency: String(r.currency),
    minorPerMajor: n(r.minor_per_major) || 100,
    date: String(r.date),
    ...deliveryOf(r),
  }));
}

/** One campaign's days over the window. */
export async function campaignDays(q: SqlExecutor, businessId: string, campaignId: string, window: Window) {
  const { rows } = await q(
    `SELECT date::text AS date, spend_minor, impressions, clicks, platform_conversions, platform_revenue_minor
       FROM ad_campaign_daily WHERE business_id = $1 AND campaign_id = $2 AND date BETWEEN $3::date AND $4::date
      ORDER BY date`,
    [businessId, campaignId, window.first, window.last],
  );
  return rows.map((r) => ({ date: String(r.date), ...deliveryOf(r) }));
}

export type AudienceRow = { id: string; profile: string; band: string; sessions: number; converted: number };

/** Sessions of the window by matched campaign (or ad), Neuromind profile and readiness band, and how many converted. */
export async function audienceOf(
  q: SqlExecutor,
  businessId: string,
  by: 'campaign' | 'ad',
  ids: string[],
  window: Window,
): Promise<AudienceRow[]> {
  if (ids.length === 0) return [];
  const key = by === 'campaign' ? 'k.campaign_id' : 'k.ad_id';
  const { rows } = await q(
    `SELECT ${key} AS id, d.profile, d.band, sum(d.sessions) AS sessions, sum(d.converted_sessions) AS converted
       FROM ad_traffic_keys k
       JOIN ad_session_daily d ON d.business_id = k.business_id AND d.key_id = k.id
      WHERE k.business_id = $1 AND ${key} = ANY($2) AND d.date BETWEEN $3::date AND $4::date
      GROUP BY 1, 2, 3`,
    [businessId, ids, window.first, window.last],
  );
  return rows.map((r) => ({
    id: String(r.id),
    profile: String(r.profile),
    band: String(r.band),
    sessions: n(r.sessions),
    converted: n(r.converted),
  }));
}

/** Sessions per channel over a window. */
export async function channelSessions(q: SqlExecutor, businessId: string, window: Window) {
  const { rows } = await q(
    `SELECT channel, sum(sessions) AS sessions FROM ad_channel_daily
      WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date GROUP BY channel`,
    [businessId, window.first, window.last],
  );
  return new Map(rows.map((r) => [String(r.channel), n(r.sessions)]));
}

export type UtmRow = {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  sessions: number;
  visitors: number;
  clickIdSessions: number;
  convertedSessions: number;
  conversions: number;
  verified: number;
  revenue: number;
  readinessSum: number;
  readinessN: number;
};

/** Sessions of the window by UTM source, medium and campaign ('' for none), with optional filters. */
export async function utmRows(
  q: SqlExecutor,
  businessId: string,
  window: Window,
  filter: { utmSource?: string; utmCampaign?: string },
): Promise<UtmRow[]> {
  const { rows } = await q(
    `SELECT utm_source, utm_medium, utm_campaign, sum(sessions) AS sessions, sum(visitors_last) AS visitors,
            sum(click_id_sessions) AS click_id_sessions, sum(converted_sessions) AS converted_sessions,
            sum(conversions) AS conversions, sum(verified_conversions) AS verified, sum(revenue) AS revenue,
            sum(readiness_sum) AS readiness_sum, sum(readiness_n) AS readiness_n
       FROM ad_utm_daily
      WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date
        AND ($4::text IS NULL OR lower(utm_source) = lower($4)) AND ($5::text IS NULL OR lower(utm_campaign) = lower($5))
      GROUP BY utm_source, utm_medium, utm_campaign
      ORDER BY sum(sessions) DESC, utm_source, utm_medium, utm_campaign`,
    [businessId, window.first, window.last, filter.utmSource ?? null, filter.utmCampaign ?? null],
  );
  return rows.map((r) => ({
    utmSource: String(r.utm_source),
    utmMedium: String(r.utm_medium),
    utmCampaign: String(r.utm_campaign),
    sessions: n(r.sessions),
    visitors: n(r.visitors),
    clickIdSessions: n(r.click_id_sessions),
    convertedSessions: n(r.converted_sessions),
    conversions: n(r.conversions),
    verified: n(r.verified),
    revenue: n(r.revenue),
    readinessSum: n(r.readiness_sum),
    readinessN: n(r.readiness_n),
  }));
}

/** The ad integrations of the business (Meta Ads, Google Ads): status, last sync and account currency. */
export async function adIntegrations(q: SqlExecutor, businessId: string) {
  const { rows } = await q(
    `SELECT provider, status, last_sync_at, vendor_account->>'currency' AS currency FROM integrations
      WHERE business_id = $1 AND provider IN ('facebook_ads', 'google_ads')`,
    [businessId],
  );
  return rows.map((r) => ({
    provider: String(r.provider),
    status: String(r.status),
    lastSyncAt: r.last_sync_at ? new Date(r.last_sync_at as string).toISOString() : null,
    currency: s(r.currency)?.toUpperCase() ?? null,
  }));
}

/** One campaign of the business, or undefined. */
export async function findCampaign(q: SqlExecutor, businessId: string, campaignId: string) {
  const { rows } = await q(`SELECT ${CAMPAIGN_COLUMNS} FROM ad_campaigns c WHERE c.business_id = $1 AND c.id = $2`, [
    businessId,
    campaignId,
  ]);
  return rows[0] ? campaignOf(rows[0]) : undefined;
}

/** The stored tags of the directory, for matching UTM rows to campaigns. */
export { readStoredTags } from './rollup-sessions.repo.js';
