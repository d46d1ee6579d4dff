import {
  ADMIN_PAGE_SIZE,
  type AdminTimeRange,
  type adminSessionsQuerySchema,
  adminSessionsResponseSchema,
  sessionDetailSchema,
  sessionStatsSchema,
} from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Spec: the session list is cached for 30 s and polled every 30000 ms. */
export const ADMIN_POLL_MS = 30_000;

export type StatusFilter = z.infer<typeof adminSessionsQuerySchema>['status_filter'];
export type AdminSessionsParams = { page: number; statusFilter: StatusFilter; timeRange: AdminTimeRange };

export function getAdminSessions({ page, statusFilter, timeRange }: AdminSessionsParams) {
  return apiRequest('/tracking/admin/sessions', {
    query: { page, limit: ADMIN_PAGE_SIZE, status_filter: statusFilter, time_range: timeRange },
    schema: adminSessionsResponseSchema,
  });
}

export const adminSessionsQueryOptions = (businessId: string | null, params: AdminSessionsParams) =>
  queryOptions({
    queryKey: ['admin-sessions', businessId ?? 'own', params],
    queryFn: () => getAdminSessions(params),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: ADMIN_POLL_MS,
    // Keep the previous page on screen while the next one loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function getAdminStats(timeRange: AdminTimeRange) {
  return apiRequest('/tracking/admin/stats', { query: { time_range: timeRange }, schema: sessionStatsSchema });
}

export const adminStatsQueryOptions = (businessId: string | null, timeRange: AdminTimeRange) =>
  queryOptions({
    queryKey: ['admin-stats', businessId ?? 'own', timeRange],
    queryFn: () => getAdminStats(timeRange),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });

export function getSessionDetail(sessionId: string) {
  return apiRequest(`/tracking/admin/sessions/${encodeURIComponent(sessionId)}`, { schema: sessionDetailSchema });
}

/** An active session keeps changing, so its detail is refreshed as often as the list. */
export const sessionDetailQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: ['admin-session', businessId ?? 'own', sessionId],
    queryFn: () => getSessionDetail(sessionId),
    staleTime: ADMIN_POLL_MS,
    refetchInterval: (query) => (query.state.data?.is_active ? ADMIN_POLL_MS : false),
  });
