import { API, type DashboardGoalsBody } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError, NetworkError } from '../../../lib/api-error';
import { businessKey } from '../../../lib/query-keys';

/** Spec 7.2: the dashboard's answer is fresh for 180 s. */
export const DASHBOARD_STALE_MS = 180_000;

/** Spec section 5: a dashboard answer without structural_tension is refused with this. */
export const INVALID_DASHBOARD = 'Invalid dashboard data structure received';

/**
 * The dashboard over the last `days`. An answer that does not match the contract (the spec's check for
 * structural_tension is part of it) is refused with the spec's message rather than the client's generic one.
 */
export async function getDashboard(businessId: string | null, days: number) {
  try {
    return await callEndpoint(API.getDashboard, { businessId, query: { days } });
  } catch (error) {
    const isShapeError =
      !(error instanceof ApiError) &&
      !(error instanceof NetworkError) &&
      error instanceof Error &&
      error.message.startsWith('Unexpected response from the server');
    throw isShapeError ? new Error(INVALID_DASHBOARD) : error;
  }
}

export const dashboardQueryOptions = (businessId: string | null, days: number) =>
  queryOptions({
    queryKey: businessKey(API.getDashboard, businessId, days),
    queryFn: () => getDashboard(businessId, days),
    staleTime: DASHBOARD_STALE_MS,
    // Another window keeps the figures on screen, dimmed, until its own arrive.
    placeholderData: keepPreviousData,
  });

export const putDashboardGoals = (businessId: string | null, body: DashboardGoalsBody) =>
  callEndpoint(API.putDashboardGoals, { businessId, body });

/** Load Data: rebuild the business's rollups now rather than at their next refresh. */
export const invalidateDashboardCache = (businessId: string | null) =>
  callEndpoint(API.invalidateCache, { businessId });

/** What new goals or rebuilt rollups make stale: the dashboard over every window, and the goals. */
export const dashboardStaleKeys = (businessId: string | null) => [
  businessKey(API.getDashboard, businessId),
  businessKey(API.getDashboardGoals, businessId),
];
