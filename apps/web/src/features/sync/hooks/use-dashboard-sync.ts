import { type QueryClient, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import { businessScopeKey } from '../../../lib/query-keys';
import { getSyncTask, syncRunKey, syncStatusQueryOptions, triggerDashboardSync } from '../api/sync-api';
import {
  IDLE,
  MAX_POLL_FAILURES,
  runAfterTask,
  runAfterTrigger,
  SYNC_POLL_MS,
  type SyncRun,
  TRIGGER_FAILED,
} from '../lib/sync-run';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After a sync: every answer about the business may have changed (figures, integrations' last sync, profiles,
 * recommendations), so all of them go stale and the ones on screen reload; the sync status is among them, so
 * the button learns of the new cooldown.
 */
async function refreshBusiness(queryClient: QueryClient, businessId: string | null) {
  const runKey = syncRunKey(businessId);
  await queryClient.invalidateQueries({
    queryKey: businessScopeKey(businessId),
    predicate: (query) => !sameKey(query.queryKey, runKey),
  });
}

/**
 * Runs the spec's sync lifecycle for one business and writes each state into the query cache under
 * `syncRunKey`: trigger; with a task, poll it every 2 s until it completes or fails. It stops following when the
 * state is gone from the cache (sign-out clears it, a business switch drops it): the task goes on on the server.
 * Poll errors are logged and retried (spec section 8); after MAX_POLL_FAILURES in a row the header says it lost
 * track of the sync rather than spin forever.
 */
async function followDashboardSync(queryClient: QueryClient, businessId: string | null) {
  const key = syncRunKey(businessId);
  const set = (run: SyncRun) => queryClient.setQueryData<SyncRun>(key, run);
  set({ phase: 'starting' });
  let run: SyncRun;
  try {
    run = runAfterTrigger(await triggerDashboardSync(businessId));
  } catch {
    set({ phase: 'failed', message: TRIGGER_FAILED });
    return;
  }
  set(run);
  if (run.phase === 'completed') await refreshBusiness(queryClient, businessId);
  if (run.phase !== 'running') return;

  const { taskId } = run;
  let failures = 0;
  for (;;) {
    await sleep(SYNC_POLL_MS);
    const current = queryClient.getQueryData<SyncRun>(key);
    if (current?.phase !== 'running' || current.taskId !== taskId) return;
    try {
      const task = await getSyncTask(businessId, taskId);
      failures = 0;
      const finished = runAfterTask(task);
      if (finished) {
        set(finished);
        if (finished.phase === 'completed') await refreshBusiness(queryClient, businessId);
        else await queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions(businessId).queryKey });
        return;
      }
      set({ ...current, task });
    } catch (error) {
      console.warn('Sync: reading the task status failed', error);
      if (++failures >= MAX_POLL_FAILURES) {
        set({
          phase: 'lost',
          message: `Lost track of the sync: ${getErrorMessage(error, 'the server did not answer')}. It goes on on the server; the figures update when it ends.`,
        });
        return;
      }
    }
  }
}

/**
 * The header's Sync, shared by the button and the chips without a provider: its state lives in the query cache
 * (one entry per business, written only by `followDashboardSync`), so both read the same run and only one loop
 * polls the task however many components show it.
 */
export function useDashboardSync() {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const { data } = useQuery<SyncRun>({
    queryKey: syncRunKey(businessId),
    queryFn: skipToken,
    initialData: IDLE,
    staleTime: Infinity,
  });
  // Undefined for a moment after a business switch dropped the entry, before the new one is created.
  const run = data ?? IDLE;
  const busy = run.phase === 'starting' || run.phase === 'running';

  const start = useCallback(() => {
    const current = queryClient.getQueryData<SyncRun>(syncRunKey(businessId));
    if (current?.phase === 'starting' || current?.phase === 'running') return;
    void followDashboardSync(queryClient, businessId);
  }, [queryClient, businessId]);
  const dismiss = useCallback(
    () => queryClient.setQueryData<SyncRun>(syncRunKey(businessId), IDLE),
    [queryClient, businessId],
  );

  return { run, busy, start, dismiss };
}
