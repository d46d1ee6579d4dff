import type { SqlExecutor } from '../../db/client.js';
import { currencyExponent, currencyOffset } from '../integrations/index.js';
import {
  type AdPlatformName,
  type AdTag,
  type CampaignTag,
  expandMetaMacros,
  googleUtmCampaign,
  type MetaAdNames,
} from './attribution-join.js';

// The ad side of the rollups: one directory of campaigns and ads over both platforms, their days, and their
// totals over the report windows, rebuilt from the vendor tables the syncs fill.

/** The report windows and the windows before them, as (days, previous, first day offset, last day offset). */
export const WINDOWS = [7, 30, 90].flatMap((days) => [
  { days, previous: false, from: days - 1, to: 0 },
  { days, previous: true, from: 2 * days - 1, to: days },
]);
/** How far back the window totals read: the previous 90-day window. */
export const HORIZON_DAYS = 180;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString().slice(0, 10) : (str(v)?.slice(0, 10) ?? null);

/**
 * Inserts rows through one JSON parameter (no parameter limit, one round trip per 5,000 rows); with `key`, a row
 * already there (by those columns) takes the new values instead.
 */
export async function insertJson(
  q: SqlExecutor,
  table: string,
  columns: Record<string, string>,
  rows: object[],
  key?: string[],
) {
  const CHUNK = 5_000;
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  const upsert = key
    ? ` ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${names
        .filter((n) => !key.includes(n))
        .map((n) => `${n} = excluded.${n}`)
        .join(', ')}`
    : '';
  for (let i = 0; i < rows.length; i += CHUNK) {
    await q(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${defs})${upsert}`,
      [JSON.stringify(rows.slice(i, i + CHUNK))],
    );
  }
}

const metaStatus = (effective: string | null, status: string | null, stop: Date | null, now: Date) => {
  const s = (effective ?? status ?? '').toUpperCase();
  if (s === 'DELETED' || s === 'ARCHIVED' || (stop && stop < now)) return 'completed' as const;
  if (s === 'ACTIVE' || s === 'IN_PROCESS' || s === 'WITH_ISSUES' || s === 'PENDING_REVIEW') return 'active' as const;
  return 'paused' as const;
};
const googleStatus = (status: string) =>
  status === 'ENABLED' ? ('active' as const) : status === 'REMOVED' ? ('completed' as const) : ('paused' as const);
const creativeType = (objectType: string | null) => {
  if (!objectType) return null;
  const t = objectType.toUpperCase();
  if (t === 'VIDEO') return 'video';
  if (t === 'SHARE' || t === 'PHOTO' || t === 'IMAGE') return 'image';
  return t.toLowerCase();
};

export type DirectoryCampaign = {
  business_id: string;
  id: string;
  platform: AdPlatformName;
  vendor_id: string;
  integration_id: string;
  name: string;
  status: 'active' | 'paused' | 'completed';
  currency: string;
  minor_per_major: number;
  daily_budget_minor: number | null;
  lifetime_budget_minor: number | null;
  budget_level: 'campaign' | 'adset' | null;
  budget_target_id: string | null;
  utm_campaign: string | null;
  start_date: string | null;
  end_date: string | null;
};
export type DirectoryCreative = {
  business_id: string;
  id: string;
  platform: AdPlatformName;
  campaign_id: string;
  vendor_id: string;
  name: string | null;
  status: string | null;
  creative_type: string | null;
  headline: string | null;
  description: string | null;
  image_url: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
};

/** The texts of an ad a reader sees: what the trigger rules read. */
export const creativeTexts = (c: Pick<DirectoryCreative, 'headline' | 'description'>, more: string[] = []) =>
  [c.headline, c.description, ...more].filter((t): t is string => Boolean(t));

/** Both platforms' campaigns and ads in one shape, and the tags their links carry. */
export async function readDirectory(q: SqlExecutor, businessId: string, now: Date) {
  const campaigns: DirectoryCampaign[] = [];
  const creatives: (DirectoryCreative & { texts: string[] })[] = [];
  const campaignTags: CampaignTag[] = [];
  const adTags: AdTag[] = [];

  const metaCampaigns = await q(
    `SELECT c.vendor_id, c.integration_id::text, c.name, c.status, c.effective_status, c.daily_budget, c.lifetime_budget,
            c.currency, c.start_time, c.stop_time,
            s.daily AS adset_daily, s.lifetime AS adset_lifetime, s.only AS adset_only
       FROM meta_campaigns c
       LEFT JOIN (SELECT campaign_id, sum(daily_budget) AS daily, sum(lifetime_budget) AS lifetime,
                         CASE WHEN count(*) = 1 THEN min(vendor_id) END AS only
                    FROM meta_adsets WHERE business_id = $1 AND coalesce(status, 'ACTIVE') = 'ACTIVE'
                   GROUP BY campaign_id) s ON s.campaign_id = c.vendor_id
      WHERE c.business_id = $1`,
    [businessId],
  );
  const metaNames = new Map<string, string | null>();
  for (const r of metaCampaigns.rows) {
    const vendorId = String(r.vendor_id);
    const currency = String(r.currency).toUpperCase();
    const own = num(r.daily_budget) ?? num(r.lifetime_budget);
    const stop = r.stop_time ? new Date(r.stop_time as string) : null;
    metaNames.set(vendorId, str(r.name));
    campaigns.push({
      business_id: businessId,
      id: `facebook_${vendorId}`,
      platform: 'facebook',
      vendor_id: vendorId,
      integration_id: String(r.integration_id),
      name: str(r.name) ?? `Campaign ${vendorId}`,
      status: metaStatus(str(r.effective_status), str(r.status), stop, now),
      currency,
      minor_per_major: currencyOffset(currency),
      daily_budget_minor: own !== null ? num(r.daily_budget) : num(r.adset_daily),
      lifetime_budget_minor: own !== null ? num(r.lifetime_budget) : num(r.adset_lifetime),
      budget_level:
        own !== null ? 'campaign' : num(r.adset_daily) !== null || num(r.adset_lifetime) !== null ? 'adset' : null,
      budget_target_id: own !== null ? vendorId : str(r.adset_only),
      utm_campaign: null,
      start_date: dateOf(r.start_time),
      end_date: dateOf(r.stop_time),
    });
  }

  const adsets = await q('SELECT vendor_id, name FROM meta_adsets WHERE business_id = $1', [businessId]);
  const adsetNames = new Map(adsets.rows.map((r) => [String(r.vendor_id), str(r.name)]));
  const metaAds = await q(
    `SELECT a.vendor_id, a.name, a.campaign_id, a.adset_id, a.status, a.effective_status,
            cr.title, cr.body, cr.object_type, cr.image_url, cr.utm, cr.call_to_action
       FROM meta_ads a
       LEFT JOIN meta_creatives cr ON cr.business_id = a.business_id AND cr.vendor_id = a.creative_id
      WHERE a.business_id = $1 AND a.campaign_id IS NOT NULL`,
    [businessId],
  );
  for (const r of metaAds.rows) {
    const campaignVendorId = String(r.campaign_id);
    if (!metaNames.has(campaignVendorId)) continue;
    const names: MetaAdNames = {
      campaignId: campaignVendorId,
      campaignName: metaNames.get(campaignVendorId) ?? null,
      adsetId: str(r.adset_id),
      adsetName: adsetNames.get(String(r.adset_id)) ?? null,
      adId: String(r.vendor_id),
      adName: str(r.name),
    };
    const utm = (r.utm ?? {}) as Record<string, string>;
    const creative: DirectoryCreative = {
      business_id: businessId,
      id: `facebook_${r.vendor_id}`,
      platform: 'facebook',
      campaign_id: `facebook_${campaignVendorId}`,
      vendor_id: String(r.vendor_id),
      name: str(r.name),
      status: str(r.effective_status) ?? str(r.status),
      creative_type: creativeType(str(r.object_type)),
      headline: str(r.title),
      description: str(r.body),
      image_url: str(r.image_url),
      utm_campaign: expandMetaMacros(utm.utm_campaign, names),
      utm_content: expandMetaMacros(utm.utm_content, names),
    };
    creatives.push({
      ...creative,
      texts: creativeTexts(creative, [str(r.call_to_action)?.replaceAll('_', ' ') ?? '']),
    });
    adTags.push({
      adId: creative.id,
      campaignId: creative.campaign_id,
      platform: 'facebook',
      utmCampaign: creative.utm_campaign,
      utmContent: creative.utm_content,
    });
  }

  const googleCampaigns = await q(
    `SELECT vendor_id, integration_id::text, name, status, daily_budget, currency, utm_campaign,
            tracking_url_template, final_url_suffix
       FROM google_campaigns WHERE business_id = $1`,
    [businessId],
  );
  const googleUtm = new Map<string, string | null>();
  for (const r of googleCampaigns.rows) {
    const vendorId = String(r.vendor_id);
    const currency = String(r.currency).toUpperCase();
    const utm = googleUtmCampaign(str(r.utm_campaign), vendorId, str(r.final_url_suffix), str(r.tracking_url_template));
    googleUtm.set(vendorId, utm);
    campaigns.push({
      business_id: businessId,
      id: `google_${vendorId}`,
      platform: 'google',
      vendor_id: vendorId,
      integration_id: String(r.integration_id),
      name: str(r.name) ?? `Campaign ${vendorId}`,
      status: googleStatus(String(r.status)),
      currency,
      minor_per_major: 10 ** currencyExponent(currency),
      daily_budget_minor: num(r.daily_budget),
      lifetime_budget_minor: null,
      budget_level: num(r.daily_budget) !== null ? 'campaign' : null,
      budget_target_id: num(r.daily_budget) !== null ? vendorId : null,
      utm_campaign: utm,
      start_date: null,
      end_date: null,
    });
    if (utm) campaignTags.push({ campaignId: `google_${vendorId}`, platform: 'google', utmCampaign: utm });
  }
  const googleAds = await q(
    `SELECT vendor_id, campaign_id, name, type, status, headlines, descriptions, final_urls, final_url_suffix
       FROM google_ads WHERE business_id = $1`,
    [businessId],
  );
  for (const r of googleAds.rows) {
    const campaignVendorId = String(r.campaign_id);
    if (!googleUtm.has(campaignVendorId)) continue;
    const headlines = (r.headlines ?? []) as string[];
    const descriptions = (r.descriptions ?? []) as string[];
    const content = utmContentOf(str(r.final_url_suffix), ...((r.final_urls ?? []) as string[]));
    const creative: DirectoryCreative = {
      business_id: businessId,
      id: `google_${r.vendor_id}`,
      platform: 'google',
      campaign_id: `google_${campaignVendorId}`,
      vendor_id: String(r.vendor_id),
      name: str(r.name) ?? headlines[0] ?? null,
      status: str(r.status),
      creative_type: str(r.type)?.toLowerCase() ?? null,
      headline: headlines[0] ?? null,
      description: descriptions[0] ?? null,
      image_url: null,
      utm_campaign: googleUtm.get(campaignVendorId) ?? null,
      utm_content: content,
    };
    creatives.push({ ...creative, texts: [...headlines, ...descriptions] });
    if (content) {
      adTags.push({
        adId: creative.id,
        campaignId: creative.campaign_id,
        platform: 'google',
        utmCampaign: creative.utm_campaign,
        utmContent: content,
      });
    }
  }
  return { campaigns, creatives, campaignTags, adTags };
}

function utmContentOf(...sources: (string | null)[]): string | null {
  for (const source of sources) {
    if (!source) continue;
    const query = source.includes('?') ? source.slice(source.indexOf('?') + 1) : source;
    const value = new URLSearchParams(query.split('#')[0]).get('utm_content');
    if (value && !value.startsWith('{')) return value;
  }
  return null;
}

/**
 * Replaces the business's directory of campaigns and ads; the engine's readings of ones already there are kept
 * (their days are read again only when they change).
 */
export async function storeDirectory(
  q: SqlExecutor,
  businessId: string,
  campaigns: DirectoryCampaign[],
  creatives: (DirectoryCreative & { triggers: { trigger: string; evidence: string }[] })[],
) {
  await q('DELETE FROM ad_campaigns WHERE business_id = $1 AND NOT (id = ANY($2::text[]))', [
    businessId,
    campaigns.map((c) => c.id),
  ]);
  await insertJson(
    q,
    'ad_campaigns',
    {
      business_id: 'uuid',
      id: 'text',
      platform: 'text',
      vendor_id: 'text',
      integration_id: 'uuid',
      name: 'text',
      status: 'text',
      currency: 'text',
      minor_per_major: 'int',
      daily_budget_minor: 'bigint',
      lifetime_budget_minor: 'bigint',
      budget_level: 'text',
      budget_target_id: 'text',
      utm_campaign: 'text',
      start_date: 'date',
      end_date: 'date',
    },
    campaigns,
    ['business_id', 'id'],
  );
  await q('DELETE FROM ad_creatives WHERE business_id = $1 AND NOT (id = ANY($2::text[]))', [
    businessId,
    creatives.map((c) => c.id),
  ]);
  await insertJson(
    q,
    'ad_creatives',
    {
      business_id: 'uuid',
      id: 'text',
      platform: 'text',
      campaign_id: 'text',
      vendor_id: 'text',
      name: 'text',
      status: 'text',
      creative_type: 'text',
      headline: 'text',
      description: 'text',
      image_url: 'text',
      utm_campaign: 'text',
      utm_content: 'text',
      triggers: 'jsonb',
    },
    creatives.map(({ texts: _texts, ...c }: DirectoryCreative & { texts?: string[]; triggers: unknown }) => c),
    ['business_id', 'id'],
  );
}

/** The first day of ad rows synced since `watermark` (every day when there is none); null when nothing was. */
export async function firstChangedAdDay(q: SqlExecutor, businessId: string, watermark: Date | null) {
  if (!watermark) return '0001-01-01';
  const { rows } = await q(
    `SELECT least(
       (SELECT min(date) FROM meta_ad_insights WHERE business_id = $1 AND synced_at > $2),
       (SELECT min(date) FROM google_ad_metrics WHERE business_id = $1 AND synced_at > $2))::text AS day`,
    [businessId, watermark],
  );
  return str(rows[0]?.day);
}

// Meta reports the same purchases under several action types: the first one present is read, never their sum.
const metaPurchases = (column: string, cast: string) =>
  `coalesce((${column}->>'omni_purchase')::numeric, (${column}->>'purchase')::numeric,
            (${column}->>'offsite_conversion.fb_pixel_purchase')::numeric, 0)::${cast}`;

/** Rebuilds the ad, campaign and platform days from `from` on, from the vendor tables. */
export async function rebuildAdDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_daily WHERE business_id = $1 AND date >= $2', [businessId, from]);
  await q(
    `INSERT INTO ad_daily (business_id, ad_id, campaign_id, date, spend_minor, impressions, clicks,
                           platform_conversions, platform_revenue_minor, frequency)
     SELECT business_id, 'facebook_' || ad_id, 'facebook_' || campaign_id, date, spend, impressions, coalesce(clicks, 0),
            ${metaPurchases('actions', 'float8')}, ${metaPurchases('action_values', 'bigint')}, frequency
       FROM meta_ad_insights WHERE business_id = $1 AND date >= $2 AND campaign_id IS NOT NULL
     UNION ALL
     SELECT business_id, 'google_' || ad_key, 'google_' || campaign_id, date, cost, impressions, clicks,
            conversions, conversions_value, NULL
       FROM google_ad_metrics WHERE business_id = $1 AND date >= $2`,
    [businessId, from],
  );
  await q('DELETE FROM ad_campaign_daily WHERE business_id = $1 AND date >= $2', [businessId, from]);
  await q(
    `INSERT INTO ad_campaign_daily (business_id, campaign_id, date, spend_minor, impressions, clicks,
                                    platform_conversions, platform_revenue_minor)
     SELECT business_id, campaign_id, date, sum(spend_minor), sum(impressions), sum(clicks),
            sum(platform_conversions), sum(platform_revenue_minor)
       FROM ad_daily WHERE business_id = $1 AND date >= $2
      GROUP BY business_id, campaign_id, date`,
    [businessId, from],
  );
  await rebuildPlatformDays(q, businessId, from);
}

/** The platform days from `from` on (campaigns' currencies may have changed: the directory is read again). */
export async function rebuildPlatformDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_platform_daily WHERE business_id = $1 AND date >= $2', [businessId, from]);
  await q(
    `INSERT INTO ad_platform_daily (business_id, platform, currency, date, spend_minor, impressions, clicks,
                                    platform_conversions, platform_revenue_minor)
     SELECT d.business_id, c.platform, c.currency, d.date, sum(d.spend_minor), sum(d.impressions), sum(d.clicks),
            sum(d.platform_conversions), sum(d.platform_revenue_minor)
       FROM ad_campaign_daily d
       JOIN ad_campaigns c ON c.business_id = d.business_id AND c.id = d.campaign_id
      WHERE d.business_id = $1 AND d.date >= $2
      GROUP BY d.business_id, c.platform, c.currency, d.date`,
    [businessId, from],
  );
  await q(
    `UPDATE ad_campaigns c SET first_delivery = d.first, last_delivery = d.last
       FROM (SELECT campaign_id, min(date) AS first, max(date) AS last FROM ad_campaign_daily
              WHERE business_id = $1 AND (impressions > 0 OR spend_minor > 0) GROUP BY campaign_id) d
      WHERE c.business_id = $1 AND c.id = d.campaign_id`,
    [businessId],
  );
}

/** Every campaign's and ad's totals over the report windows ending on `today`. */
export async function rebuildWindowTotals(q: SqlExecutor, businessId: string, today: string) {
  await q('DELETE FROM ad_window_totals WHERE business_id = $1', [businessId]);
  const windows = WINDOWS.map((w) => `(${w.days}, ${w.previous}, $2::date - ${w.from}, $2::date - ${w.to})`).join(', ');
  for (const [level, table, id] of [
    ['campaign', 'ad_campaign_daily', 'campaign_id'],
    ['ad', 'ad_daily', 'ad_id'],
  ] as const) {
    await q(
      `WITH w(days, previous, first_day, last_day) AS (VALUES ${windows})
       INSERT INTO ad_window_totals (business_id, level, days, previous, id, campaign_id, spend_minor, impressions,
                                     clicks, platform_conversions, platform_revenue_minor, delivery_days)
       SELECT $1, '${level}', w.days, w.previous, d.${id}, min(d.campaign_id), sum(d.spend_minor), sum(d.impressions),
              sum(d.clicks), sum(d.platform_conversions), sum(d.platform_revenue_minor),
              count(*) FILTER (WHERE d.impressions > 0 OR d.spend_minor > 0)
         FROM ${table} d JOIN w ON d.date BETWEEN w.first_day AND w.last_day
        WHERE d.business_id = $1 AND d.date BETWEEN $2::date - ${HORIZON_DAYS - 1} AND $2::date
        GROUP BY w.days, w.previous, d.${id}`,
      [businessId, today],
    );
  }
}

export type AdDayRow = {
  id: string;
  date: string;
  impressions: number;
  clicks: number;
  spend: number;
  frequency: number | null;
};

/** The days of the ads (or campaigns) that have days on or after `from`, grouped by id, in date order. */
export async function readDaysSince(
  q: SqlExecutor,
  businessId: string,
  level: 'ad' | 'campaign',
  from: string,
): Promise<Map<string, AdDayRow[]>> {
  const table = level === 'ad' ? 'ad_daily' : 'ad_campaign_daily';
  const id = level === 'ad' ? 'ad_id' : 'campaign_id';
  const frequency = level === 'ad' ? 'frequency' : 'NULL::float8';
  const { rows } = await q(
    `SELECT ${id} AS id, date::text AS date, impressions, clicks, spend_minor, ${frequency} AS frequency
       FROM ${table}
      WHERE business_id = $1 AND ${id} IN (SELECT DISTINCT ${id} FROM ${table} WHERE business_id = $1 AND date >= $2)
      ORDER BY ${id}, date`,
    [businessId, from],
  );
  const byId = new Map<string, AdDayRow[]>();
  for (const r of rows) {
    const key = String(r.id);
    const list = byId.get(key) ?? [];
    list.push({
      id: key,
      date: String(r.date),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      spend: Number(r.spend_minor),
      frequency: num(r.frequency),
    });
    byId.set(key, list);
  }
  return byId;
}

/** Stores the engine's readings of each ad's (or campaign's) history. */
export async function storeReadings(
  q: SqlExecutor,
  businessId: string,
  level: 'ad' | 'campaign',
  rows: { id: string; fatigue?: object; decay: object }[],
) {
  if (rows.length === 0) return;
  const table = level === 'ad' ? 'ad_creatives' : 'ad_campaigns';
  const fatigue = level === 'ad' ? ', fatigue = r.fatigue' : '';
  await q(
    `UPDATE ${table} t SET decay = r.decay${fatigue}
       FROM jsonb_to_recordset($2::jsonb) AS r(id text, fatigue jsonb, decay jsonb)
      WHERE t.business_id = $1 AND t.id = r.id`,
    [businessId, JSON.stringify(rows)],
  );
}

export const platformOfId = (id: string): AdPlatformName => (id.startsWith('google_') ? 'google' : 'facebook');
