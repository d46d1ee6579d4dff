import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { adsRoutes } from './ads.routes.js';
import { type AdsContext, getAdIntelligenceSummary } from './ads.service.js';
import { createAttributionMapping } from './attribution.service.js';
import { type FoundRecommendation, findRecommendationIn } from './campaign-details.service.js';
import { ensureFresh, refreshesIdle, refreshOnce } from './freshness.js';
import { createRefreshMarks, staleBusinesses } from './refresh.js';
import { platformCostDays, strategyCampaigns, strategyCreatives } from './strategy-figures.repo.js';

export type { FoundRecommendation } from './campaign-details.service.js';
export type { StrategyCampaign, StrategyCreative } from './strategy-figures.repo.js';

export type AdsOptions = {
  /** Whether a business's credentials for a platform allow changes on it (the recommendations' applies_on_platform). */
  canWrite?: (businessId: string, platform: 'facebook' | 'google') => Promise<boolean>;
};

const readOnly = async () => false;

/**
 * One recommendation of a campaign of the business, as the campaign's extended figures over `days` produce it now,
 * with the campaign's platform ids (for the optimisation module); null when the campaign has no such
 * recommendation. A campaign id that is not the business's throws the 404 AppError.
 */
export function findRecommendation(
  database: Database,
  businessId: string,
  campaignId: string,
  recommendationId: string,
  days: number,
  options: AdsOptions = {},
): Promise<FoundRecommendation | null> {
  return findRecommendationIn(
    { database, canWrite: options.canWrite ?? readOnly },
    businessId,
    campaignId,
    recommendationId,
    days,
  );
}

/**
 * Ad Intelligence: campaigns, creatives and channels from the synced ad data and the tracked sessions, over
 * rollups kept as data arrives (decision 0026). Tell it what changed: `adsSynced` after a Meta, Google or Stripe
 * sync stored pages, `sessionsStored` for each stored batch of events, `sessionScored` when a score changed.
 */
export function createAdsModule(database: Database, log: FastifyBaseLogger, options: AdsOptions = {}) {
  const marks = createRefreshMarks(database, log);
  const ctx: AdsContext = { database, canWrite: options.canWrite ?? readOnly, marks };
  const mapping = createAttributionMapping(ctx);
  const dayOf = (at: Date) => new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
  const module: ServerModule = {
    name: 'ads',
    routes: adsRoutes(ctx, mapping),
    jobs: [
      {
        name: 'ads.refresh-rollups',
        cron: '* * * * *',
        run: async () => {
          for (const businessId of await staleBusinesses(database)) {
            await refreshOnce(database, businessId).catch((error) =>
              log.error({ err: error, businessId }, 'refreshing ad rollups failed'),
            );
          }
        },
      },
    ],
    stop: async () => {
      await marks.stop();
      await refreshesIdle();
    },
  };
  return {
    module,
    /** A sync stored pages: Meta Ads or Google Ads (the ad data), or Stripe (payments). */
    adsSynced(businessId: string, provider: string) {
      if (provider === 'facebook_ads' || provider === 'google_ads') marks.mark(businessId, { ads: true });
      else if (provider === 'stripe') marks.mark(businessId, { charges: true });
    },
    /** Events of a session were stored (the day before the earliest, as a session may have started then). */
    sessionsStored(businessId: string, events: readonly { occurredAt: Date }[]) {
      let earliest = Date.now();
      for (const e of events) earliest = Math.min(earliest, e.occurredAt.getTime());
      marks.mark(businessId, { sessionsFrom: dayOf(new Date(earliest)) });
    },
    /** A session's score or profile changed. */
    sessionScored(businessId: string) {
      marks.mark(businessId, { sessionsFrom: dayOf(new Date()) });
    },
    /** What the Revenue Strategist reads of the ads over the UTC days [from, to] (rollups brought up to date first). */
    strategyFigures: async (businessId: string, from: string, to: string, costsFrom: string) => {
      await ensureFresh(database, businessId, marks);
      const q = database.executeSql;
      const [campaigns, creatives, costs] = await Promise.all([
        strategyCampaigns(q, businessId, from, to),
        strategyCreatives(q, businessId, from, to),
        platformCostDays(q, businessId, costsFrom, to),
      ]);
      return { campaigns, creatives, costs };
    },
    /**
     * Each platform's daily spend, clicks and impressions over the UTC days [from, to], from the rollups brought up
     * to date as the summary's are (a business's first read waits for their build instead of finding them empty).
     */
    costDays: async (businessId: string, from: string, to: string) => {
      await ensureFresh(database, businessId, marks);
      return platformCostDays(database.executeSql, businessId, from, to);
    },
    /** Brings the business's rollups up to date now (the header's Sync). */
    refresh: (businessId: string) => ensureFresh(database, businessId, marks),
    /** The Ad Intelligence cards over every platform for the last `days` days (and the window before). */
    summary: (businessId: string, days: number) => getAdIntelligenceSummary(ctx, businessId, { days, platform: 'all' }),
    findRecommendation: (businessId: string, campaignId: string, recommendationId: string, days: number) =>
      findRecommendationIn(ctx, businessId, campaignId, recommendationId, days),
  };
}
export type AdsHandle = ReturnType<typeof createAdsModule>;
