import { READINESS_BANDS, READINESS_THRESHOLDS } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';
import { type ResolvedTags, resolveTags, type SessionTags, type TagIndex } from './attribution-join.js';

// The session side of the rollups: each session as a touch under its landing tags, and sessions per day by tags,
// profile and band, by UTM tags, and by channel. Everything is rebuilt from a day on (the first day that changed).

/** The instant a UTC day starts, as SQL, for a `YYYY-MM-DD` parameter. */
export const dayStart = (param: string) => `((${param})::date::timestamp AT TIME ZONE 'UTC')`;
/** The UTC day of a timestamptz column, as SQL. */
export const utcDay = (column: string) => `((${column}) AT TIME ZONE 'UTC')::date`;

/** The conversions a session is credited with count when their last touch is at most this old (the default lookback). */
export const SESSION_LOOKBACK_S = 28 * 86_400;

const BAND_SQL = `CASE WHEN i.readiness_score IS NULL THEN ''
  WHEN i.readiness_score >= ${READINESS_THRESHOLDS.ready} THEN '${READINESS_BANDS[0]}'
  WHEN i.readiness_score >= ${READINESS_THRESHOLDS.warming} THEN '${READINESS_BANDS[1]}'
  ELSE '${READINESS_BANDS[2]}' END`;

type KeyRow = SessionTags & {
  id: number;
  platform: string | null;
  campaignId: string | null;
  adId: string | null;
  channel: string;
};

const keyOf = (r: Record<string, unknown>): KeyRow => ({
  id: Number(r.id),
  utmSource: String(r.utm_source),
  utmMedium: String(r.utm_medium),
  utmCampaign: String(r.utm_campaign),
  utmContent: String(r.utm_content),
  trafficSource: String(r.traffic_source),
  clickId: String(r.click_id) as KeyRow['clickId'],
  platform: (r.platform as string | null) ?? null,
  campaignId: (r.campaign_id as string | null) ?? null,
  adId: (r.ad_id as string | null) ?? null,
  channel: String(r.channel),
});

const KEY_COLUMNS =
  'id, utm_source, utm_medium, utm_campaign, utm_content, traffic_source, click_id, platform, campaign_id, ad_id, channel';

/** Stores what each key resolves to, for the keys whose resolution changed. */
async function storeResolutions(q: SqlExecutor, businessId: string, keys: KeyRow[], index: TagIndex) {
  const changed: (ResolvedTags & { id: number })[] = [];
  for (const key of keys) {
    const resolved = resolveTags(key, index);
    if (
      resolved.platform !== key.platform ||
      resolved.campaignId !== key.campaignId ||
      resolved.adId !== key.adId ||
      resolved.channel !== key.channel
    ) {
      changed.push({ id: key.id, ...resolved });
    }
  }
  if (changed.length === 0) return 0;
  await q(
    `UPDATE ad_traffic_keys k SET platform = r.platform, campaign_id = r."campaignId", ad_id = r."adId", channel = r.channel
       FROM jsonb_to_recordset($2::jsonb) AS r(id bigint, platform text, "campaignId" text, "adId" text, channel text)
      WHERE k.business_id = $1 AND k.id = r.id`,
    [businessId, JSON.stringify(changed)],
  );
  return changed.length;
}

/** Adds the tags of sessions started from `from` on that are new, resolved against the campaigns. */
export async function addNewKeys(q: SqlExecutor, businessId: string, from: string, index: TagIndex) {
  const { rows } = await q(
    `INSERT INTO ad_traffic_keys (business_id, utm_source, utm_medium, utm_campaign, utm_content, traffic_source, click_id, channel)
     SELECT DISTINCT business_id, coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''),
            coalesce(utm_content, ''), traffic_source,
            CASE WHEN coalesce(gclid, '') <> '' THEN 'gclid' WHEN coalesce(fbclid, '') <> '' THEN 'fbclid' ELSE '' END,
            traffic_source
       FROM tracking_sessions WHERE business_id = $1 AND started_at >= ${dayStart('$2')}
     ON CONFLICT DO NOTHING
     RETURNING ${KEY_COLUMNS}`,
    [businessId, from],
  );
  return storeResolutions(q, businessId, rows.map(keyOf), index);
}

/** Resolves every key of the business again (the campaigns changed); answers how many changed. */
export async function resolveAllKeys(q: SqlExecutor, businessId: string, index: TagIndex) {
  const { rows } = await q(`SELECT ${KEY_COLUMNS} FROM ad_traffic_keys WHERE business_id = $1`, [businessId]);
  return storeResolutions(q, businessId, rows.map(keyOf), index);
}

/** Rebuilds the touches of sessions started from `from` on. */
export async function rebuildTouches(q: SqlExecutor, businessId: string, from: string) {
  await q(`DELETE FROM ad_touches WHERE business_id = $1 AND started_at >= ${dayStart('$2')}`, [businessId, from]);
  await q(
    `INSERT INTO ad_touches (business_id, session_id, visitor_id, started_at, key_id)
     SELECT s.business_id, s.id, s.visitor_id, s.started_at, k.id
       FROM tracking_sessions s
       JOIN ad_traffic_keys k ON k.business_id = s.business_id AND k.utm_source = coalesce(s.utm_source, '')
        AND k.utm_medium = coalesce(s.utm_medium, '') AND k.utm_campaign = coalesce(s.utm_campaign, '')
        AND k.utm_content = coalesce(s.utm_content, '') AND k.traffic_source = s.traffic_source
        AND k.click_id = CASE WHEN coalesce(s.gclid, '') <> '' THEN 'gclid' WHEN coalesce(s.fbclid, '') <> '' THEN 'fbclid' ELSE '' END
      WHERE s.business_id = $1 AND s.started_at >= ${dayStart('$2')}`,
    [businessId, from],
  );
}

/** Rebuilds sessions per day, tags, profile and band from `from` on, with the conversions credited to them. */
export async function rebuildSessionDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_session_daily WHERE business_id = $1 AND date >= $2::date', [businessId, from]);
  await q(
    `INSERT INTO ad_session_daily (business_id, key_id, date, profile, band, sessions, click_id_sessions,
       converted_sessions, conversions, verified_conversions, revenue, readiness_sum, readiness_n)
     SELECT t.business_id, t.key_id, ${utcDay('t.started_at')}, coalesce(i.neuromind_profile, ''), ${BAND_SQL},
            count(*), count(*) FILTER (WHERE k.click_id <> ''), count(u.session_id),
            coalesce(sum(u.conversions), 0), coalesce(sum(u.verified), 0), coalesce(sum(u.revenue), 0),
            coalesce(sum(i.readiness_score), 0), count(i.readiness_score)
       FROM ad_touches t
       JOIN ad_traffic_keys k ON k.id = t.key_id
       LEFT JOIN session_intelligence i ON i.business_id = t.business_id AND i.session_id = t.session_id
       LEFT JOIN (SELECT session_id, sum(conversions) AS conversions,
                         sum(conversions) FILTER (WHERE verified) AS verified, sum(revenue) AS revenue
                    FROM ad_conversions
                   WHERE business_id = $1 AND session_date >= $2::date AND touch_gap_s <= ${SESSION_LOOKBACK_S}
                   GROUP BY session_id) u ON u.session_id = t.session_id
      WHERE t.business_id = $1 AND t.started_at >= ${dayStart('$2')}
      GROUP BY t.business_id, t.key_id, ${utcDay('t.started_at')}, coalesce(i.neuromind_profile, ''), ${BAND_SQL}`,
    [businessId, from],
  );
}

/**
 * Rebuilds the UTM days from `from` on, and their distinct visitors: each visitor counts on the last day they came
 * with the tags, so a window ending today sums to its distinct visitors. A visitor back with the same tags moves
 * from their old last day to the new one.
 */
export async function rebuildUtmDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_utm_daily WHERE business_id = $1 AND date >= $2::date', [businessId, from]);
  await q(
    `INSERT INTO ad_utm_daily (business_id, date, utm_source, utm_medium, utm_campaign, sessions, click_id_sessions,
       converted_sessions, conversions, verified_conversions, revenue, readiness_sum, readiness_n)
     SELECT d.business_id, d.date, k.utm_source, k.utm_medium, k.utm_campaign, sum(d.sessions), sum(d.click_id_sessions),
            sum(d.converted_sessions), sum(d.conversions), sum(d.verified_conversions), sum(d.revenue),
            sum(d.readiness_sum), sum(d.readiness_n)
       FROM ad_session_daily d JOIN ad_traffic_keys k ON k.id = d.key_id
      WHERE d.business_id = $1 AND d.date >= $2::date
      GROUP BY d.business_id, d.date, k.utm_source, k.utm_medium, k.utm_campaign`,
    [businessId, from],
  );
  const seen = `SELECT k.utm_source, k.utm_medium, k.utm_campaign, t.visitor_id, max(${utcDay('t.started_at')}) AS last_date
                  FROM ad_touches t JOIN ad_traffic_keys k ON k.id = t.key_id
                 WHERE t.business_id = $1 AND t.started_at >= ${dayStart('$2')}
                 GROUP BY k.utm_source, k.utm_medium, k.utm_campaign, t.visitor_id`;
  // Visitors whose last day was before `from` and who came again: their old day loses them.
  await q(
    `UPDATE ad_utm_daily d SET visitors_last = d.visitors_last - m.n
       FROM (SELECT v.utm_source, v.utm_medium, v.utm_campaign, v.last_date, count(*)::int AS n
               FROM ad_utm_visitors v JOIN (${seen}) s USING (utm_source, utm_medium, utm_campaign, visitor_id)
              WHERE v.business_id = $1 AND v.last_date < $2::date
              GROUP BY v.utm_source, v.utm_medium, v.utm_campaign, v.last_date) m
      WHERE d.business_id = $1 AND d.date = m.last_date AND d.utm_source = m.utm_source
        AND d.utm_medium = m.utm_medium AND d.utm_campaign = m.utm_campaign`,
    [businessId, from],
  );
  await q(
    `INSERT INTO ad_utm_visitors (business_id, utm_source, utm_medium, utm_campaign, visitor_id, last_date)
     SELECT $1, utm_source, utm_medium, utm_campaign, visitor_id, last_date FROM (${seen}) s
     ON CONFLICT (business_id, utm_source, utm_medium, utm_campaign, visitor_id)
     DO UPDATE SET last_date = greatest(ad_utm_visitors.last_date, excluded.last_date)`,
    [businessId, from],
  );
  await q(
    `UPDATE ad_utm_daily d SET visitors_last = c.n
       FROM (SELECT utm_source, utm_medium, utm_campaign, last_date, count(*)::int AS n FROM ad_utm_visitors
              WHERE business_id = $1 AND last_date >= $2::date
              GROUP BY utm_source, utm_medium, utm_campaign, last_date) c
      WHERE d.business_id = $1 AND d.date = c.last_date AND d.utm_source = c.utm_source
        AND d.utm_medium = c.utm_medium AND d.utm_campaign = c.utm_campaign`,
    [businessId, from],
  );
}

/** Rebuilds sessions per day and channel (the matched campaign's platform, else the traffic source) from `from` on. */
export async function rebuildChannelDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_channel_daily WHERE business_id = $1 AND date >= $2::date', [businessId, from]);
  await q(
    `INSERT INTO ad_channel_daily (business_id, channel, date, sessions)
     SELECT d.business_id, coalesce(k.platform, k.traffic_source), d.date, sum(d.sessions)
       FROM ad_session_daily d JOIN ad_traffic_keys k ON k.id = d.key_id
      WHERE d.business_id = $1 AND d.date >= $2::date
      GROUP BY d.business_id, coalesce(k.platform, k.traffic_source), d.date`,
    [businessId, from],
  );
}

/** The tags the stored directory's campaigns and ads carry. */
export async function readStoredTags(q: SqlExecutor, businessId: string) {
  const campaigns = await q(
    `SELECT id, platform, utm_campaign FROM ad_campaigns WHERE business_id = $1 AND utm_campaign IS NOT NULL`,
    [businessId],
  );
  const ads = await q(
    `SELECT id, campaign_id, platform, utm_campaign, utm_content FROM ad_creatives
      WHERE business_id = $1 AND utm_campaign IS NOT NULL`,
    [businessId],
  );
  return {
    campaignTags: campaigns.rows.map((r) => ({
      campaignId: String(r.id),
      platform: r.platform as 'facebook' | 'google',
      utmCampaign: String(r.utm_campaign),
    })),
    adTags: ads.rows.map((r) => ({
      adId: String(r.id),
      campaignId: String(r.campaign_id),
      platform: r.platform as 'facebook' | 'google',
      utmCampaign: (r.utm_campaign as string | null) ?? null,
      utmContent: (r.utm_content as string | null) ?? null,
    })),
  };
}

/**
 * Rebuilds the conversions credited within the default lookback per day and channel from `from` on (the day of the
 * conversion): the rows of ad_conversions that changed are those converted from `from` on.
 */
export async function rebuildConversionDays(q: SqlExecutor, businessId: string, from: string) {
  await q('DELETE FROM ad_conversion_daily WHERE business_id = $1 AND date >= $2::date', [businessId, from]);
  await q(
    `INSERT INTO ad_conversion_daily (business_id, date, channel, platform, conversions, revenue, other_currency, verified)
     SELECT u.business_id, ${utcDay('u.converted_at')}, coalesce(k.platform, k.traffic_source), coalesce(k.platform, ''),
            sum(u.conversions), sum(u.revenue), count(*) FILTER (WHERE u.other_currency),
            coalesce(sum(u.conversions) FILTER (WHERE u.verified), 0)
       FROM ad_conversions u JOIN ad_traffic_keys k ON k.id = u.key_id
      WHERE u.business_id = $1 AND u.converted_at >= ${dayStart('$2')} AND u.touch_gap_s <= ${SESSION_LOOKBACK_S}
      GROUP BY 1, 2, 3, 4`,
    [businessId, from],
  );
}
