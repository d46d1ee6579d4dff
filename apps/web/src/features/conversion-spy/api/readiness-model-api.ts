import { type ReadinessModel, readinessModelSchema } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** While a refit runs the state is read this often, so its result shows within seconds of it landing. */
export const REFIT_POLL_MS = 2000;
/** The model changes only with a refit (nightly or on demand), which the poll above follows. */
const READINESS_MODEL_STALE_MS = 60_000;

export function getReadinessModel(): Promise<ReadinessModel> {
  return apiRequest('/analytics/readiness-model', { schema: readinessModelSchema });
}

/** Starts a refit in the background; the answer (202) is the state with `refitting` set. */
export function refitReadinessModel(): Promise<ReadinessModel> {
  return apiRequest('/analytics/readiness-model/refit', { method: 'POST', schema: readinessModelSchema });
}

export const readinessModelKey = (businessId: string | null) => ['readiness-model', businessId ?? 'own'] as const;

export const readinessModelQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: readinessModelKey(businessId),
    queryFn: getReadinessModel,
    staleTime: READINESS_MODEL_STALE_MS,
    refetchInterval: (query) => (query.state.data?.refitting ? REFIT_POLL_MS : false),
  });
