import type { SqlExecutor } from '../../db/client.js';
import type { Window } from './ads.repo.js';
import { dayStart } from './rollup-sessions.repo.js';

// The paths the attribution models read, from the touches (ad_touches) and the conversions (ad_conversions). A
// touch's channel is its matched campaign, else its traffic source.

export type ConvertingPath = {
  conversions: number;
  revenue: number;
  convertedAt: number;
  channels: string[];
  ats: number[];
};

/**
 * Every conversion of the window with the visitor's touches in the `lookbackDays` before it (oldest first); a
 * conversion without any has empty lists (it cannot be attributed).
 */
export async function convertingPaths(
  q: SqlExecutor,
  businessId: string,
  window: Window,
  lookbackDays: number,
): Promise<ConvertingPath[]> {
  const { rows } = await q(
    `SELECT u.conversions, u.revenue, extract(epoch FROM u.converted_at) * 1000 AS at,
            coalesce(array_agg(k.channel ORDER BY t.started_at) FILTER (WHERE t.session_id IS NOT NULL), '{}') AS channels,
            coalesce(array_agg(extract(epoch FROM t.started_at) * 1000 ORDER BY t.started_at)
                       FILTER (WHERE t.session_id IS NOT NULL), '{}') AS ats
       FROM ad_conversions u
       LEFT JOIN ad_touches t ON t.business_id = u.business_id AND t.visitor_id = u.visitor_id
            AND t.started_at <= u.converted_at AND t.started_at >= u.converted_at - ($4 * interval '1 day')
       LEFT JOIN ad_traffic_keys k ON k.id = t.key_id
      WHERE u.business_id = $1 AND u.converted_at >= ${dayStart('$2')} AND u.converted_at < ${dayStart('$3')} + interval '1 day'
      GROUP BY u.id, u.conversions, u.revenue, u.converted_at`,
    [businessId, window.first, window.last, lookbackDays],
  );
  return rows.map((r) => ({
    conversions: Number(r.conversions),
    revenue: Number(r.revenue),
    convertedAt: Number(r.at),
    channels: (r.channels as string[]).map(String),
    ats: (r.ats as (string | number)[]).map(Number),
  }));
}

/**
 * The window's visitors who did not convert in it, as patterns: the channels of their touches in the window in
 * order, and how many visitors took each.
 */
export async function nonConvertingPatterns(q: SqlExecutor, businessId: string, window: Window) {
  const { rows } = await q(
    `SELECT p.channels, count(*) AS visitors FROM (
       SELECT array_agg(k.channel ORDER BY t.started_at) AS channels
         FROM ad_touches t JOIN ad_traffic_keys k ON k.id = t.key_id
        WHERE t.business_id = $1 AND t.started_at >= ${dayStart('$2')} AND t.started_at < ${dayStart('$3')} + interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM ad_conversions u WHERE u.business_id = $1 AND u.visitor_id = t.visitor_id
                             AND u.converted_at >= ${dayStart('$2')})
        GROUP BY t.visitor_id) p
      GROUP BY p.channels`,
    [businessId, window.first, window.last],
  );
  return rows.map((r) => ({ channels: (r.channels as string[]).map(String), visitors: Number(r.visitors) }));
}

/** The campaigns' names and platforms, and their platform-claimed conversions and clicks over the window. */
export async function campaignsForMapping(q: SqlExecutor, businessId: string, days: number) {
  const { rows } = await q(
    `SELECT c.id, c.name, c.platform, w.platform_conversions, coalesce(w.clicks, 0) AS clicks,
            coalesce(w.delivery_days, 0) AS delivery_days
       FROM ad_campaigns c
       LEFT JOIN ad_window_totals w ON w.business_id = c.business_id AND w.level = 'campaign' AND w.days = $2
            AND NOT w.previous AND w.id = c.id
      WHERE c.business_id = $1`,
    [businessId, days],
  );
  return new Map(
    rows.map((r) => [
      String(r.id),
      {
        name: String(r.name),
        platform: String(r.platform),
        platformConversions: r.platform_conversions === null ? null : Number(r.platform_conversions),
        clicks: Number(r.clicks),
        delivered: Number(r.delivery_days) > 0,
      },
    ]),
  );
}

/** Tracked sessions per matched campaign over the window (the reconciliation's match rate). */
export async function campaignSessions(q: SqlExecutor, businessId: string, window: Window) {
  const { rows } = await q(
    `SELECT k.campaign_id, sum(d.sessions) AS sessions
       FROM ad_traffic_keys k JOIN ad_session_daily d ON d.business_id = k.business_id AND d.key_id = k.id
      WHERE k.business_id = $1 AND k.campaign_id IS NOT NULL AND d.date BETWEEN $2::date AND $3::date
      GROUP BY k.campaign_id`,
    [businessId, window.first, window.last],
  );
  return new Map(rows.map((r) => [String(r.campaign_id), Number(r.sessions)]));
}
