import type {
  AdPlatformFilter,
  Campaign,
  CampaignExtended,
  CampaignExtendedList,
  CampaignList,
  OptimizationRecommendation,
  Reasons,
} from '@ri/contracts';
import { type CampaignFigures, DATA_SUFFICIENCY_RULES, dataSufficiency, optimizationRecommendations } from '@ri/engine';
import {
  audienceFrom,
  cpcOf,
  ctrOf,
  DEFAULT_LOOKBACK_S,
  formatNumber,
  money,
  moneyFormatter,
  roasOf,
  windowsOf,
} from './ads.figures.js';
import {
  type Attributed,
  attributedBy,
  audienceOf,
  type CampaignRow,
  type Delivery,
  listCampaigns,
} from './ads.repo.js';
import { type AdsContext, hasIntegration, platformStatuses } from './ads.service.js';
import { adsOfCampaigns } from './creatives.repo.js';
import { ensureFresh } from './freshness.js';

// Campaigns over a window: the spec's Campaign entity from the platforms' days and our attribution, and the
// extended analysis (reconciliation, visitors by profile and band, optimisation recommendations).

type AdFatigue = Awaited<ReturnType<typeof adsOfCampaigns>>[number];
/** Ad statuses the platform lets nothing change (Meta's archived and deleted, Google's removed). */
const UNPAUSABLE = new Set(['ARCHIVED', 'DELETED', 'REMOVED']);
export type Built = {
  row: CampaignRow;
  delivery: Delivery;
  attributed: Attributed;
  ads: AdFatigue[];
};
const NONE: Attributed = { conversions: 0, revenue: 0, otherCurrency: 0, verified: 0 };
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A campaign's fatigue: its ads' scores weighted by their spend in the window (impressions without spend). */
function campaignFatigue(ads: AdFatigue[], reasons: Reasons): number | null {
  const scored = ads.filter((a) => a.fatigue !== null);
  if (scored.length === 0) {
    reasons.creative_fatigue_score =
      ads.length === 0
        ? 'No ads synced for this campaign.'
        : 'No ad of this campaign has enough delivery history yet (fatigue needs 14 days live, 1,000 impressions in its first and last week and 20 clicks in its first).';
    return null;
  }
  const weight = (a: AdFatigue) => (scored.some((x) => x.spendMinor > 0) ? a.spendMinor : a.impressions) || 0;
  const total = scored.reduce((s, a) => s + weight(a), 0);
  if (total === 0) return round2(scored.reduce((s, a) => s + a.fatigue!, 0) / scored.length);
  return round2(scored.reduce((s, a) => s + a.fatigue! * weight(a), 0) / total);
}

/** The spec's Campaign over the window, with the figures the recommendations read (in minor units). */
function campaignOf(b: Built, days: number, revenueCurrency: string | null) {
  const { row, delivery: d, attributed: a } = b;
  const reasons: Reasons = {};
  const factor = row.minorPerMajor;
  const spend = money(d.spendMinor, factor);
  const budgetMinor =
    row.dailyBudgetMinor !== null
      ? row.dailyBudgetMinor * days
      : row.lifetimeBudgetMinor !== null
        ? row.lifetimeBudgetMinor
        : null;
  if (budgetMinor === null) {
    reasons.budget =
      row.platform === 'facebook'
        ? 'Meta sets no budget on this campaign or its active ad sets.'
        : 'Google Ads reports no budget for this campaign.';
    reasons.daily_budget = reasons.budget;
  } else if (row.dailyBudgetMinor === null) {
    reasons.daily_budget = 'The campaign runs on a lifetime budget.';
  }
  const delivered = d.deliveryDays > 0 || d.impressions > 0 || d.spendMinor > 0;
  const noDelivery = 'No delivery synced in this period.';
  const sameCurrency = revenueCurrency === null || revenueCurrency === row.currency;
  const decay = row.decay;
  if (!decay) reasons.message_decay_rate = 'No delivery synced for this campaign.';
  else if (decay.rate_per_day === null)
    reasons.message_decay_rate = decay.reason ?? 'Not enough delivery to fit a decay.';
  if (a.otherCurrency > 0) {
    reasons.attributed_revenue = `${formatNumber(a.otherCurrency)} payments in another currency than ${revenueCurrency} count as conversions, not revenue.`;
  }
  const platformConversions = delivered ? round2(d.platformConversions) : null;
  const platformRevenue = delivered ? money(d.platformRevenueMinor, factor) : null;
  if (!delivered) {
    reasons.platform_conversions = noDelivery;
    reasons.platform_revenue = noDelivery;
  }
  const ctr = ctrOf(reasons, 'ctr', d.clicks, d.impressions);
  const cpc = cpcOf(reasons, 'cpc', delivered ? spend : null, d.clicks);
  const roas = roasOf(reasons, 'roas', a.revenue, delivered ? spend : null, {
    revenue: revenueCurrency,
    spend: row.currency,
  });
  const platformRoas =
    platformRevenue === null
      ? null
      : roasOf(reasons, 'platform_roas', platformRevenue, spend, { revenue: null, spend: null });
  if (platformRevenue === null) reasons.platform_roas = noDelivery;
  const fatigue = campaignFatigue(b.ads, reasons);
  const status = row.status;
  const campaign: Campaign = {
    id: row.id,
    name: row.name,
    platform: row.platform,
    status,
    budget: budgetMinor === null ? null : money(budgetMinor, factor),
    spend,
    impressions: d.impressions,
    clicks: d.clicks,
    conversions: round2(a.conversions),
    ctr,
    cpc,
    roas,
    creative_fatigue_score: fatigue,
    message_decay_rate: decay?.rate_per_day == null ? null : Math.round(decay.rate_per_day * 10_000) / 10_000,
    start_date: row.startDate ?? row.firstDelivery,
    end_date: row.endDate ?? (status === 'active' ? null : row.lastDelivery),
    currency: row.currency,
    daily_budget: row.dailyBudgetMinor === null ? null : money(row.dailyBudgetMinor, factor),
    budget_level: row.budgetLevel,
    attributed_revenue: round2(a.revenue),
    platform_conversions: platformConversions,
    platform_revenue: platformRevenue,
    platform_roas: platformRoas,
    reasons,
  };
  if (campaign.start_date === null) reasons.start_date = 'The platform gives no start date and nothing was delivered.';
  if (campaign.end_date === null && status !== 'active') reasons.end_date = 'Nothing was delivered.';
  const figures: Omit<CampaignFigures, 'ready_visitors' | 'ready_converted' | 'sessions'> = {
    id: row.id,
    name: row.name,
    platform: row.platform,
    budget: budgetMinor,
    // Ad-set budgets change on each active ad set (budget_targets); without a known place, the change is a task.
    daily_budget: row.budgetTargetId || row.budgetTargets ? row.dailyBudgetMinor : null,
    spend: d.spendMinor,
    impressions: d.impressions,
    clicks: d.clicks,
    conversions: a.conversions,
    revenue: sameCurrency ? Math.round(a.revenue * factor) : 0,
    roas,
    ctr,
    cpc,
    fatigue,
    budget_level: row.budgetLevel,
    // An archived, deleted or removed ad still counts in the campaign's fatigue, but is never offered for pausing.
    fatigued_ads: b.ads
      .filter((ad) => ad.fatigue !== null && !UNPAUSABLE.has(ad.status ?? ''))
      .map((ad) => ({ id: ad.vendorId, name: ad.name ?? ad.vendorId, fatigue: ad.fatigue! })),
    budget_target_id: row.budgetTargetId,
    ...(row.budgetLevel === 'adset' && row.budgetTargets
      ? {
          budget_targets: row.budgetTargets.map((t) => ({
            id: t.id,
            name: t.name,
            daily_budget: t.daily_budget_minor,
          })),
        }
      : {}),
  };
  return { campaign, figures };
}

export async function build(
  ctx: AdsContext,
  businessId: string,
  rows: { campaign: CampaignRow; delivery: Delivery }[],
  days: number,
) {
  const q = ctx.database.executeSql;
  const ids = rows.map((r) => r.campaign.id);
  const window = windowsOf(days).current;
  const [attributed, ads] = await Promise.all([
    attributedBy(q, businessId, 'campaign', window, DEFAULT_LOOKBACK_S, { campaignIds: ids }),
    adsOfCampaigns(q, businessId, ids, days),
  ]);
  return rows.map(
    (r): Built => ({
      row: r.campaign,
      delivery: r.delivery,
      attributed: attributed.get(r.campaign.id) ?? NONE,
      ads: ads.filter((a) => a.campaignId === r.campaign.id),
    }),
  );
}

/** The window's campaigns (by spend, up to the limit) built from fresh rollups, and the platforms' statuses. */
async function campaignsOf(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; limit: number },
) {
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const [statuses, list] = await Promise.all([
    platformStatuses(ctx, businessId),
    hasIntegration(query.platform)
      ? listCampaigns(ctx.database.executeSql, businessId, query.platform, query.days, { limit: query.limit })
      : { total: 0, campaigns: [] },
  ]);
  const built = await build(ctx, businessId, list.campaigns, query.days);
  return { revenueCurrency, statuses, list, built };
}

/** `GET /analytics/campaign-performance`: campaigns by spend over the window. */
export async function getCampaignPerformance(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; limit: number },
): Promise<CampaignList> {
  const { revenueCurrency, statuses, list, built } = await campaignsOf(ctx, businessId, query);
  return {
    days: query.days,
    platform: query.platform,
    campaigns: built.map((b) => campaignOf(b, query.days, revenueCurrency).campaign),
    total: list.total,
    platforms: statuses,
  };
}

/** The extended analysis of built campaigns: sessions, reconciliation, audience, recommendations. */
export async function extend(
  ctx: AdsContext,
  businessId: string,
  built: Built[],
  days: number,
  revenueCurrency: string | null,
): Promise<CampaignExtended[]> {
  const window = windowsOf(days).current;
  const audiences = await audienceOf(
    ctx.database.executeSql,
    businessId,
    'campaign',
    built.map((b) => b.row.id),
    window,
  );
  const writable = new Map<string, Promise<boolean>>();
  const canWrite = (platform: 'facebook' | 'google') => {
    if (!writable.has(platform))
      writable.set(
        platform,
        ctx.canWrite(businessId, platform).catch(() => false),
      );
    return writable.get(platform)!;
  };
  return Promise.all(
    built.map(async (b) => {
      const { campaign, figures } = campaignOf(b, days, revenueCurrency);
      const audience = audienceFrom(audiences.filter((a) => a.id === b.row.id));
      const { ready, readyConverted, ...audienceOut } = audience;
      const sufficiency = dataSufficiency({
        platform_conversions: campaign.platform_conversions,
        attributed_conversions: campaign.conversions,
        tracked_sessions: audience.sessions,
        clicks: campaign.clicks,
      });
      const platformConversions = campaign.platform_conversions;
      // Where most clicks never reach tracking (under the badge's 20 %), our ROAS says more about the tracking than
      // the ads: no budget change rests on it (the reconciliation says what to check instead).
      const coverage = campaign.clicks > 0 ? audience.sessions / campaign.clicks : null;
      const roas = coverage !== null && coverage < DATA_SUFFICIENCY_RULES.minMatchRate ? null : figures.roas;
      const recommendations = optimizationRecommendations(
        { ...figures, roas, ready_visitors: ready, ready_converted: readyConverted, sessions: audience.sessions },
        moneyFormatter(b.row.currency, b.row.minorPerMajor),
        { minorPerMajor: b.row.minorPerMajor },
      );
      const applies = await canWrite(b.row.platform);
      const decay = b.row.decay;
      if (decay?.r2 == null) campaign.reasons.message_decay_r2 = campaign.reasons.message_decay_rate ?? 'No decay fit.';
      return {
        ...campaign,
        sessions: audience.sessions,
        message_decay_r2: decay?.r2 == null ? null : Math.round(decay.r2 * 1000) / 1000,
        reconciliation: {
          platform_conversions: platformConversions,
          attributed_conversions: campaign.conversions,
          unmatched_conversions:
            platformConversions === null ? null : round2(Math.max(0, platformConversions - campaign.conversions)),
          sufficiency: sufficiency.level,
          reason: sufficiency.reason,
        },
        audience: audienceOut,
        recommendations: recommendations.map(
          (r): OptimizationRecommendation => ({
            ...r,
            campaign_id: b.row.id,
            action:
              r.action.kind === 'set_budget'
                ? {
                    ...r.action,
                    from: money(r.action.from, b.row.minorPerMajor),
                    to: money(r.action.to, b.row.minorPerMajor),
                    targets: r.action.targets.map((t) => ({
                      ...t,
                      from: money(t.from, b.row.minorPerMajor),
                      to: money(t.to, b.row.minorPerMajor),
                    })),
                  }
                : r.action,
            applies_on_platform: r.action.kind !== 'task' && applies,
          }),
        ),
      };
    }),
  );
}

/** `GET /analytics/campaign-performance-extended`. */
export async function getCampaignPerformanceExtended(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; limit: number },
): Promise<CampaignExtendedList> {
  const { revenueCurrency, statuses, list, built } = await campaignsOf(ctx, businessId, query);
  return {
    days: query.days,
    platform: query.platform,
    campaigns: await extend(ctx, businessId, built, query.days, revenueCurrency),
    total: list.total,
    platforms: statuses,
  };
}
