import type { SqlExecutor } from '../../db/client.js';
import {
  type CampaignRow,
  DELIVERY_COLUMNS,
  deliveryOf,
  type PlatformFilter,
  platformMatch,
  type Window,
} from './ads.repo.js';

// The creatives' reads: ads by spend over a window with their texts and the engine's readings, their days, and
// the account's typical CTR they are compared with.

const n = (v: unknown) => Number(v ?? 0);
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** Ads of the filter (or of one campaign) by spend over the window, highest first, a page of them, and the count. */
export async function listCreatives(
  q: SqlExecutor,
  businessId: string,
  filter: { platform: PlatformFilter; campaignId?: string },
  days: number,
  limit: number,
) {
  const { rows } = await q(
    `SELECT a.id, a.platform, a.campaign_id, a.name, a.status, a.creative_type, a.headline, a.description, a.image_url,
            a.utm_content, a.triggers, a.fatigue, a.decay, c.name AS campaign_name, c.currency, c.minor_per_major,
            count(*) OVER (PARTITION BY a.campaign_id, lower(a.utm_content)) AS same_content,
            ${DELIVERY_COLUMNS}, count(*) OVER () AS total
       FROM ad_creatives a
       JOIN ad_campaigns c ON c.business_id = a.business_id AND c.id = a.campaign_id
       LEFT JOIN ad_window_totals w ON w.business_id = a.business_id AND w.level = 'ad' AND w.days = $3
            AND NOT w.previous AND w.id = a.id
      WHERE a.business_id = $1 AND ${platformMatch('a.platform', '$2')} AND ($4::text IS NULL OR a.campaign_id = $4)
      ORDER BY coalesce(w.spend_minor, 0) DESC, a.name, a.id
      LIMIT $5`,
    [businessId, filter.platform, days, filter.campaignId ?? null, limit],
  );
  return {
    total: n(rows[0]?.total),
    creatives: rows.map((r) => ({
      id: String(r.id),
      platform: r.platform as 'facebook' | 'google',
      campaignId: String(r.campaign_id),
      campaignName: s(r.campaign_name),
      name: s(r.name),
      status: s(r.status),
      creativeType: s(r.creative_type),
      headline: s(r.headline),
      description: s(r.description),
      imageUrl: s(r.image_url),
      utmContent: s(r.utm_content),
      /** Ads of its campaign carrying the same utm_content (itself included): visits cannot be told apart above 1. */
      sameContent: n(r.same_content),
      triggers: (r.triggers ?? []) as { trigger: string; evidence: string }[],
      fatigue: (r.fatigue ?? null) as {
        score: number | null;
        reason: string | null;
        baseline_ctr: number | null;
        recent_ctr: number | null;
        frequency: number | null;
        days_live: number;
      } | null,
      decay: (r.decay ?? null) as CampaignRow['decay'],
      currency: String(r.currency),
      minorPerMajor: n(r.minor_per_major),
      delivery: deliveryOf(r),
    })),
  };
}

/** The ads of some campaigns with their fatigue and window spend (a campaign's fatigue is its ads'). */
export async function adsOfCampaigns(q: SqlExecutor, businessId: string, campaignIds: string[], days: number) {
  if (campaignIds.length === 0) return [];
  const { rows } = await q(
    `SELECT a.id, a.vendor_id, a.campaign_id, a.name, a.status, a.fatigue, coalesce(w.spend_minor, 0) AS spend_minor,
            coalesce(w.impressions, 0) AS impressions
       FROM ad_creatives a
       LEFT JOIN ad_window_totals w ON w.business_id = a.business_id AND w.level = 'ad' AND w.days = $3
            AND NOT w.previous AND w.id = a.id
      WHERE a.business_id = $1 AND a.campaign_id = ANY($2)`,
    [businessId, campaignIds, days],
  );
  return rows.map((r) => ({
    id: String(r.id),
    vendorId: String(r.vendor_id),
    campaignId: String(r.campaign_id),
    name: s(r.name),
    // The platform's own word for it: Meta's effective status, Google's status.
    status: s(r.status),
    fatigue: ((r.fatigue as { score: number | null } | null)?.score ?? null) as number | null,
    spendMinor: n(r.spend_minor),
    impressions: n(r.impressions),
  }));
}

/** Some ads' days over the window. */
export async function adDays(q: SqlExecutor, businessId: string, adIds: string[], window: Window) {
  if (adIds.length === 0) return [];
  const { rows } = await q(
    `SELECT ad_id, date::text AS date, spend_minor, impressions, clicks, frequency FROM ad_daily
      WHERE business_id = $1 AND ad_id = ANY($2) AND date BETWEEN $3::date AND $4::date ORDER BY ad_id, date`,
    [businessId, adIds, window.first, window.last],
  );
  return rows.map((r) => ({
    adId: String(r.ad_id),
    date: String(r.date),
    spendMinor: n(r.spend_minor),
    impressions: n(r.impressions),
    clicks: n(r.clicks),
    frequency: nn(r.frequency),
  }));
}

/**
 * Per platform over the window: the median CTR (percent) of its ads with at least 1,000 impressions (a typical
 * creative there), and its clicks.
 */
export async function accountFigures(q: SqlExecutor, businessId: string, days: number) {
  const { rows } = await q(
    `SELECT c.platform,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY w.clicks::float8 / w.impressions) FILTER (WHERE w.impressions >= 1000)
              * 100 AS median_ctr,
            sum(w.clicks) AS clicks
       FROM ad_window_totals w JOIN ad_campaigns c ON c.business_id = w.business_id AND c.id = w.campaign_id
      WHERE w.business_id = $1 AND w.level = 'ad' AND w.days = $2 AND NOT w.previous
      GROUP BY c.platform`,
    [businessId, days],
  );
  return new Map(rows.map((r) => [String(r.platform), { medianCtr: nn(r.median_ctr), clicks: n(r.clicks) }]));
}
