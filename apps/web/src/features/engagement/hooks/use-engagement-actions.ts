import type { CreateEngagementAction } from '@ri/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  createEngagementAction,
  type EngagementActionsFilter,
  engagementActionsKey,
  engagementActionsQueryOptions,
} from '../api/engagement-api';

export function useEngagementActions(filter: EngagementActionsFilter) {
  return useQuery(engagementActionsQueryOptions(useBusinessId(), filter));
}

/** Records an Engage or Take Action on the server; the lists of recorded actions then reload. */
export function useCreateEngagementAction() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: CreateEngagementAction) => createEngagementAction(businessId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementActionsKey(businessId) }),
  });
}
