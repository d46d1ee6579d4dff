/**
 * The most of the time refreshes behind reads may take. Under a stream of visits nearly every read finds something
 * marked; a refresh behind reads waits until the last one began 1 / share times its duration ago, so a rollup that
 * takes 0.5 s to refresh is refreshed at most every 2.5 s, and the cores are left to the reads and the ingestion.
 */
export const REFRESH_BEHIND_SHARE = 0.2;

/** Whether a refresh behind a read is due, `sinceMs` after the last one began (its `now()`), which took `lastMs`. */
export function refreshBehindDue(sinceMs: number, lastMs: number | undefined): boolean {
  return sinceMs >= (lastMs ?? 0) / REFRESH_BEHIND_SHARE;
}
