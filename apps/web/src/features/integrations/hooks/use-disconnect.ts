import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import {
  dataPointsStatsQueryOptions,
  deleteIntegration,
  integrationsQueryOptions,
  syncProgressQueryOptions,
} from '../api/integrations-api';

export const DISCONNECT_FAILED = 'Failed to disconnect integration. Please try again.';

/** Disconnects an integration; its runs and synced rows go with it, so every integration answer is stale. */
export function useDisconnect() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteIntegration(businessId, id),
    onSuccess: () =>
      Promise.all(
        [integrationsQueryOptions, syncProgressQueryOptions, dataPointsStatsQueryOptions].map((options) =>
          queryClient.invalidateQueries({ queryKey: options(businessId).queryKey }),
        ),
      ),
  });
}
