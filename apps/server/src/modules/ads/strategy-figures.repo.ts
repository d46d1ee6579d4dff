import type { SqlExecutor } from '../../db/client.js';

// What the Revenue Strategist reads of the ads: each campaign's spend and the tracked sessions it brought (their
// conversions, revenue, readiness and profiles), and each creative's clicks over its first and last days of delivery.

export type StrategyCampaign = {
  id: string;
  name: string;
  platform: string;
  currency: string;
  minorPerMajor: number;
  spendMinor: number;
  sessions: number;
  converted: number;
  /** Revenue credited to its sessions (major units of the revenue currency). */
  revenue: number;
  meanReadiness: number | null;
  profileMix: Record<string, number>;
};

/** Campaigns with spend or sessions over the UTC days [from, to]. */
export async function strategyCampaigns(q: SqlExecutor, businessId: string, from: string, to: string) {
  const { rows } = await q(
    `WITH spend AS (
       SELECT campaign_id, sum(spend_minor) AS s FROM ad_campaign_daily
        WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date GROUP BY 1
     ), days AS (
       SELECT k.campaign_id, d.profile, sum(d.sessions) AS sessions, sum(d.converted_sessions) AS converted,
              sum(d.revenue) AS revenue, sum(d.readiness_sum) AS rs, sum(d.readiness_n) AS rn
         FROM ad_session_daily d JOIN ad_traffic_keys k ON k.business_id = d.business_id AND k.id = d.key_id
        WHERE d.business_id = $1 AND d.date BETWEEN $2::date AND $3::date AND k.campaign_id IS NOT NULL
        GROUP BY 1, 2
     ), sess AS (
       SELECT campaign_id, sum(sessions) AS sessions, sum(converted) AS converted, sum(revenue) AS revenue,
              sum(rs) AS rs, sum(rn) AS rn,
              jsonb_object_agg(profile, sessions) FILTER (WHERE profile <> '') AS mix
         FROM days GROUP BY 1
     )
     SELECT c.id, c.name, c.platform, c.currency, c.minor_per_major, coalesce(spend.s, 0) AS spend,
            coalesce(sess.sessions, 0) AS sessions, coalesce(sess.converted, 0) AS converted,
            coalesce(sess.revenue, 0) AS revenue, sess.rs, sess.rn, sess.mix
       FROM ad_campaigns c
       LEFT JOIN spend ON spend.campaign_id = c.id
       LEFT JOIN sess ON sess.campaign_id = c.id
      WHERE c.business_id = $1 AND (coalesce(spend.s, 0) > 0 OR coalesce(sess.sessions, 0) > 0)
      ORDER BY c.id`,
    [businessId, from, to],
  );
  return rows.map(
    (r): StrategyCampaign => ({
      id: r.id as string,
      name: r.name as string,
      platform: r.platform as string,
      currency: r.currency as string,
      minorPerMajor: Number(r.minor_per_major),
      spendMinor: Number(r.spend),
      sessions: Number(r.sessions),
      converted: Number(r.converted),
      revenue: Number(r.revenue),
      meanReadiness: Number(r.rn ?? 0) > 0 ? Number(r.rs) / Number(r.rn) : null,
      profileMix: Object.fromEntries(
        Object.entries((r.mix as Record<string, number> | null) ?? {}).map(([k, v]) => [k, Number(v)]),
      ),
    }),
  );
}

export type StrategyCreative = {
  id: string;
  name: string;
  campaignId: string;
  fatigue: number | null;
  baseline: { impressions: number; clicks: number };
  recent: { days: number; impressions: number; clicks: number };
};

/**
 * Creatives that delivered in the window, with the fatigue score the refresh stored and their clicks over the first
 * and the last `span` days of delivery (the fatigue score's windows).
 */
export async function strategyCreatives(q: SqlExecutor, businessId: string, from: string, to: string, span = 7) {
  const { rows } = await q(
    `WITH live AS (
       SELECT ad_id, date, impressions, clicks,
              row_number() OVER (PARTITION BY ad_id ORDER BY date) AS first_n,
              row_number() OVER (PARTITION BY ad_id ORDER BY date DESC) AS last_n
         FROM ad_daily WHERE business_id = $1 AND impressions > 0 AND date <= $3::date
          AND ad_id IN (SELECT DISTINCT ad_id FROM ad_daily
                         WHERE business_id = $1 AND date BETWEEN $2::date AND $3::date AND impressions > 0)
     )
     SELECT a.id, coalesce(a.name, a.headline, a.id) AS name, a.campaign_id, (a.fatigue->>'score')::float8 AS fatigue,
            sum(l.impressions) FILTER (WHERE l.first_n <= $4) AS base_impressions,
            sum(l.clicks) FILTER (WHERE l.first_n <= $4) AS base_clicks,
            count(*) FILTER (WHERE l.last_n <= $4) AS recent_days,
            sum(l.impressions) FILTER (WHERE l.last_n <= $4) AS recent_impressions,
            sum(l.clicks) FILTER (WHERE l.last_n <= $4) AS recent_clicks
       FROM live l JOIN ad_creatives a ON a.business_id = $1 AND a.id = l.ad_id
      GROUP BY a.id, a.name, a.headline, a.campaign_id, a.fatigue
      ORDER BY a.id`,
    [businessId, from, to, span],
  );
  return rows.map(
    (r): StrategyCreative => ({
      id: r.id as string,
      name: r.name as string,
      campaignId: r.campaign_id as string,
      fatigue: r.fatigue == null ? null : Number(r.fatigue),
      baseline: { impressions: Number(r.base_impressions ?? 0), clicks: Number(r.base_clicks ?? 0) },
      recent: {
        days: Number(r.recent_days ?? 0),
        impressions: Number(r.recent_impressions ?? 0),
        clicks: Number(r.recent_clicks ?? 0),
      },
    }),
  );
}

/** Each platform's daily spend, clicks and impressions over the UTC days [from, to] (minor units of the account). */
export async function platformCostDays(q: SqlExecutor, businessId: string, from: string, to: string) {
  const { rows } = await q(
    `SELECT d.platform, d.currency, d.date::text AS date, sum(d.spend_minor) AS spend, sum(d.clicks) AS clicks,
            sum(d.impressions) AS impressions, min(c.minor_per_major) AS minor_per_major
       FROM ad_platform_daily d
       LEFT JOIN (SELECT platform, currency, min(minor_per_major) AS minor_per_major FROM ad_campaigns
                   WHERE business_id = $1 GROUP BY 1, 2) c ON c.platform = d.platform AND c.currency = d.currency
      WHERE d.business_id = $1 AND d.date BETWEEN $2::date AND $3::date
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [businessId, from, to],
  );
  return rows.map((r) => ({
    platform: r.platform as string,
    currency: r.currency as string,
    date: r.date as string,
    spendMinor: Number(r.spend),
    minorPerMajor: Number(r.minor_per_major ?? 100) || 100,
    clicks: Number(r.clicks),
    impressions: Number(r.impressions),
  }));
}
