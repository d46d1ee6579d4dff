import type { SqlExecutor } from '../../db/client.js';
import { currencyExponent, currencyOffset } from '../integrations/index.js';
import type { BudgetTargetRow } from './ads.schema.js';
import {
  type AdPlatformName,
  type AdTag,
  type CampaignTag,
  expandMetaMacros,
  googleUtmCampaign,
  type MetaAdNames,
} from './attribution-join.js';

// One directory of campaigns and ads over both platforms, read from the vendor tables the syncs fill, and the tags
// their links carry.

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

/** The active ad sets with a daily budget, as the directory keeps them; null when there are none. */
function budgetTargetsOf(value: unknown): BudgetTargetRow[] | null {
  const list = Array.isArray(value) ? value : [];
  const targets = list.flatMap((t: Record<string, unknown>) => {
    const minor = num(t.daily_budget_minor);
    return minor !== null && Number.isFinite(minor)
      ? [{ id: String(t.id), name: str(t.name), daily_budget_minor: minor }]
      : [];
  });
  return targets.length > 0 ? targets : null;
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
  /** Ad-set budgets (Meta): each active ad set with a daily budget, whose sum `daily_budget_minor` is. */
  budget_targets: BudgetTargetRow[] | null;
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
            s.daily AS adset_daily, s.lifetime AS adset_lifetime, s.only AS adset_only, s.targets AS adset_targets
       FROM meta_campaigns c
       LEFT JOIN (SELECT campaign_id, sum(daily_budget) AS daily, sum(lifetime_budget) AS lifetime,
                         CASE WHEN count(*) = 1 THEN min(vendor_id) END AS only,
                         jsonb_agg(jsonb_build_object('id', vendor_id, 'name', name, 'daily_budget_minor', daily_budget)
                                   ORDER BY name, vendor_id) FILTER (WHERE daily_budget IS NOT NULL) AS targets
                    FROM meta_adsets WHERE business_id = $1 AND coalesce(status, 'ACTIVE') = 'ACTIVE'
                     AND coalesce(effective_status, '') NOT IN ('ARCHIVED', 'DELETED')
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
      budget_targets: own !== null ? null : budgetTargetsOf(r.adset_targets),
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
      budget_targets: null,
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
      budget_targets: 'jsonb',
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
