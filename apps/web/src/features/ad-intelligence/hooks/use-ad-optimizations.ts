import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  type AdDays,
  adOptimizationsQueryOptions,
  implementAdOptimization,
  optimizationStaleKeys,
  undoAdOptimization,
} from '../api/ad-intelligence-api';

/** The optimisations implemented on one campaign, newest first. */
export function useAdOptimizations(campaignId: string) {
  return useQuery(adOptimizationsQueryOptions(useBusinessId(), campaignId));
}

function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return () =>
    Promise.all(optimizationStaleKeys(businessId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Implement Optimization: the server applies it on the platform or records a task, and answers the record. */
export function useImplementOptimization() {
  const businessId = useBusinessId();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: { campaignId: string; recommendationId: string; days: AdDays }) =>
      implementAdOptimization(businessId, {
        campaign_id: input.campaignId,
        recommendation_id: input.recommendationId,
        days: input.days,
      }),
    onSuccess: invalidate,
  });
}

/** Undo: the server restores what the action changed and answers the updated record. */
export function useUndoOptimization() {
  const businessId = useBusinessId();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (actionId: string) => undoAdOptimization(businessId, actionId),
    onSuccess: invalidate,
  });
}
