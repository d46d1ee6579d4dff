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

/** The header Sync: starts the task that syncs every integration and recalculates what the screens read. */
export const triggerDashboardSync = (businessId: string | null) => callEndpoint(API.syncDashboard, { businessId });

export const getSyncTask = (businessId: string | null, taskId: string) =>
  callEndpoint(API.getTaskStatus, { businessId, params: { id: taskId } });

/**
 * Where the header keeps the state of the business's current sync (see `useDashboardSync`). It sits under the
 * business's keys, so signing out or switching business drops it, and with it the following of the task.
 */
export const syncRunKey = (businessId: string | null) => businessKey(API.syncDashboard, businessId, 'run');
