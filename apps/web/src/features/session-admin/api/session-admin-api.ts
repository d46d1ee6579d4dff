import { ADMIN_PAGE_SIZE, API, type Sent, type TimeRange } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec: the session list is cached for 30 s and polled every 30000 ms. */
export const ADMIN_POLL_MS = 30_000;

export type StatusFilter = NonNullable<Sent<(typeof API.listAdminSessions)['query']>['status_filter']>;

export type AdminSessionsParams = { page: number; statusFilter: StatusFilter; timeRange: TimeRange };

export function getAdminSessions(businessId: string | null, { page, statusFilter, timeRange }: AdminSessionsParams) {
  return callEndpoint(API.listAdminSessions, {
    businessId,
    query: { page, limit: ADMIN_PAGE_SIZE, status_filter: statusFilter, time_range: timeRange },
  });
}

export const adminSessionsQueryOptions = (businessId: string | null, params: AdminSessionsParams) =>
  queryOptions({
    queryKey: businessKey(API.listAdminSessions, businessId, params),
    queryFn: () => getAdminSessions(businessId, params),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: ADMIN_POLL_MS,
    // Keep the previous page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function getAdminStats(businessId: string | null, timeRange: TimeRange) {
  return callEndpoint(API.getAdminStats, { businessId, query: { time_range: timeRange } });
}

export const adminStatsQueryOptions = (businessId: string | null, timeRange: TimeRange) =>
  queryOptions({
    queryKey: businessKey(API.getAdminStats, businessId, timeRange),
    queryFn: () => getAdminStats(businessId, timeRange),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });

export function getSessionDetail(businessId: string | null, sessionId: string) {
  return callEndpoint(API.getAdminSession, { businessId, params: { sessionId } });
}

/** An active session keeps changing, so its detail is refreshed as often as the list. */
export const sessionDetailQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: businessKey(API.getAdminSession, businessId, sessionId),
    queryFn: () => getSessionDetail(businessId, sessionId),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: (query) => (query.state.data?.is_active ? ADMIN_POLL_MS : false),
  });
