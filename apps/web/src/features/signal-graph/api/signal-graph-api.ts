import { behavioralSignalsResponseSchema, type IntelligenceTimeFrame } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec: behavioural signals are cached for 2 minutes. */
const SIGNALS_STALE_MS = 120_000;

export function getBehavioralSignals(timeRange: IntelligenceTimeFrame) {
  return apiRequest('/analytics/behavioral-signals', {
    query: { time_range: timeRange },
    schema: behavioralSignalsResponseSchema,
  });
}

export const behavioralSignalsQueryOptions = (businessId: string | null, timeRange: IntelligenceTimeFrame) =>
  queryOptions({
    queryKey: ['behavioral-signals', businessId ?? 'own', timeRange],
    queryFn: () => getBehavioralSignals(timeRange),
    staleTime: SIGNALS_STALE_MS,
    // A new time frame keeps the old analysis on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
