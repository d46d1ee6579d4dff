import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sqlList } from '../../../db/sql-fragments.js';
import type { SyncRunner } from './sync-runner.js';

/**
 * Starts a scheduled sync for every connected integration whose vendor has a sync and that has had no run
 * for `intervalMinutes` (and none under way). An integration in error waits for its owner to reconnect.
 * Answers how many runs it started.
 */
export async function startDueSyncs(
  db: Db,
  runner: SyncRunner,
  intervalMinutes: number,
  providers: readonly string[],
): Promise<number> {
  if (providers.length === 0) return 0;
  const due = await db.execute(sql`
    SELECT i.id, i.business_id FROM integrations i
    WHERE i.status = 'connected' AND i.provider IN (${sqlList(providers)})
      AND NOT EXISTS (
        SELECT 1 FROM integration_sync_runs r
        WHERE r.integration_id = i.id
          AND (r.status IN ('running', 'partial', 'timeout_resuming')
            OR r.started_at > now() - (${intervalMinutes} * interval '1 minute'))
      )`);
  const rows = due.rows as unknown as { id: string; business_id: string }[];
  for (const row of rows) await runner.trigger(String(row.business_id), String(row.id), 'scheduled');
  return rows.length;
}
