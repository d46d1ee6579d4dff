import type { SyncStatus } from '@ri/contracts';
import type { SyncRun } from './sync-run';

export type SyncButtonView = { label: string; title: string; disabled: boolean; busy: boolean };

/** Minutes left in a cooldown, rounded up so "0 min" never shows while waiting. */
export function getCooldownMinutes(
  status: Pick<SyncStatus, 'cooldown_remaining_seconds' | 'cooldown_remaining_minutes'>,
) {
  const fromSeconds = Math.ceil(status.cooldown_remaining_seconds / 60);
  return Math.max(1, fromSeconds > 0 ? fromSeconds : Math.ceil(status.cooldown_remaining_minutes));
}

type ViewInput = { status: SyncStatus | undefined; isPending: boolean; error: Error | null; run: SyncRun };

/**
 * What the header's Sync button says and whether it can be pressed. While a sync runs it says so; otherwise it
 * never claims a sync it cannot run: without a data source or during a cooldown it is disabled and says why.
 */
export function getSyncButtonView({ status, isPending, error, run }: ViewInput): SyncButtonView {
  if (run.phase === 'starting')
    return { label: 'Syncing...', title: 'Starting the sync...', disabled: true, busy: true };
  if (run.phase === 'running') {
    const progress = run.task?.progress;
    const title = progress
      ? `${progress.current_step} (${progress.completed} of ${progress.total} reads recalculated)`
      : run.message;
    return { label: 'Syncing...', title, disabled: true, busy: true };
  }
  if (isPending) return { label: 'Sync', title: 'Checking sync status...', disabled: true, busy: false };
  if (error || !status) {
    return {
      label: 'Sync unavailable',
      title: error?.message ?? 'Sync status is unavailable',
      disabled: true,
      busy: false,
    };
  }
  switch (status.reason) {
    case 'no_data_source':
      return { label: 'No data source connected', title: status.message, disabled: true, busy: false };
    case 'cooldown': {
      const minutes = getCooldownMinutes(status);
      return { label: `Sync in ${minutes} min`, title: status.message, disabled: true, busy: false };
    }
    case 'ready':
      return { label: 'Sync', title: status.message, disabled: false, busy: false };
  }
}
