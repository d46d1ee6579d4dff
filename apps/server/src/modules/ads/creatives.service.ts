import type { AdPlatformFilter, Creative, CreativeList, Reasons } from '@ri/contracts';
import { engagementScore } from '@ri/engine';
import { AppError } from '../../lib/errors.js';
import {
  audienceFrom,
  ctrOf,
  DEFAULT_LOOKBACK_S,
  daysOf,
  emptyAudience,
  formatNumber,
  money,
  rate,
  windowsOf,
} from './ads.figures.js';
import { attributedBy, audienceOf, findCampaign } from './ads.repo.js';
import { type AdsContext, hasIntegration } from './ads.service.js';
import { accountFigures, adDays, listCreatives } from './creatives.repo.js';
import { ensureFresh } from './freshness.js';

// Creatives (each ad as delivered) over a window: delivery, the engine's fatigue, decay, triggers and engagement,
// and the visitors the ad brought by profile and band.

const round2 = (v: number) => Math.round(v * 100) / 100;
const percent = (fraction: number | null) => (fraction === null ? null : round2(fraction * 100));

/** The creatives of the filter (or of one campaign) by spend over the window, with everything the grid shows. */
export async function listCreativesOf(
  ctx: AdsContext,
  businessId: string,
  query: { platform: AdPlatformFilter; campaignId?: string; days: number; limit: number },
): Promise<{ creatives: Creative[]; total: number }> {
  if (!hasIntegration(query.platform)) return { creatives: [], total: 0 };
  const q = ctx.database.executeSql;
  const window = windowsOf(query.days).current;
  const list = await listCreatives(
    q,
    businessId,
    { platform: query.platform, campaignId: query.campaignId },
    query.days,
    query.limit,
  );
  const ids = list.creatives.map((c) => c.id);
  const [attributed, audiences, days, accounts, accountConversions] = await Promise.all([
    attributedBy(q, businessId, 'ad', window, DEFAULT_LOOKBACK_S, { adIds: ids }),
    audienceOf(q, businessId, 'ad', ids, window),
    adDays(q, businessId, ids, window),
    accountFigures(q, businessId, query.days),
    attributedBy(q, businessId, 'channel', window, DEFAULT_LOOKBACK_S),
  ]);
  const creatives = list.creatives.map((c): Creative => {
    const reasons: Reasons = {};
    const d = c.delivery;
    const a = attributed.get(c.id);
    const shared = c.sameContent > 1;
    const traceable = c.utmContent !== null && !shared;
    if (!traceable) {
      const why =
        c.utmContent === null
          ? "This ad's links carry no utm_content: its visits and conversions count for its campaign only."
          : `${formatNumber(c.sameContent)} ads of this campaign carry utm_content “${c.utmContent}”: their visits cannot be told apart and count for the campaign only.`;
      reasons.conversions = why;
      reasons.audience = why;
    }
    const fatigue = c.fatigue;
    if (!fatigue) reasons.fatigue_score = 'No delivery synced for this ad.';
    else if (fatigue.score === null) reasons.fatigue_score = fatigue.reason ?? 'Not enough delivery history.';
    if (!c.decay) reasons.message_decay_rate = 'No delivery synced for this ad.';
    else if (c.decay.rate_per_day === null) reasons.message_decay_rate = c.decay.reason ?? 'Not enough delivery.';
    if (c.decay?.r2 == null) reasons.message_decay_r2 = reasons.message_decay_rate ?? 'No decay fit.';
    const account = accounts.get(c.platform);
    const platformConversions = accountConversions.get(c.platform)?.conversions ?? 0;
    const engagement = engagementScore({
      impressions: d.impressions,
      clicks: d.clicks,
      conversions: a?.conversions ?? 0,
      account_ctr: account?.medianCtr ?? null,
      account_cvr: account && account.clicks > 0 ? (platformConversions / account.clicks) * 100 : null,
    });
    if (engagement.score === null) reasons.engagement_score = engagement.reason ?? 'Not enough delivery.';
    if (c.headline === null) reasons.headline = 'The platform gives no headline for this ad.';
    if (c.description === null) reasons.description = 'The platform gives no text for this ad.';
    const mine = days.filter((x) => x.adId === c.id);
    const byDate = new Map(mine.map((x) => [x.date, x]));
    return {
      id: c.id,
      campaign_id: c.campaignId,
      campaign_name: c.campaignName,
      platform: c.platform,
      name: c.name,
      status: c.status,
      creative_type: c.creativeType,
      headline: c.headline,
      description: c.description,
      image_url: c.imageUrl,
      currency: c.currency,
      spend: money(d.spendMinor, c.minorPerMajor),
      impressions: d.impressions,
      clicks: d.clicks,
      conversions: round2(a?.conversions ?? 0),
      ctr: ctrOf(reasons, 'ctr', d.clicks, d.impressions),
      fatigue_score: fatigue?.score == null ? null : round2(fatigue.score),
      fatigue: {
        baseline_ctr: percent(fatigue?.baseline_ctr ?? null),
        recent_ctr: percent(fatigue?.recent_ctr ?? null),
        frequency: fatigue?.frequency == null ? null : round2(fatigue.frequency),
        days_live: fatigue?.days_live ?? 0,
      },
      message_decay_rate: c.decay?.rate_per_day == null ? null : Math.round(c.decay.rate_per_day * 10_000) / 10_000,
      message_decay_r2: c.decay?.r2 == null ? null : Math.round(c.decay.r2 * 1000) / 1000,
      engagement_score: engagement.score === null ? null : round2(engagement.score),
      psychological_triggers: c.triggers.map((t) => t.trigger),
      trigger_evidence: c.triggers,
      audience: traceable
        ? (({ ready: _r, readyConverted: _c, ...rest }) => rest)(audienceFrom(audiences.filter((x) => x.id === c.id)))
        : emptyAudience(),
      daily: daysOf(window).map((date) => {
        const x = byDate.get(date);
        return {
          date,
          impressions: x?.impressions ?? 0,
          clicks: x?.clicks ?? 0,
          spend: x ? money(x.spendMinor, c.minorPerMajor) : 0,
          ctr: x && x.impressions > 0 ? rate(x.clicks, x.impressions) : null,
          frequency: x?.frequency ?? null,
        };
      }),
      reasons,
    };
  });
  return { creatives, total: list.total };
}

/** `GET /analytics/creative-performance-extended`. */
export async function getCreativePerformanceExtended(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; limit: number; campaign_id?: string },
): Promise<CreativeList> {
  await ensureFresh(ctx.database, businessId, ctx.marks);
  if (query.campaign_id && !(await findCampaign(ctx.database.executeSql, businessId, query.campaign_id))) {
    throw new AppError('not_found', 'Campaign not found');
  }
  const { creatives, total } = await listCreativesOf(ctx, businessId, {
    platform: query.platform,
    campaignId: query.campaign_id,
    days: query.days,
    limit: query.limit,
  });
  return { days: query.days, platform: query.platform, creatives, total };
}
