import { AD_LIMITS, type AdPlatformFilter, API } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec 1, 7.2: the ad reads are not cached, so every visit asks the server again. */
const AD_STALE_MS = 0;

/** The report window of the screen, in days. */
export type AdDays = 7 | 30 | 90;
/** What every read of the screen is filtered by: the platform filter and the time frame. */
export type AdFilters = { platform: AdPlatformFilter; days: AdDays };
export type AttributionLookback = 7 | 28 | 90;

export const getAdIntelligenceSummary = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getAdIntelligenceSummary, { businessId, query: filters });

export const getAdMetrics = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getAdMetrics, { businessId, query: filters });

export const getCampaignPerformance = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getCampaignPerformance, { businessId, query: { ...filters, limit: AD_LIMITS.campaigns } });

export const getCampaignPerformanceExtended = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getCampaignPerformanceExtended, {
    businessId,
    query: { ...filters, limit: AD_LIMITS.campaigns },
  });

export const getCreativePerformanceExtended = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getCreativePerformanceExtended, {
    businessId,
    query: { ...filters, limit: AD_LIMITS.creatives },
  });

export const getChannelInsightsExtended = (businessId: string | null, filters: AdFilters) =>
  callEndpoint(API.getChannelInsightsExtended, { businessId, query: { ...filters, limit: AD_LIMITS.channels } });

export const getConversionAttributionMapping = (
  businessId: string | null,
  filters: AdFilters,
  lookbackDays: AttributionLookback,
) =>
  callEndpoint(API.getConversionAttributionMapping, {
    businessId,
    query: { ...filters, lookback_days: lookbackDays },
  });

export const getCampaignDetails = (businessId: string | null, campaignId: string, days: AdDays) =>
  callEndpoint(API.getCampaignDetails, { businessId, params: { campaignId }, query: { days } });

export const listAdOptimizations = (businessId: string | null, campaignId: string) =>
  callEndpoint(API.listAdOptimizations, { businessId, query: { campaign_id: campaignId } });

export const implementAdOptimization = (
  businessId: string | null,
  body: { campaign_id: string; recommendation_id: string; days: AdDays },
) => callEndpoint(API.implementAdOptimization, { businessId, body });

export const undoAdOptimization = (businessId: string | null, actionId: string) =>
  callEndpoint(API.undoAdOptimization, { businessId, params: { actionId } });

// A new filter keeps the previous figures on screen, dimmed, until its own arrive.
const screenRead = { staleTime: AD_STALE_MS, placeholderData: keepPreviousData } as const;

export const adSummaryQueryOptions = (businessId: string | null, filters: AdFilters) =>
  queryOptions({
    queryKey: businessKey(API.getAdIntelligenceSummary, businessId, filters),
    queryFn: () => getAdIntelligenceSummary(businessId, filters),
    ...screenRead,
  });

export const adMetricsQueryOptions = (businessId: string | null, filters: AdFilters) =>
  queryOptions({
    queryKey: businessKey(API.getAdMetrics, businessId, filters),
    queryFn: () => getAdMetrics(businessId, filters),
    ...screenRead,
  });

export const campaignsQueryOptions = (businessId: string | null, filters: AdFilters) =>
  queryOptions({
    queryKey: businessKey(API.getCampaignPerformanceExtended, businessId, filters),
    queryFn: () => getCampaignPerformanceExtended(businessId, filters),
    ...screenRead,
  });

export const creativesQueryOptions = (businessId: string | null, filters: AdFilters) =>
  queryOptions({
    queryKey: businessKey(API.getCreativePerformanceExtended, businessId, filters),
    queryFn: () => getCreativePerformanceExtended(businessId, filters),
    ...screenRead,
  });

export const channelsQueryOptions = (businessId: string | null, filters: AdFilters) =>
  queryOptions({
    queryKey: businessKey(API.getChannelInsightsExtended, businessId, filters),
    queryFn: () => getChannelInsightsExtended(businessId, filters),
    ...screenRead,
  });

export const attributionMappingQueryOptions = (
  businessId: string | null,
  filters: AdFilters,
  lookbackDays: AttributionLookback,
) =>
  queryOptions({
    queryKey: businessKey(API.getConversionAttributionMapping, businessId, filters, lookbackDays),
    queryFn: () => getConversionAttributionMapping(businessId, filters, lookbackDays),
    ...screenRead,
  });

export const campaignDetailsQueryOptions = (businessId: string | null, campaignId: string, days: AdDays) =>
  queryOptions({
    queryKey: businessKey(API.getCampaignDetails, businessId, campaignId, days),
    queryFn: () => getCampaignDetails(businessId, campaignId, days),
    staleTime: AD_STALE_MS,
  });

export const adOptimizationsQueryOptions = (businessId: string | null, campaignId: string) =>
  queryOptions({
    queryKey: businessKey(API.listAdOptimizations, businessId, campaignId),
    queryFn: () => listAdOptimizations(businessId, campaignId),
    staleTime: AD_STALE_MS,
  });

/**
 * What an implemented or undone optimisation makes stale: the campaigns (their budgets and
 * recommendations), a campaign's details, and the recorded actions.
 */
export const optimizationStaleKeys = (businessId: string | null) => [
  businessKey(API.getCampaignPerformanceExtended, businessId),
  businessKey(API.getCampaignPerformance, businessId),
  businessKey(API.getCampaignDetails, businessId),
  businessKey(API.listAdOptimizations, businessId),
];
