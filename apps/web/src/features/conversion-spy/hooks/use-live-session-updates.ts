import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useBusinessId } from '../../../lib/business-id';
import { liveSessionsKey } from '../api/conversion-spy-api';
import { readLiveSessionStream } from '../api/live-session-stream';

export type LiveConnection = 'connecting' | 'connected' | 'reconnecting';

/** Spec (realtime client): reconnect after 1, 2, 5 and 10 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** A burst of pushed changes refreshes the list at most this often. */
export const LIVE_REFRESH_THROTTLE_MS = 500;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Listens to the live sessions stream while the screen is open and refetches the sessions when the
 * server pushes a scored change, at most once per 500 ms. Reconnects with backoff after a failure and
 * refetches once on reconnecting, since changes may have been missed meanwhile. Answers the state of
 * the connection for the Live indicator.
 */
export function useLiveSessionUpdates(): LiveConnection {
  const queryClient = useQueryClient();
  const businessId = useBusinessId();
  const [connection, setConnection] = useState<LiveConnection>('connecting');

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      if (refreshTimer !== undefined) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: liveSessionsKey(businessId) });
      }, LIVE_REFRESH_THROTTLE_MS);
    };

    void (async () => {
      let failures = 0;
      let opened = false;
      while (!signal.aborted) {
        try {
          await readLiveSessionStream(businessId, signal, {
            onOpen: () => {
              if (opened) scheduleRefresh();
              opened = true;
              failures = 0;
              setConnection('connected');
            },
            onSession: scheduleRefresh,
          });
        } catch {
          // Refused or broken off: wait, then connect again.
        }
        if (signal.aborted) return;
        setConnection('reconnecting');
        await pause(RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!, signal);
        failures++;
      }
    })();

    return () => {
      controller.abort();
      clearTimeout(refreshTimer);
    };
  }, [queryClient, businessId]);

  return connection;
}
