import type { DashboardGoalsBody } from '@ri/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  dashboardQueryOptions,
  dashboardStaleKeys,
  invalidateDashboardCache,
  putDashboardGoals,
} from '../api/dashboard-api';
import { savedRecommendationsQueryOptions } from '../api/insights-api';

export function useDashboard(days: number) {
  return useQuery(dashboardQueryOptions(useBusinessId(), days));
}

export function useSavedRecommendations() {
  return useQuery(savedRecommendationsQueryOptions(useBusinessId()));
}

/** Saves the goals; the dashboard over every window reloads with them. */
export function useSaveGoals() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardGoalsBody) => putDashboardGoals(businessId, body),
    onSuccess: () =>
      Promise.all(dashboardStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * Load Data (the empty state's button): asks the server to rebuild the rollups now, then reads the dashboard
 * again. The read happens even if the rebuild request fails, as the old button only read again.
 */
export function useLoadData() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => invalidateDashboardCache(businessId).catch(() => null),
    onSettled: () =>
      Promise.all(dashboardStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
