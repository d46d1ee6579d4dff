import type { SyncStatus } from '@ri/contracts';

export type SyncButtonView = { label: string; title: string; disabled: boolean };

/** Minutes left in a cooldown, rounded up so "0 min" never shows while waiting. */
export function getCooldownMinutes(
  status: Pick<SyncStatus, 'cooldown_remaining_seconds' | 'cooldown_remaining_minutes'>,
) {
  const fromSeconds = Math.ceil(status.cooldown_remaining_seconds / 60);
  return Math.max(1, fromSeconds > 0 ? fromSeconds : Math.ceil(status.cooldown_remaining_minutes));
}

type ViewInput = { status: SyncStatus | undefined; isPending: boolean; error: Error | null; canTrigger: boolean };

/**
 * What the header's Sync button says and whether it can be pressed. It never claims a sync it cannot
 * run: without a data source, during a cooldown, or while starting a sync is not available, it is
 * disabled and says why.
 */
export function getSyncButtonView({ status, isPending, error, canTrigger }: ViewInput): SyncButtonView {
  if (isPending) return { label: 'Sync', title: 'Checking sync status...', disabled: true };
  if (error || !status) {
    return { label: 'Sync unavailable', title: error?.message ?? 'Sync status is unavailable', disabled: true };
  }
  switch (status.reason) {
    case 'no_data_source':
      return { label: 'No data source connected', title: status.message, disabled: true };
    case 'cooldown': {
      const minutes = getCooldownMinutes(status);
      return { label: `Sync in ${minutes} min`, title: status.message, disabled: true };
    }
    case 'ready':
      return canTrigger
        ? { label: 'Sync', title: status.message, disabled: false }
        : { label: 'Sync', title: `${status.message} Starting a sync from here is not available yet.`, disabled: true };
  }
}
