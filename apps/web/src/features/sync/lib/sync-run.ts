import type { DashboardSyncResult, SyncDashboardResponse, TaskStatusResponse } from '@ri/contracts';

/** Spec section 9: the task is polled every 2 seconds. */
export const SYNC_POLL_MS = 2000;
/** Polls that fail in a row before the header stops following the task and says it lost track of it. */
export const MAX_POLL_FAILURES = 5;

export const SYNC_COMPLETED = 'Dashboard sync completed successfully';
export const SYNC_FAILED = 'Sync failed';
export const TRIGGER_FAILED = 'Failed to trigger sync';

/** One integration (or the profile build) the sync could not bring up to date, as the task's result names it. */
export type SyncProblem = { name: string; status: string; message: string | null };

/** Where the header's Sync is: the spec's lifecycle, idle → triggered → polled → completed or failed. */
export type SyncRun =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; taskId: string; message: string; task: TaskStatusResponse | null }
  | {
      phase: 'completed';
      message: string;
      /** False when an integration failed (or the result reports an error): the chip turns yellow. */
      clean: boolean;
      /** Integrations whose sync failed, listed in the chip's details. */
      failed: SyncProblem[];
      /** Integrations still going on their own (paused at a rate limit, queued): listed, not failures. */
      pending: SyncProblem[];
      recalculated: number;
    }
  | { phase: 'failed'; message: string }
  | { phase: 'lost'; message: string };

export const IDLE: SyncRun = { phase: 'idle' };

const isSyncResult = (result: TaskStatusResponse['result']): result is DashboardSyncResult =>
  result !== null && 'integrations' in result;

/** The completed sync in the header's words, from the task's result (its failed integrations named). */
export function completedRun(result: DashboardSyncResult | null, fallbackMessage = SYNC_COMPLETED): SyncRun {
  const integrations = result?.integrations ?? [];
  const failed = integrations.filter((i) => i.status === 'failed');
  const pending = integrations.filter((i) => i.status !== 'failed' && i.status !== 'completed');
  const count = failed.length;
  const error = result?.error ?? null;
  const clean = count === 0 && !error;
  const what = count === 0 ? 'with an error' : `but ${count === 1 ? '1 integration' : `${count} integrations`} failed`;
  const message = clean
    ? fallbackMessage
    : `Dashboard sync completed, ${what}: ${error ?? failed.map((f) => f.name).join(', ')}`;
  return {
    phase: 'completed',
    message,
    clean,
    failed: failed.map(({ name, status, message: text }) => ({ name, status, message: text })),
    pending: pending.map(({ name, status, message: text }) => ({ name, status, message: text })),
    recalculated: result?.endpoints_recalculated.length ?? 0,
  };
}

/** What the trigger's reply starts (spec: in_progress with a task polls it; completed ends; anything else fails). */
export function runAfterTrigger(reply: SyncDashboardResponse): SyncRun {
  if (reply.status === 'in_progress' && reply.task_id) {
    return { phase: 'running', taskId: reply.task_id, message: reply.message, task: null };
  }
  if (reply.status === 'completed') return completedRun(null, reply.message || SYNC_COMPLETED);
  return { phase: 'failed', message: SYNC_FAILED };
}

/** Where a polled task leaves the sync: finished (completed or failed), or null while it still runs. */
export function runAfterTask(task: TaskStatusResponse): SyncRun | null {
  if (task.status === 'completed') return completedRun(isSyncResult(task.result) ? task.result : null);
  if (task.status === 'failed') {
    const resultError = isSyncResult(task.result) ? task.result.error : null;
    return { phase: 'failed', message: task.error ?? resultError ?? SYNC_FAILED };
  }
  return null;
}

/** One chip of the header, with the words behind it. */
export type SyncChipView = {
  tone: 'success' | 'warning' | 'progress';
  text: string;
  /** The sentence the chip stands for (the spec's message), shown in its details and announced. */
  message: string;
  /** Further lines of the details (failed integrations, the step under way). */
  details: string[];
  /** Completion of a running sync, 0–100; absent otherwise. */
  percentage?: number;
};

const problemLine = (p: SyncProblem) => `${p.name}: ${p.message ?? p.status}`;

/** The chip a sync's state shows in the header, or null when there is nothing to say. */
export function chipOf(run: SyncRun): SyncChipView | null {
  switch (run.phase) {
    case 'idle':
      return null;
    case 'starting':
      return { tone: 'progress', text: 'Syncing...', message: 'Starting the sync...', details: [], percentage: 0 };
    case 'running': {
      const progress = run.task?.progress;
      const percentage = Math.round(Math.min(100, Math.max(0, progress?.percentage ?? 0)));
      return {
        tone: 'progress',
        text: `Syncing ${percentage}%`,
        message: run.message,
        details: progress
          ? [progress.current_step, `${progress.completed} of ${progress.total} reads recalculated`]
          : ['Waiting for the first progress report...'],
        percentage,
      };
    }
    case 'completed':
      // Green only when every integration synced: a sync that recalculated everything but could not read one of
      // the sources left some figures older than the rest, which deserves the yellow of a warning and the names.
      return {
        tone: run.clean ? 'success' : 'warning',
        text: run.clean ? 'Dashboard synced' : 'Dashboard synced with errors',
        message: run.message,
        details: [
          ...run.failed.map(problemLine),
          ...run.pending.map(problemLine),
          ...(run.recalculated > 0
            ? [`${run.recalculated} ${run.recalculated === 1 ? 'read' : 'reads'} recalculated`]
            : []),
        ],
      };
    case 'failed':
      return { tone: 'warning', text: SYNC_FAILED, message: run.message, details: [] };
    case 'lost':
      return { tone: 'warning', text: 'Sync status unknown', message: run.message, details: [] };
  }
}
