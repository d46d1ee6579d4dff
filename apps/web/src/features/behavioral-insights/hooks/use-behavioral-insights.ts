import { useQuery } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { behavioralInsightsQueryOptions } from '../api/behavioral-insights-api';

export function useBehavioralInsights() {
  return useQuery(behavioralInsightsQueryOptions(useBusinessId()));
}
