import type { Integration } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './integrations.repo.js';
import { categoryOf } from './providers.js';

/** An integration as the browser may see it: hints of its credentials, never the credentials. */
export function toIntegration(row: repo.IntegrationRow, dataPoints: number): Integration {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    status: row.status,
    integration_type: categoryOf(row.provider),
    last_sync: row.lastSyncAt?.toISOString() ?? null,
    data_points_synced: dataPoints,
    credential_hints: row.credentialHints,
    account_info: row.accountInfo ?? null,
    vendor_account: row.vendorAccount ?? null,
    permission_level: row.permissionLevel ?? null,
    credentials_expire_at: row.credentialsExpireAt?.toISOString() ?? null,
    conversions_settings: row.conversionsSettings ?? null,
    error: row.error,
    sandbox: row.sandboxUrl !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listIntegrations(db: Db, businessId: string): Promise<Integration[]> {
  const [rows, points] = await Promise.all([
    repo.listIntegrations(db, businessId),
    repo.dataPointsByIntegration(db, businessId),
  ]);
  return rows.map((r) => toIntegration(r, points.get(r.id) ?? 0));
}

/** One integration of the business; another business's id is a 404, exactly as an unknown one. */
export async function getIntegration(db: Db, businessId: string, id: string): Promise<Integration> {
  const row = await repo.findIntegration(db, businessId, id);
  if (!row) throw notFound('Integration');
  const points = await repo.dataPointsByIntegration(db, businessId);
  return toIntegration(row, points.get(row.id) ?? 0);
}

export async function disconnectIntegration(db: Db, businessId: string, id: string) {
  if (!(await repo.deleteIntegration(db, businessId, id))) throw notFound('Integration');
  return { deleted: true as const, id };
}

export async function dataPointsStats(db: Db, businessId: string, integrationId?: string) {
  if (integrationId && !(await repo.findIntegration(db, businessId, integrationId))) throw notFound('Integration');
  const points = await repo.dataPointsByIntegration(db, businessId);
  const total = integrationId ? (points.get(integrationId) ?? 0) : [...points.values()].reduce((a, n) => a + n, 0);
  return { total_data_points: total };
}
