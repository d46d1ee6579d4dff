import type { JourneyState, PageTypeTotals, SignalState } from '@ri/engine';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { businessModels, pageStats } from '../../db/schema.js';

export type BusinessModelRow = typeof businessModels.$inferSelect;
export type PageStatRow = typeof pageStats.$inferSelect;

/** The most finished sessions (latest first) the statistics and the fit read. */
export const MAX_FIT_SESSIONS = 20_000;

/** Finished sessions of a business with what the statistics and the fit read. */
const SAMPLES_SQL = `
SELECT s.id, s.started_at, s.page_views, s.conversions, s.conversion_value, s.verified_conversions, s.verified_value,
  si.journey_state->'path' AS path, si.journey_state->'byType' AS by_type,
  (SELECT min(e.occurred_at) FROM tracking_events e
    WHERE s.conversions > 0 AND e.business_id = s.business_id AND e.session_id = s.id AND e.type = 'conversion') AS converted_at,
  EXISTS (SELECT 1 FROM tracking_sessions p
    WHERE p.business_id = s.business_id AND p.visitor_id = s.visitor_id AND p.started_at < s.started_at) AS returning
FROM tracking_sessions s
JOIN session_intelligence si ON si.business_id = s.business_id AND si.session_id = s.id
WHERE s.business_id = $1 AND s.page_views > 0 AND s.suspect IS NULL
  AND s.last_event_at <= now() - (s.timeout_ms * interval '1 millisecond')
ORDER BY s.last_event_at DESC
LIMIT ${MAX_FIT_SESSIONS}
`;

export type SampleRow = {
  started_at: string;
  page_views: number;
  conversions: number;
  conversion_value: number;
  verified_conversions: number;
  verified_value: number;
  path: { path: string; at: number }[] | null;
  by_type: Record<string, PageTypeTotals> | null;
  converted_at: string | null;
  returning: boolean;
};

/** The business's latest finished sessions with what the statistics and the fit read (MAX_FIT_SESSIONS at most). */
export async function finishedSessionSamples(database: Database, businessId: string): Promise<SampleRow[]> {
  const { rows } = await database.executeSql(SAMPLES_SQL, [businessId]);
  return rows as unknown as SampleRow[];
}

/** The most recent sessions a business's Neuromind baseline is computed from. */
export const BASELINE_SESSIONS = 600;

/** The folded states of a business's latest sessions with a page summary in the last 30 days (not flagged suspect). */
export async function recentSessionStates(
  database: Database,
  businessId: string,
): Promise<{ signal_state: SignalState | string; journey_state: JourneyState | string }[]> {
  const { rows } = await database.executeSql(
    `SELECT si.signal_state, si.journey_state
     FROM session_intelligence si
     JOIN tracking_sessions s ON s.business_id = si.business_id AND s.id = si.session_id
     WHERE si.business_id = $1 AND s.suspect IS NULL AND s.page_views > 0
       AND s.last_event_at > now() - interval '30 days'
       AND (si.journey_state->>'hides')::int > 0
     ORDER BY s.last_event_at DESC
     LIMIT ${BASELINE_SESSIONS}`,
    [businessId],
  );
  return rows as { signal_state: SignalState | string; journey_state: JourneyState | string }[];
}

/** Businesses with sessions active in the last 90 days: those the nightly refit visits. */
export async function recentlyActiveBusinesses(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `SELECT DISTINCT business_id FROM tracking_sessions WHERE last_event_at > now() - interval '90 days'`,
    [],
  );
  return rows.map((r) => String(r.business_id));
}

/** The stored page statistics and model of a business (the model row is absent before its first refit). */
export async function loadBusinessModel(db: Db, businessId: string) {
  const [stats, [model]] = await Promise.all([
    db.select().from(pageStats).where(eq(pageStats.businessId, businessId)),
    db.select().from(businessModels).where(eq(businessModels.businessId, businessId)),
  ]);
  return { stats, model };
}

/** The business's model row, or undefined before its first refit. */
export async function findBusinessModel(db: Db, businessId: string): Promise<BusinessModelRow | undefined> {
  const [row] = await db.select().from(businessModels).where(eq(businessModels.businessId, businessId));
  return row;
}

/** What a score's description needs of the business's model (undefined before its first refit). */
export async function findModelSummary(db: Db, businessId: string) {
  const [row] = await db
    .select({
      status: businessModels.status,
      sessions: businessModels.sessions,
      conversions: businessModels.conversions,
      fittedAt: businessModels.fittedAt,
      usesPageValue: sql<boolean | null>`(${businessModels.model}->>'usesPageValue')::boolean`,
    })
    .from(businessModels)
    .where(eq(businessModels.businessId, businessId));
  return row;
}

/** Replaces the business's page statistics and stores its model (or why it has none) in one transaction. */
export async function storeRefit(
  db: Db,
  businessId: string,
  stats: ReadonlyMap<string, Omit<PageStatRow, 'businessId' | 'path' | 'computedAt'>>,
  values: Omit<typeof businessModels.$inferInsert, 'businessId'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pageStats).where(eq(pageStats.businessId, businessId));
    const entries = [...stats.entries()];
    for (let i = 0; i < entries.length; i += 1000) {
      await tx.insert(pageStats).values(entries.slice(i, i + 1000).map(([path, s]) => ({ businessId, path, ...s })));
    }
    await tx
      .insert(businessModels)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: businessModels.businessId, set: values });
  });
}
