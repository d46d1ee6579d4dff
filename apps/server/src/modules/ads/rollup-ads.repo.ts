import type { SqlExecutor } from '../../db/client.js';

// The ad side of the rollups: the ads' and campaigns' days and their totals over the report windows, rebuilt from
// the vendor tables the syncs fill (the directory of campaigns and ads: ad-directory.repo.ts).

/** The report windows and the windows before them, as (days, previous, first day offset, last day offset). */
export const WINDOWS = [7, 30, 90].flatMap((days) => [
  { days, previous: false, from: days - 1, to: 0 },
  { days, previous: true, from: 2 * days - 1, to: days },
]);
/** How far back the window totals read: the previous 90-day window. */
export const HORIZON_DAYS = 180;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

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
