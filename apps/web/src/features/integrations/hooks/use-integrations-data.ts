import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { dataPointsStatsQueryOptions, integrationsQueryOptions, providersQueryOptions } from '../api/integrations-api';

export function useProviders() {
  return useQuery(providersQueryOptions());
}

export function useIntegrations() {
  return useQuery(integrationsQueryOptions(useBusinessId()));
}

export function useDataPointsStats(enabled: boolean) {
  return useQuery({ ...dataPointsStatsQueryOptions(useBusinessId()), enabled });
}
