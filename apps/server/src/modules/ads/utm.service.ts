import type { AdPlatformFilter, UtmAttribution, UtmAttributionRow } from '@ri/contracts';
import { rate, windowsOf } from './ads.figures.js';
import { readStoredTags, utmRows } from './ads.repo.js';
import type { AdsContext } from './ads.service.js';
import { buildTagIndex, platformHint, resolveTags } from './attribution-join.js';
import { ensureFresh } from './freshness.js';

// Tracked sessions by UTM source, medium and campaign, each matched to the synced campaign its tags name.

const PAID_MEDIUM = /^(cpc|ppc|paid|paidsearch|paid_search|cpm|display|paid_social|paidsocial|cpv)$/i;
const round2 = (v: number) => Math.round(v * 100) / 100;
const orNull = (v: string) => (v === '' ? null : v);

/** `GET /analytics/utm-attribution-analysis`. */
export async function getUtmAttributionAnalysis(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; utm_source?: string; utm_campaign?: string },
): Promise<UtmAttribution> {
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const q = ctx.database.executeSql;
  const window = windowsOf(query.days).current;
  const [rows, tags] = await Promise.all([
    utmRows(q, businessId, window, { utmSource: query.utm_source, utmCampaign: query.utm_campaign }),
    readStoredTags(q, businessId),
  ]);
  const index = buildTagIndex(tags.campaignTags, tags.adTags);
  const names = new Map(
    (await q('SELECT id, name FROM ad_campaigns WHERE business_id = $1', [businessId])).rows.map((r) => [
      String(r.id),
      String(r.name),
    ]),
  );
  const totals = { sessions: 0, tagged_sessions: 0, matched_sessions: 0, unmatched_paid_sessions: 0 };
  const out: UtmAttributionRow[] = [];
  for (const r of rows) {
    const resolved = resolveTags(
      {
        utmSource: r.utmSource,
        utmMedium: r.utmMedium,
        utmCampaign: r.utmCampaign,
        utmContent: '',
        trafficSource: '',
        clickId: '',
      },
      index,
    );
    const platform = resolved.platform ?? platformHint({ utmSource: r.utmSource, clickId: '' });
    if (query.platform !== 'all' && platform !== query.platform) continue;
    totals.sessions += r.sessions;
    if (r.utmSource || r.utmMedium || r.utmCampaign) totals.tagged_sessions += r.sessions;
    if (resolved.campaignId) totals.matched_sessions += r.sessions;
    else totals.unmatched_paid_sessions += PAID_MEDIUM.test(r.utmMedium) ? r.sessions : r.clickIdSessions;
    out.push({
      utm_source: orNull(r.utmSource),
      utm_medium: orNull(r.utmMedium),
      utm_campaign: orNull(r.utmCampaign),
      sessions: r.sessions,
      visitors: r.visitors,
      click_id_sessions: r.clickIdSessions,
      conversions: Math.round(r.conversions),
      verified_conversions: Math.round(r.verified),
      revenue: round2(r.revenue),
      conversion_rate: rate(r.convertedSessions, r.sessions),
      avg_readiness: r.readinessN > 0 ? round2(r.readinessSum / r.readinessN) : null,
      campaign: resolved.campaignId
        ? {
            id: resolved.campaignId,
            name: names.get(resolved.campaignId) ?? resolved.campaignId,
            platform: resolved.platform!,
          }
        : null,
    });
  }
  return { days: query.days, currency: revenueCurrency, rows: out, totals };
}
