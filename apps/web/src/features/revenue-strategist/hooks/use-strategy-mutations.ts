import {
  type ActionList,
  API,
  type CompetitorPriceBody,
  type RunSimulationBody,
  type StrategyAction,
} from '@ri/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { businessKey } from '../../../lib/query-keys';
import {
  actionsStaleKeys,
  addCompetitorPrice,
  createActionPlan,
  deleteCompetitorPrice,
  generateRecommendations,
  implementRecommendation,
  insightsStaleKeys,
  pricesStaleKeys,
  recommendationsQueryOptions,
  runSimulation,
  type StrategyDays,
  setActionStatus,
} from '../api/strategy-api';
import { useInvalidate } from './use-strategy-data';

/** Generate New Insights: runs the rules over the chosen window, then every tab reloads. */
export function useGenerateInsights() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(insightsStaleKeys);
  return useMutation({
    mutationFn: (days: StrategyDays) => generateRecommendations(businessId, days),
    onSuccess: async (list) => {
      queryClient.setQueryData(recommendationsQueryOptions(businessId, undefined).queryKey, list);
      await invalidate();
    },
  });
}

/** Implement: the recommendation's steps become actions in progress; the actions and the recommendation reload. */
export function useImplementRecommendation() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(actionsStaleKeys);
  return useMutation({
    mutationFn: (id: string) => implementRecommendation(businessId, id),
    onSuccess: invalidate,
  });
}

/** Create Action Plan: the insight's recommended actions become suggested actions. */
export function useCreateActionPlan() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(actionsStaleKeys);
  return useMutation({
    mutationFn: (insightId: string) => createActionPlan(businessId, insightId),
    onSuccess: invalidate,
  });
}

const withAction = (list: ActionList | undefined, id: string, change: (a: StrategyAction) => StrategyAction) =>
  list && { ...list, actions: list.actions.map((a) => (a.id === id ? change(a) : a)) };

/**
 * Start, Mark Complete or Dismiss. The card shows the new status at once; if the server refuses, that action
 * (only that one: others may be changing too) goes back to the status it had, and the card shows why.
 */
export function useSetActionStatus() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const queryKey = businessKey(API.getSmallCompoundingActions, businessId);
  return useMutation({
    mutationFn: (input: { id: string; status: StrategyAction['status'] }) =>
      setActionStatus(businessId, input.id, input.status),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<ActionList>(queryKey)?.actions.find((a) => a.id === id)?.status;
      queryClient.setQueryData<ActionList>(queryKey, (list) => withAction(list, id, (a) => ({ ...a, status })));
      return { before };
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) {
        queryClient.setQueryData<ActionList>(queryKey, (list) =>
          withAction(list, id, (a) => ({ ...a, status: before })),
        );
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<ActionList>(queryKey, (list) => withAction(list, saved.id, () => saved));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Run This Simulation: the server projects the month under the changes; the answer is the result card. */
export function useRunSimulation() {
  const businessId = useBusinessId();
  return useMutation({ mutationFn: (body: RunSimulationBody) => runSimulation(businessId, body) });
}

export function useAddCompetitorPrice() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(pricesStaleKeys);
  return useMutation({
    mutationFn: (body: CompetitorPriceBody) => addCompetitorPrice(businessId, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCompetitorPrice() {
  const businessId = useBusinessId();
  const invalidate = useInvalidate(pricesStaleKeys);
  return useMutation({
    mutationFn: (id: string) => deleteCompetitorPrice(businessId, id),
    onSuccess: invalidate,
  });
}
