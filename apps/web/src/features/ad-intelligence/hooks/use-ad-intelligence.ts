import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  type AdDays,
  type AdFilters,
  type AttributionLookback,
  adMetricsQueryOptions,
  adSummaryQueryOptions,
  attributionMappingQueryOptions,
  campaignDetailsQueryOptions,
  campaignsQueryOptions,
  channelsQueryOptions,
  creativesQueryOptions,
} from '../api/ad-intelligence-api';

export function useAdSummary(filters: AdFilters) {
  return useQuery(adSummaryQueryOptions(useBusinessId(), filters));
}

export function useAdMetrics(filters: AdFilters) {
  return useQuery(adMetricsQueryOptions(useBusinessId(), filters));
}

export function useCampaigns(filters: AdFilters) {
  return useQuery(campaignsQueryOptions(useBusinessId(), filters));
}

export function useCreatives(filters: AdFilters) {
  return useQuery(creativesQueryOptions(useBusinessId(), filters));
}

export function useChannelInsights(filters: AdFilters) {
  return useQuery(channelsQueryOptions(useBusinessId(), filters));
}

export function useAttributionMapping(filters: AdFilters, lookbackDays: AttributionLookback) {
  return useQuery(attributionMappingQueryOptions(useBusinessId(), filters, lookbackDays));
}

export function useCampaignDetails(campaignId: string, days: AdDays) {
  return useQuery(campaignDetailsQueryOptions(useBusinessId(), campaignId, days));
}
