import { API } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import { type AdsContext, getAdIntelligenceSummary, getAdMetrics } from './ads.service.js';
import type { createAttributionMapping } from './attribution.service.js';
import { getCampaignDetails } from './campaign-details.service.js';
import { getCampaignPerformance, getCampaignPerformanceExtended } from './campaigns.service.js';
import { getChannelInsightsExtended } from './channels.service.js';
import { getCreativePerformanceExtended } from './creatives.service.js';
import { getUtmAttributionAnalysis } from './utm.service.js';

/** The Ad Intelligence reads (spec 1, section 7.2) and Campaign Details. */
export const adsRoutes = (ctx: AdsContext, mapping: ReturnType<typeof createAttributionMapping>): Route[] => [
  route(API.getAdMetrics, ({ access, query }) => getAdMetrics(ctx, access.business.id, query)),
  route(API.getAdIntelligenceSummary, ({ access, query }) => getAdIntelligenceSummary(ctx, access.business.id, query)),
  route(API.getCampaignPerformance, ({ access, query }) => getCampaignPerformance(ctx, access.business.id, query)),
  route(API.getCampaignPerformanceExtended, ({ access, query }) =>
    getCampaignPerformanceExtended(ctx, access.business.id, query),
  ),
  route(API.getCreativePerformanceExtended, ({ access, query }) =>
    getCreativePerformanceExtended(ctx, access.business.id, query),
  ),
  route(API.getChannelInsightsExtended, ({ access, query }) =>
    getChannelInsightsExtended(ctx, access.business.id, query),
  ),
  route(API.getUtmAttributionAnalysis, ({ access, query }) =>
    getUtmAttributionAnalysis(ctx, access.business.id, query),
  ),
  route(API.getConversionAttributionMapping, ({ access, query }) => mapping(access.business.id, query), {
    expensive: true,
  }),
  route(API.getCampaignDetails, ({ access, params, query }) =>
    getCampaignDetails(ctx, access.business.id, params.campaignId, query.days),
  ),
];
