import type { SyncProgressResponse } from '@ri/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useBusinessId } from '../../../lib/business-id';
import {
  BACKGROUND_POLL_MS,
  dataPointsStatsQueryOptions,
  FAST_POLL_LIMIT_MS,
  FAST_POLL_MS,
  integrationsQueryOptions,
  syncProgressQueryOptions,
  triggerSync,
} from '../api/integrations-api';
import { isRunOpen } from '../lib/integration-status';

const openIds = (data: SyncProgressResponse | undefined) =>
  new Set(
    Object.entries(data?.sync_progress ?? {})
      .filter(([, p]) => isRunOpen(p.overall_status))
      .map(([id]) => id),
  );

const without = <T>(set: ReadonlySet<T>, value: T) => new Set([...set].filter((v) => v !== value));

/**
 * Sync progress and the manual sync flow of section 4: the integration shows syncing at once, the sync is
 * requested, and progress is then polled every 5 s for at most 5 minutes (every 30 s otherwise, while any
 * integration exists). A run that ends refreshes the integrations and their data points.
 */
export function useIntegrationSync(hasIntegrations: boolean) {
  const businessId = useBusinessId();
  const queryClient = useQueryClient();
  const [requesting, setRequesting] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [fastUntil, setFastUntil] = useState(0);

  const progress = useQuery({
    ...syncProgressQueryOptions(businessId),
    enabled: hasIntegrations,
    refetchInterval: (query) => {
      const busy = requesting.size > 0 || openIds(query.state.data).size > 0;
      if (busy && Date.now() < fastUntil) return FAST_POLL_MS;
      return hasIntegrations ? BACKGROUND_POLL_MS : false;
    },
  });

  const refreshResults = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryOptions(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: dataPointsStatsQueryOptions(businessId).queryKey }),
      ]),
    [queryClient, businessId],
  );

  // A run seen open and now over has changed the integration's status, last sync and data points.
  const wasOpen = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const open = openIds(progress.data);
    const ended = [...wasOpen.current].some((id) => !open.has(id));
    wasOpen.current = open;
    if (ended) void refreshResults();
  }, [progress.data, refreshResults]);

  const sync = async (id: string) => {
    setErrors(({ [id]: _, ...rest }) => rest);
    setRequesting((current) => new Set(current).add(id));
    try {
      await triggerSync(businessId, id);
      setFastUntil(Date.now() + FAST_POLL_LIMIT_MS);
      await Promise.all([
        queryClient.refetchQueries({ queryKey: syncProgressQueryOptions(businessId).queryKey }),
        refreshResults(),
      ]);
    } catch (error) {
      setErrors((current) => ({ ...current, [id]: `Sync failed: ${getErrorMessage(error, 'Unknown error')}` }));
    } finally {
      setRequesting((current) => without(current, id));
    }
  };

  return { progress, requesting, errors, sync };
}
