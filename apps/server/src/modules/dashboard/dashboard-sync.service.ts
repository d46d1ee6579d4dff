import type { DashboardSyncResult, SyncDashboardResponse } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import type { DataSource } from '../integrations/index.js';
import type { TaskRun, TaskRunner } from '../tasks/index.js';
import { refreshDashboard } from './dashboard.rollups.js';

// The header's Sync (spec 1 section 4): one task per business that syncs every connected integration, waits for each
// run, then brings up to date what the screens read from them. Progress counts the integrations and then the
// recalculations; the checkpoint names the integrations already done, so a task taken up after a crash goes on
// from there (a sync run itself resumes from its last stored page).

export const DASHBOARD_SYNC_TASK = 'dashboard-sync';

/** What the sync drives in the other modules (injected by app.ts). */
export type SyncDeps = {
  sources(businessId: string): Promise<DataSource[]>;
  triggerSync(businessId: string, integrationId: string): Promise<{ runId: string }>;
  /** Brings the ad rollups up to date. */
  refreshAds(businessId: string): Promise<unknown>;
  /** Starts (or joins) the customer profile build; its task id. */
  buildProfiles(businessId: string): Promise<string>;
  /** Regenerates the strategist's recommendations, actions, simulations and market insights; null when absent. */
  regenerateStrategy?: (businessId: string) => Promise<unknown>;
};

/** Recalculations after the integrations, each with the reads it brings up to date. */
const RECALCULATIONS = [
  {
    step: 'Recalculating ad rollups',
    endpoints: [
      '/analytics/ad-metrics',
      '/analytics/ad-intelligence-summary',
      '/analytics/campaign-performance',
      '/analytics/conversion-attribution-mapping',
    ],
    kind: 'ads',
  },
  { step: 'Recalculating dashboard rollups', endpoints: ['/analytics/dashboard'], kind: 'dashboard' },
  {
    step: 'Rebuilding customer profiles',
    endpoints: ['/analytics/customer-profiles', '/analytics/customer-segments'],
    kind: 'profiles',
  },
  {
    step: 'Regenerating strategic recommendations',
    endpoints: [
      '/analytics/strategic-recommendations',
      '/strategy/small-compounding-actions',
      '/strategy/revenue-simulations',
      '/strategy/market-insights',
    ],
    kind: 'strategy',
  },
] as const;

const recalculations = (deps: SyncDeps) =>
  RECALCULATIONS.filter((r) => r.kind !== 'strategy' || deps.regenerateStrategy);
export const syncEndpoints = (deps: SyncDeps) => recalculations(deps).flatMap((r) => r.endpoints);

/** How long the task waits for one integration's run; a run paused longer (a vendor's rate limit) goes on by itself. */
const RUN_WAIT_MS = 10 * 60_000;
const PAUSE_WAIT_MS = 60_000;
/** How long the task waits for the profile build to get a worker before leaving it queued. */
const QUEUE_WAIT_MS = 30_000;
const PROFILES_WAIT_MS = 15 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type IntegrationOutcome = DashboardSyncResult['integrations'][number];

async function waitForRun(
  database: Database,
  run: TaskRun,
  runId: string,
): Promise<{ status: string; message: string | null }> {
  const started = Date.now();
  for (;;) {
    const { rows } = await database.executeSql(
      'SELECT status, message, resume_at FROM integration_sync_runs WHERE id = $1',
      [runId],
    );
    const r = rows[0];
    if (!r) return { status: 'failed', message: 'The sync run was removed (the integration was disconnected).' };
    const status = r.status as string;
    if (status === 'completed' || status === 'failed') return { status, message: (r.message as string | null) ?? null };
    const resumeAt = r.resume_at ? new Date(r.resume_at as string) : null;
    if (status === 'timeout_resuming' && resumeAt && resumeAt.getTime() - Date.now() > PAUSE_WAIT_MS) {
      return {
        status,
        message: `Paused at the vendor's rate limit; it resumes by itself at ${resumeAt.toISOString().slice(11, 16)} UTC.`,
      };
    }
    if (Date.now() - started > RUN_WAIT_MS) {
      return { status, message: 'Still syncing; it goes on in the background.' };
    }
    if (run.stopping()) throw new Error('The server is stopping; the sync goes on after it restarts.');
    await sleep(1_000);
  }
}

async function waitForTask(
  tasks: TaskRunner,
  businessId: string,
  taskId: string,
  run: TaskRun,
): Promise<{ status: string; message: string | null }> {
  const started = Date.now();
  for (;;) {
    const task = await tasks.get(businessId, taskId);
    if (!task) return { status: 'failed', message: 'The profile build disappeared.' };
    if (task.status === 'completed') return { status: 'completed', message: null };
    if (task.status === 'failed') return { status: 'failed', message: task.error };
    const waited = Date.now() - started;
    if (task.status === 'pending' && waited > QUEUE_WAIT_MS) {
      return { status: 'queued', message: 'Queued behind other work; the profiles update when it runs.' };
    }
    if (waited > PROFILES_WAIT_MS)
      return { status: 'running', message: 'Still building; the profiles update when it ends.' };
    if (run.stopping()) throw new Error('The server is stopping; the sync goes on after it restarts.');
    await sleep(1_000);
  }
}

/** The task: integrations one by one, then the recalculations. */
export async function runDashboardSync(
  database: Database,
  tasks: TaskRunner,
  deps: SyncDeps,
  run: TaskRun,
): Promise<DashboardSyncResult> {
  const businessId = run.businessId;
  const sources = (await deps.sources(businessId)).filter((s) => s.status !== 'disconnected');
  const steps = recalculations(deps);
  const endpoints = steps.flatMap((s) => s.endpoints);
  const done = (run.checkpoint?.integrations as IntegrationOutcome[] | undefined) ?? [];
  const outcomes: IntegrationOutcome[] = [...done];
  const share = sources.length > 0 ? 70 / sources.length : 0;
  const progress = (percentage: number, step: string, completed: number) =>
    run.progress({ percentage, step, completed, total: endpoints.length }, { integrations: outcomes });

  for (const [i, source] of sources.entries()) {
    if (outcomes.some((o) => o.provider === source.provider && o.name === source.name)) continue;
    await progress(i * share, `Syncing ${source.name} (${i + 1} of ${sources.length})`, 0);
    let outcome: IntegrationOutcome;
    try {
      const { runId } = await deps.triggerSync(businessId, source.id);
      const result = await waitForRun(database, run, runId);
      outcome = { name: source.name, provider: source.provider, status: result.status, message: result.message };
    } catch (error) {
      if (run.stopping()) throw error;
      outcome = {
        name: source.name,
        provider: source.provider,
        status: 'failed',
        message: error instanceof Error ? error.message : String(error),
      };
    }
    outcomes.push(outcome);
    await progress((i + 1) * share, `Synced ${source.name}`, 0);
  }

  let completed = 0;
  const base = sources.length > 0 ? 70 : 0;
  for (const [i, step] of steps.entries()) {
    await progress(base + (i * (100 - base)) / steps.length, step.step, completed);
    if (step.kind === 'ads') await deps.refreshAds(businessId);
    else if (step.kind === 'dashboard') await refreshDashboard(database, businessId);
    else if (step.kind === 'profiles') {
      const taskId = await deps.buildProfiles(businessId);
      const result = await waitForTask(tasks, businessId, taskId, run);
      if (result.status === 'failed') {
        outcomes.push({ name: 'Customer profiles', provider: 'profiles', status: 'failed', message: result.message });
      } else if (result.status !== 'completed') {
        outcomes.push({
          name: 'Customer profiles',
          provider: 'profiles',
          status: result.status,
          message: result.message,
        });
      }
    } else await deps.regenerateStrategy?.(businessId);
    completed += step.endpoints.length;
  }
  await progress(100, 'Completed', completed);
  const failed = outcomes.filter((o) => o.status === 'failed');
  return {
    integrations: outcomes,
    endpoints_recalculated: endpoints,
    error: failed.length > 0 ? `${failed.map((f) => `${f.name}: ${f.message ?? 'failed'}`).join('; ')}` : null,
  };
}

/** `POST /analytics/sync-dashboard`: starts the task (or answers the one under way). */
export async function startDashboardSync(
  tasks: TaskRunner,
  deps: SyncDeps,
  businessId: string,
  userId: string,
): Promise<SyncDashboardResponse> {
  const sources = (await deps.sources(businessId)).filter((s) => s.status !== 'disconnected');
  const { id, created } = await tasks.start(businessId, DASHBOARD_SYNC_TASK, {}, userId);
  const names = sources.map((s) => s.name).join(', ');
  return {
    status: 'in_progress',
    task_id: id,
    message: created
      ? sources.length > 0
        ? `Syncing ${names}, then recalculating the dashboard.`
        : 'No integration is connected: recalculating the dashboard from tracked sessions.'
      : 'A sync is already under way: following it.',
    endpoints_recalculating: syncEndpoints(deps),
  };
}
