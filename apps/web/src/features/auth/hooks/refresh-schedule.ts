/** How often the session expiry is checked, and how many checks ahead a refresh is started. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;
export const REFRESH_FIRST_BACKOFF_MS = 200;
export const REFRESH_MAX_ATTEMPTS = 5;

/** Whether an access token expiring at `expiresAt` (unix seconds) is due for refresh at `nowMs`. */
export function isRefreshDue(expiresAt: number | null, nowMs: number): boolean {
  if (expiresAt === null) return false;
  return expiresAt * 1000 - nowMs <= REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
}

/** Pause before retry number `attempt` (1-based): 200 ms, doubled each time. */
export function getRefreshBackoffMs(attempt: number): number {
  return REFRESH_FIRST_BACKOFF_MS * 2 ** (attempt - 1);
}

type RetryOptions = {
  /** Stop retrying at once for this error (the server said no; asking again cannot help). */
  isFinal: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
};

/** Runs `refresh`, retrying transient failures with doubling backoff, at most REFRESH_MAX_ATTEMPTS times. */
export async function refreshWithBackoff<T>(refresh: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await refresh();
    } catch (error) {
      if (options.isFinal(error) || attempt >= REFRESH_MAX_ATTEMPTS) throw error;
      await sleep(getRefreshBackoffMs(attempt));
    }
  }
}
