import type { CampaignDetails, OptimizationRecommendation } from '@ri/contracts';
import { AppError } from '../../lib/errors.js';
import { DEFAULT_LOOKBACK_S, daysOf, money, windowsOf } from './ads.figures.js';
import { attributedBy, campaignDays, findCampaign, listCampaigns } from './ads.repo.js';
import type { AdsContext } from './ads.service.js';
import { build, extend } from './campaigns.service.js';
import { listCreativesOf } from './creatives.service.js';
import { ensureFresh } from './freshness.js';

// One campaign: the Campaign Details dialog, and the recommendation Implement Optimization carries out.

const round2 = (v: number) => Math.round(v * 100) / 100;

/** One campaign of the business, extended; a 404 for an id that is not one. */
async function extendedCampaign(ctx: AdsContext, businessId: string, campaignId: string, days: number) {
  const q = ctx.database.executeSql;
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const found = /^(facebook|google)_./.test(campaignId) ? await findCampaign(q, businessId, campaignId) : undefined;
  if (!found) throw new AppError('not_found', 'Campaign not found');
  const list = await listCampaigns(q, businessId, 'all', days, { limit: 1, ids: [campaignId] });
  const built = await build(ctx, businessId, list.campaigns, days);
  const [extended] = await extend(ctx, businessId, built, days, revenueCurrency);
  return { extended: extended!, row: list.campaigns[0]!.campaign };
}

/** `GET /analytics/campaigns/:campaignId`: one campaign's extended figures, its days and its creatives. */
export async function getCampaignDetails(
  ctx: AdsContext,
  businessId: string,
  campaignId: string,
  days: number,
): Promise<CampaignDetails> {
  const { extended, row } = await extendedCampaign(ctx, businessId, campaignId, days);
  const q = ctx.database.executeSql;
  const window = windowsOf(days).current;
  const [rows, attributed, creatives] = await Promise.all([
    campaignDays(q, businessId, campaignId, window),
    attributedBy(q, businessId, 'day', window, DEFAULT_LOOKBACK_S, { campaignIds: [campaignId] }),
    listCreativesOf(ctx, businessId, { platform: 'all', campaignId, days, limit: 100 }),
  ]);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const daily = daysOf(window).map((date) => {
    const r = byDate.get(date);
    const a = attributed.get(date);
    return {
      date,
      spend: r ? money(r.spendMinor, row.minorPerMajor) : 0,
      impressions: r?.impressions ?? 0,
      clicks: r?.clicks ?? 0,
      platform_conversions: r ? round2(r.platformConversions) : 0,
      platform_revenue: r ? money(r.platformRevenueMinor, row.minorPerMajor) : 0,
      attributed_conversions: round2(a?.conversions ?? 0),
      attributed_revenue: round2(a?.revenue ?? 0),
    };
  });
  return { campaign: extended, daily, creatives: creatives.creatives };
}

/** What the optimisation module needs to implement one recommendation of a campaign. */
export type FoundRecommendation = {
  recommendation: OptimizationRecommendation;
  campaign: {
    id: string;
    name: string;
    platform: 'facebook' | 'google';
    vendorId: string;
    integrationId: string;
    currency: string;
    budgetLevel: 'campaign' | 'adset' | null;
    dailyBudgetMinor: number | null;
  };
};

/**
 * One recommendation of a campaign of the business as the extended figures over `days` produce it now, with the
 * campaign's platform ids; null when the campaign has no such recommendation (a 404 when it is not the business's).
 */
export async function findRecommendationIn(
  ctx: AdsContext,
  businessId: string,
  campaignId: string,
  recommendationId: string,
  days: number,
): Promise<FoundRecommendation | null> {
  const { extended, row } = await extendedCampaign(ctx, businessId, campaignId, days);
  const recommendation = extended.recommendations.find((r) => r.id === recommendationId);
  if (!recommendation) return null;
  return {
    recommendation,
    campaign: {
      id: row.id,
      name: row.name,
      platform: row.platform,
      vendorId: row.vendorId,
      integrationId: row.integrationId,
      currency: row.currency,
      budgetLevel: row.budgetLevel,
      dailyBudgetMinor: row.dailyBudgetMinor,
    },
  };
}
