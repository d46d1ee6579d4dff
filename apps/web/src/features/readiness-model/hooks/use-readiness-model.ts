import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useBusinessId } from '../../../lib/business-id';
import { readinessModelKey, readinessModelQueryOptions, refitReadinessModel } from '../api/readiness-model-api';

/** Which readiness model scores the business's sessions; read every 2 s while a refit runs. */
export function useReadinessModel() {
  return useQuery(readinessModelQueryOptions(useBusinessId()));
}

/** Starts a refit; its answer replaces the cached state, whose `refitting` flag starts the poll. */
export function useRefitReadinessModel() {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: () => refitReadinessModel(businessId),
    onSuccess: (model) => queryClient.setQueryData(readinessModelKey(businessId), model),
  });
}
