import { API, type ReadinessModel } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** While a refit runs the state is read this often, so its result shows within seconds of it landing. */
export const REFIT_POLL_MS = 2000;
/** The model changes only with a refit (nightly or on demand), which the poll above follows. */
const READINESS_MODEL_STALE_MS = 60_000;

export function getReadinessModel(businessId: string | null): Promise<ReadinessModel> {
  return callEndpoint(API.getReadinessModel, { businessId });
}

/** Starts a refit in the background; the answer (202) is the state with `refitting` set. */
export function refitReadinessModel(businessId: string | null): Promise<ReadinessModel> {
  return callEndpoint(API.refitReadinessModel, { businessId });
}

export const readinessModelKey = (businessId: string | null) => businessKey(API.getReadinessModel, businessId);

export const readinessModelQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: readinessModelKey(businessId),
    queryFn: () => getReadinessModel(businessId),
    staleTime: READINESS_MODEL_STALE_MS,
    refetchInterval: (query) => (query.state.data?.refitting ? REFIT_POLL_MS : false),
  });
