import type { SyncProgress, SyncProgressResponse, SyncRunStatus, TriggerSyncResponse } from '@ri/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { integrationSyncPhases, integrationSyncRuns, integrations } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { dataPointsByIntegration } from '../integrations.repo.js';
import type { SyncRunner } from './sync-runner.js';

const stage = (name: string) => name.replaceAll('_', ' ');

/** A run and its phases in the spec's sync-progress shape. */
async function progressOf(db: Db, run: typeof integrationSyncRuns.$inferSelect): Promise<SyncProgress> {
  const phases = await db
    .select()
    .from(integrationSyncPhases)
    .where(eq(integrationSyncPhases.runId, run.id))
    .orderBy(asc(integrationSyncPhases.position));
  const done = phases.filter((p) => p.status === 'completed').length;
  const current = run.status === 'completed' ? null : (phases.find((p) => p.status !== 'completed')?.phase ?? null);
  return {
    run_id: run.id,
    overall_status: run.status,
    overall_progress: phases.length ? Math.round((100 * done) / phases.length) : 0,
    progress_message: run.message ?? '',
    current_stage: current ? stage(current) : null,
    phases: phases.map((p) => ({ name: p.phase, status: p.status, processed_items: p.processedItems })),
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    resume_at: run.resumeAt?.toISOString() ?? null,
  };
}

/** `POST /integrations/{id}/sync`. */
export async function triggerSync(
  db: Db,
  runner: SyncRunner,
  businessId: string,
  integrationId: string,
): Promise<TriggerSyncResponse> {
  const [integration] = await db
    .select({ id: integrations.id, name: integrations.name })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, integrationId)));
  if (!integration) throw notFound('Integration');
  const { runId, started } = await runner.trigger(businessId, integrationId, 'manual');
  if (started) return { status: 'started', message: `Sync of ${integration.name} started`, resumption_info: null };
  const [run] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, runId));
  const progress = await progressOf(db, run!);
  return {
    status: 'running',
    message: `A sync of ${integration.name} is already under way; it continues from where it is`,
    resumption_info: {
      run_id: runId,
      overall_status: progress.overall_status,
      current_stage: progress.current_stage,
      processed_items: progress.phases.reduce((a, p) => a + p.processed_items, 0),
    },
  };
}

/** Least advanced first: what the header shows when several integrations sync. */
const ORDER: SyncRunStatus[] = ['running', 'timeout_resuming', 'partial', 'failed', 'completed'];

/** `GET /integrations/sync-progress`: the latest run of each of the business's integrations. */
export async function syncProgress(db: Db, businessId: string): Promise<SyncProgressResponse> {
  const own = await db
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.businessId, businessId));
  const ids = own.map((i) => i.id);
  const runs = ids.length
    ? await db
        .selectDistinctOn([integrationSyncRuns.integrationId])
        .from(integrationSyncRuns)
        .where(inArray(integrationSyncRuns.integrationId, ids))
        .orderBy(integrationSyncRuns.integrationId, desc(integrationSyncRuns.startedAt))
    : [];
  const points = await dataPointsByIntegration(db, businessId);
  const sync_progress: SyncProgressResponse['sync_progress'] = {};
  for (const run of runs) sync_progress[run.integrationId] = await progressOf(db, run);
  const statuses = Object.values(sync_progress).map((p) => p.overall_status);
  return {
    sync_progress,
    overall_status: ORDER.find((s) => statuses.includes(s)) ?? null,
    breakdown_by_integration: Object.fromEntries(ids.map((id) => [id, { total: points.get(id) ?? 0 }])),
  };
}
