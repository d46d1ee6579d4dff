import type { IntegrationProvider } from '@ri/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrationSyncRuns, integrations } from '../../db/schema.js';

/** A connected source the header's sync status speaks of: its state and where its latest run stands. */
export type DataSource = {
  id: string;
  provider: IntegrationProvider;
  name: string;
  status: 'connected' | 'syncing' | 'error' | 'disconnected';
  /** The latest run still under way (running, or paused until `resumeAt`). */
  activeRun: { status: string; resumeAt: Date | null } | null;
};

/**
 * The business's integrations that bring data in (the Conversions API only sends events out, so it is not a
 * data source), with their latest run.
 */
export async function dataSources(db: Db, businessId: string, syncing: readonly string[]): Promise<DataSource[]> {
  const rows = await db
    .select({
      id: integrations.id,
      provider: integrations.provider,
      name: integrations.name,
      status: integrations.status,
    })
    .from(integrations)
    .where(eq(integrations.businessId, businessId));
  const sources = rows.filter((r) => syncing.includes(r.provider));
  if (sources.length === 0) return [];
  const runs = await db
    .selectDistinctOn([integrationSyncRuns.integrationId], {
      integrationId: integrationSyncRuns.integrationId,
      status: integrationSyncRuns.status,
      resumeAt: integrationSyncRuns.resumeAt,
    })
    .from(integrationSyncRuns)
    .where(
      inArray(
        integrationSyncRuns.integrationId,
        sources.map((s) => s.id),
      ),
    )
    .orderBy(integrationSyncRuns.integrationId, desc(integrationSyncRuns.startedAt));
  const latest = new Map(runs.map((r) => [r.integrationId, r]));
  return sources.map((s) => {
    const run = latest.get(s.id);
    const active = run && ['running', 'partial', 'timeout_resuming'].includes(run.status);
    return {
      id: s.id,
      provider: s.provider,
      name: s.name,
      status: s.status,
      activeRun: active ? { status: run.status, resumeAt: run.resumeAt } : null,
    };
  });
}
