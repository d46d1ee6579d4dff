import { API, type ProfileOutcomesResponse } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** The window the panel reads, as the behavioural insights beside it; cached as long as they are. */
export const OUTCOMES_DAYS = 30;
const OUTCOMES_STALE_MS = 300_000;

export function getNeuromindOutcomes(businessId: string | null): Promise<ProfileOutcomesResponse> {
  return callEndpoint(API.getNeuromindOutcomes, { businessId, query: { days: OUTCOMES_DAYS } });
}

export const neuromindOutcomesQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getNeuromindOutcomes, businessId, OUTCOMES_DAYS),
    queryFn: () => getNeuromindOutcomes(businessId),
    staleTime: OUTCOMES_STALE_MS,
  });
