import { API, type BehavioralInsightsResponse } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec: the behavioural insights window is 30 days, cached for 5 minutes. */
export const INSIGHTS_DAYS = 30;
const INSIGHTS_STALE_MS = 300_000;

export function getBehavioralInsights(businessId: string | null): Promise<BehavioralInsightsResponse> {
  return callEndpoint(API.getBehavioralInsights, { businessId, query: { days: INSIGHTS_DAYS } });
}

export const behavioralInsightsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getBehavioralInsights, businessId, INSIGHTS_DAYS),
    queryFn: () => getBehavioralInsights(businessId),
    staleTime: INSIGHTS_STALE_MS,
  });
