import { API, type TimeRange } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec: behavioural signals are cached for 2 minutes. */
const SIGNALS_STALE_MS = 120_000;

export function getBehavioralSignals(businessId: string | null, timeRange: TimeRange) {
  return callEndpoint(API.getBehavioralSignals, { businessId, query: { time_range: timeRange } });
}

export const behavioralSignalsQueryOptions = (businessId: string | null, timeRange: TimeRange) =>
  queryOptions({
    queryKey: businessKey(API.getBehavioralSignals, businessId, timeRange),
    queryFn: () => getBehavioralSignals(businessId, timeRange),
    staleTime: SIGNALS_STALE_MS,
    // A new time frame keeps the old analysis on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
