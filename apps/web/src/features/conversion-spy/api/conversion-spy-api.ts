import { API, type TimeRange } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec: sessions are read 50 at a time. */
export const LIVE_SESSIONS_LIMIT = 50;
/** The export asks for the contract's maximum, so the file holds more than the screen shows. */
export const EXPORT_SESSIONS_LIMIT = 200;
/** The fallback poll; the live stream refreshes far sooner while it is connected. */
export const LIVE_POLL_MS = 30_000;

export function getLiveSessions(businessId: string | null, timeFrame: TimeRange, limit = LIVE_SESSIONS_LIMIT) {
  return callEndpoint(API.listLiveSessions, { businessId, query: { limit, time_filter: timeFrame } });
}

/** Every time frame's sessions of one business: what a pushed session change makes stale. */
export const liveSessionsKey = (businessId: string | null) => businessKey(API.listLiveSessions, businessId);

export const liveSessionsQueryOptions = (businessId: string | null, timeFrame: TimeRange) =>
  queryOptions({
    queryKey: businessKey(API.listLiveSessions, businessId, timeFrame),
    queryFn: () => getLiveSessions(businessId, timeFrame),
    staleTime: LIVE_POLL_MS,
    refetchInterval: LIVE_POLL_MS,
    // A new time frame keeps the old rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
