import { API } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** Spec: sync status is refetched at most once per 30 seconds. */
export const SYNC_STATUS_STALE_MS = 30_000;

export function getSyncStatus(businessId: string | null) {
  return callEndpoint(API.getSyncStatus, { businessId });
}

/** Keyed by business so a business switch reads that business's status. */
export const syncStatusQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getSyncStatus, businessId),
    queryFn: () => getSyncStatus(businessId),
    staleTime: SYNC_STATUS_STALE_MS,
    // While a cooldown runs, keep the minutes on the button current.
    refetchInterval: (query) => (query.state.data?.reason === 'cooldown' ? SYNC_STATUS_STALE_MS : false),
  });
