import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrations } from '../../db/schema.js';

export type IntegrationRow = typeof integrations.$inferSelect;

/** The tables of vendor rows, each tied to its integration: what data points count and disconnecting removes. */
export const VENDOR_TABLES = [
  'stripe_customers',
  'stripe_charges',
  'stripe_checkout_sessions',
  'stripe_refunds',
  'stripe_disputes',
  'stripe_subscriptions',
  'stripe_invoices',
  'stripe_balance_transactions',
  'google_campaigns',
  'google_ad_groups',
  'google_ads',
  'google_ad_metrics',
  'ghl_pipelines',
  'ghl_pipeline_stages',
  'ghl_contacts',
  'ghl_opportunities',
  'conversions_api_events',
  'meta_campaigns',
  'meta_adsets',
  'meta_ads',
  'meta_creatives',
  'meta_ad_insights',
] as const;

export async function listIntegrations(db: Db, businessId: string): Promise<IntegrationRow[]> {
  return db.select().from(integrations).where(eq(integrations.businessId, businessId)).orderBy(integrations.createdAt);
}

/** One integration of the business, or undefined (another business's id reads as absent). */
export async function findIntegration(db: Db, businessId: string, id: string): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, id)));
  return row;
}

/** Vendor rows stored per integration of the business. */
export async function dataPointsByIntegration(db: Db, businessId: string): Promise<Map<string, number>> {
  const union = VENDOR_TABLES.map(
    (t) =>
      sql`SELECT integration_id, count(*)::bigint AS n FROM ${sql.raw(t)} WHERE business_id = ${businessId} GROUP BY integration_id`,
  );
  const result = await db.execute(
    sql`SELECT integration_id, sum(n)::bigint AS n FROM (${sql.join(union, sql` UNION ALL `)}) t GROUP BY integration_id`,
  );
  const rows = result.rows as unknown as { integration_id: string; n: string | number }[];
  return new Map(rows.map((r) => [String(r.integration_id), Number(r.n)]));
}

/** Deletes the integration; its credentials, runs and every vendor row go with it (foreign keys cascade). */
export async function deleteIntegration(db: Db, businessId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, id)))
    .returning({ id: integrations.id });
  return deleted.length > 0;
}
