import type { RecommendationCategory } from '@ri/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  actionsQueryOptions,
  competitorPricesQueryOptions,
  marketInsightsQueryOptions,
  recommendationsQueryOptions,
  simulationsQueryOptions,
} from '../api/strategy-api';

/**
 * The saved recommendations, all categories or one (the card list's filter). `enabled: false` lets a component
 * hold the hook without adding a second observer that would refetch an answer the screen already shows.
 */
export function useRecommendations(category?: RecommendationCategory, enabled = true) {
  return useQuery({ ...recommendationsQueryOptions(useBusinessId(), category), enabled });
}

export function useStrategyActions() {
  return useQuery(actionsQueryOptions(useBusinessId()));
}

export function useRevenueSimulations() {
  return useQuery(simulationsQueryOptions(useBusinessId()));
}

export function useMarketInsights() {
  return useQuery(marketInsightsQueryOptions(useBusinessId()));
}

export function useCompetitorPrices() {
  return useQuery(competitorPricesQueryOptions(useBusinessId()));
}

/** The four reads the screen opens with (spec 3 section 7: recommendations, actions, simulations, insights). */
export function useStrategyData() {
  const recommendations = useRecommendations();
  const actions = useStrategyActions();
  const simulations = useRevenueSimulations();
  const market = useMarketInsights();
  const all = [recommendations, actions, simulations, market];
  const failed = all.filter((q) => q.isError);
  return {
    recommendations,
    actions,
    simulations,
    market,
    /** True until every read has answered once, one way or the other; a retry later does not count. */
    isLoading: all.some((q) => q.isPending && q.errorUpdateCount === 0),
    /** A read that failed is being asked again (Try again): the screen stays, with a spinner. */
    isRetrying: all.some((q) => q.isFetching && q.errorUpdateCount > 0 && q.data === undefined),
    error: failed[0]?.error ?? null,
    retry: () => Promise.all(failed.map((q) => q.refetch())),
  };
}

/** Invalidates every key `keys` names for the current business. */
export function useInvalidate(keys: (businessId: string | null) => readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return () => Promise.all(keys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
