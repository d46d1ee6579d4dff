import { useEffect } from 'react';
import { isRefreshRefused, refreshSession } from '../../../lib/api-client';
import { getSession, markSignedOut } from '../../../lib/session';
import { isRefreshDue, REFRESH_TICK_MS, refreshWithBackoff } from './refresh-schedule';

/**
 * While signed in, checks the access token's expiry every 30 s and refreshes it when it is within
 * three checks of expiring, so requests never meet an expired token. A refusal from the server ends
 * the session; transient failures are retried and, failing that, left to the next check.
 */
export function useSessionAutoRefresh(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let running = false;
    const tick = async () => {
      const { status, expiresAt } = getSession();
      if (running || status !== 'signed-in' || !isRefreshDue(expiresAt, Date.now())) return;
      running = true;
      try {
        await refreshWithBackoff(refreshSession, { isFinal: isRefreshRefused });
      } catch (error) {
        if (isRefreshRefused(error)) markSignedOut();
      } finally {
        running = false;
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
