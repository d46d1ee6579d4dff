import type { Integration, IntegrationStatus, SyncProgress, SyncRunStatus } from '@ri/contracts';

/** Run states in which a sync is still under way (paused runs continue by themselves). */
const OPEN_RUNS: ReadonlySet<SyncRunStatus> = new Set(['running', 'partial', 'timeout_resuming']);

export const isRunOpen = (status: SyncRunStatus | null | undefined): boolean => !!status && OPEN_RUNS.has(status);

/**
 * The status a connected card shows (spec section 4): syncing while the sync request is in flight or the
 * latest run is running, partial or paused; otherwise the server's own status, which turns a completed run
 * into connected and a failed one into error.
 */
export function displayStatus(
  integration: Integration,
  progress: SyncProgress | undefined,
  requesting: boolean,
): IntegrationStatus {
  if (requesting || isRunOpen(progress?.overall_status)) return 'syncing';
  return integration.status;
}

export type SyncButtonView = { label: 'Sync Now' | 'Syncing' | 'Resume Sync'; disabled: boolean };

/**
 * The sync button of section 4: disabled 'Syncing' while the request is in flight or a run is under way,
 * 'Resume Sync' after a timeout pause or a failure (a paused run also counts as syncing, so that rule comes
 * first), otherwise 'Sync Now'.
 */
export function syncButtonView(
  status: IntegrationStatus,
  runStatus: SyncRunStatus | null | undefined,
  requesting = false,
): SyncButtonView {
  if (requesting) return { label: 'Syncing', disabled: true };
  if (runStatus === 'timeout_resuming' || runStatus === 'failed') return { label: 'Resume Sync', disabled: false };
  if (status === 'syncing' || runStatus === 'running' || runStatus === 'partial') {
    return { label: 'Syncing', disabled: true };
  }
  return { label: 'Sync Now', disabled: false };
}

/**
 * Data points of a card (section 2.3): the per-integration total of the sync-progress breakdown, else the
 * items processed over the latest run's phases, else the integration's own count; null when none is known.
 */
export function dataPointsOf(
  integration: Integration,
  breakdownTotal: number | undefined,
  progress: SyncProgress | undefined,
): number | null {
  if (breakdownTotal !== undefined) return breakdownTotal;
  if (progress && progress.phases.length > 0) return progress.phases.reduce((sum, p) => sum + p.processed_items, 0);
  return Number.isFinite(integration.data_points_synced) ? integration.data_points_synced : null;
}

export type StatusTone = 'green' | 'yellow' | 'red' | 'grey';

const TONES: Record<string, StatusTone> = {
  healthy: 'green',
  connected: 'green',
  running: 'green',
  completed: 'green',
  synced: 'green',
  warning: 'yellow',
  rate_limited: 'yellow',
  paused: 'yellow',
  lagging: 'yellow',
  error: 'red',
  maintenance: 'red',
};

/** The status colours of section 4: green, yellow, red, and grey for anything else (syncing included). */
export const statusTone = (status: string): StatusTone => TONES[status] ?? 'grey';

const RUN_LABELS: Record<SyncRunStatus, string> = {
  running: 'Running',
  partial: 'Partial',
  timeout_resuming: 'Resuming',
  completed: 'Completed',
  failed: 'Failed',
};

/** The Last Sync Status card: the least advanced state over the latest runs, or 'Never'. */
export const lastSyncLabel = (status: SyncRunStatus | null | undefined): string =>
  status ? RUN_LABELS[status] : 'Never';

/** The default text of a paused run (section 4). */
export const TIMEOUT_RESUMING_TEXT = 'Sync timed out and will resume from where it left off';
