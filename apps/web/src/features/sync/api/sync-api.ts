import { syncStatusSchema } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec: sync status is refetched at most once per 30 seconds. */
export const SYNC_STATUS_STALE_MS = 30_000;

export function getSyncStatus() {
  return apiRequest('/analytics/sync-status', { schema: syncStatusSchema });
}

/** Keyed by business so a business switch reads that business's status. */
export const syncStatusQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: ['sync-status', businessId ?? 'own'],
    queryFn: getSyncStatus,
    staleTime: SYNC_STATUS_STALE_MS,
    // While a cooldown runs, keep the minutes on the button current.
    refetchInterval: (query) => (query.state.data?.reason === 'cooldown' ? SYNC_STATUS_STALE_MS : false),
  });
