import { createHash, randomUUID } from 'node:crypto';
import type { MergeEdge, ProfileGenerationResult } from '@ri/contracts';
import {
  assignCustomerIds,
  clusterIdentities,
  normaliseEmail,
  normalisePhone,
  type TraitNorms,
  traitNorms,
} from '@ri/engine';
import type { Database, SqlExecutor } from '../../db/client.js';
import type { TaskRun } from '../tasks/index.js';
import { forgetSummary } from './customers.repo.js';
import { loadChunk, stageBuildSessions } from './facts.repo.js';
import { type BusinessLtv, fitBusinessLtv } from './ltv.service.js';
import { type BuiltCustomer, buildCustomer, factsOf } from './profile.js';
import { gatherRecords, previousAssignments, writePayments, writeRecords } from './records.repo.js';

// The profile build (POST generate-neuromind-profiles, nightly): merge the records into customers, fit the
// lifetime-value model, then build every customer's figures in chunks. The merge and each chunk commit with the
// task's checkpoint, so a build cut short resumes after its last chunk and counts nothing twice (decision 0031).

export const PROFILE_TASK = 'generate-neuromind-profiles';
const CHUNK = 1_000;
const NORM_SAMPLE = 5_000;

type Checkpoint = {
  merged?: boolean;
  /** The customers' sessions are copied into customer_build_sessions for this build. */
  staged?: boolean;
  total?: number;
  after?: string | null;
  generated?: number;
  updated?: number;
  skipped?: number;
  distribution?: Record<string, number>;
};

/** Merges every record of the business into customers (records and payments rewritten in one transaction). */
export async function mergeRecords(database: Database, businessId: string, run?: TaskRun): Promise<number> {
  return database.transaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock(hashtext($1))', [`customers:${businessId}`]);
    const gathered = await gatherRecords(q, businessId);
    const { rows: links } = await q(
      'SELECT record_a, record_b, kind FROM customer_links WHERE business_id = $1 ORDER BY created_at',
      [businessId],
    );
    const { clusters } = clusterIdentities(
      gathered.map((r) => ({
        key: r.key,
        source: r.source,
        email: normaliseEmail(r.email),
        phone: normalisePhone(r.phone),
        visitorIds: r.visitorIds,
        createdAt: r.createdAt,
      })),
      links.map((l) => ({ a: l.record_a as string, b: l.record_b as string, kind: l.kind as 'same_person' })),
    );
    const ids = assignCustomerIds(clusters, await previousAssignments(q, businessId), randomUUID);
    const byKey = new Map(gathered.map((r) => [r.key, r]));
    const assigned = clusters.flatMap((cluster, i) =>
      cluster.records.map((key) => ({ ...byKey.get(key)!, customerId: ids[i]! })),
    );
    await writeRecords(q, businessId, assigned);
    forgetSummary(businessId);
    await writePayments(q, businessId);
    await q('DELETE FROM customer_merges WHERE business_id = $1', [businessId]);
    const withEdges = clusters.flatMap((c, i) => (c.edges.length ? [{ id: ids[i], edges: c.edges }] : []));
    for (let i = 0; i < withEdges.length; i += 5_000) {
      await q(
        `INSERT INTO customer_merges (business_id, customer_id, edges)
         SELECT $1, x.id, x.edges FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, edges jsonb)`,
        [businessId, JSON.stringify(withEdges.slice(i, i + 5_000))],
      );
    }
    if (run) {
      await run.save(q, { percentage: 10, step: 'Records merged', completed: 0, total: clusters.length }, {
        merged: true,
        total: clusters.length,
        after: null,
        generated: 0,
        updated: 0,
        skipped: 0,
        distribution: {},
      } satisfies Checkpoint);
    }
    return clusters.length;
  });
}

const fingerprint = (c: BuiltCustomer) => {
  const { last_activity: _l, ...rest } = c;
  return createHash('sha1').update(JSON.stringify(rest)).digest('base64url');
};

/** Builds customers' figures and stores them; answers how many were new, changed and unchanged. */
async function storeCustomers(
  q: SqlExecutor,
  businessId: string,
  built: BuiltCustomer[],
): Promise<{ generated: number; updated: number; skipped: number }> {
  const ids = built.map((c) => c.id);
  const { rows } = await q('SELECT id, fingerprint FROM customers WHERE business_id = $1 AND id = ANY($2::uuid[])', [
    businessId,
    ids,
  ]);
  const before = new Map(rows.map((r) => [r.id as string, r.fingerprint as string]));
  const counts = { generated: 0, updated: 0, skipped: 0 };
  const payload = built.map((c) => {
    const print = fingerprint(c);
    const had = before.get(c.id);
    if (had === undefined) counts.generated += 1;
    else if (had === print) counts.skipped += 1;
    else counts.updated += 1;
    return {
      ...c,
      first_seen: new Date(c.first_seen).toISOString(),
      last_activity: new Date(c.last_activity).toISOString(),
      fingerprint: print,
    };
  });
  await q(
    `INSERT INTO customers (business_id, id, email, phone, name, first_name, last_name, sources, neuromind_profile,
       profile_confidence, profile_sessions, readiness_score, conversion_probability, engagement_level, journey_stage,
       churn_risk, p_alive, expected_purchases, forecast_value, past_revenue, lifetime_value, orders, currency,
       acquisition_source, first_seen, last_activity, total_sessions, avg_session_duration, traits, subscription,
       merges, reasons, search, fingerprint, built_at)
     SELECT $1, x.id, x.email, x.phone, x.name, x.first_name, x.last_name, x.sources, x.neuromind_profile,
            x.profile_confidence, x.profile_sessions, x.readiness_score, x.conversion_probability, x.engagement_level,
            x.journey_stage, x.churn_risk, x.p_alive, x.expected_purchases, x.forecast_value, x.past_revenue,
            x.lifetime_value, x.orders, x.currency, x.acquisition_source, x.first_seen, x.last_activity,
            x.total_sessions, x.avg_session_duration, x.behavioral_traits, x.subscription, x.merges, x.reasons,
            x.search, x.fingerprint, now()
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, email text, phone text, name text, first_name text,
            last_name text, sources jsonb, neuromind_profile text, profile_confidence float8, profile_sessions int,
            readiness_score float8, conversion_probability float8, engagement_level text, journey_stage text,
            churn_risk float8, p_alive float8, expected_purchases float8, forecast_value float8, past_revenue float8,
            lifetime_value float8, orders int, currency text, acquisition_source text, first_seen timestamptz,
            last_activity timestamptz, total_sessions int, avg_session_duration float8, behavioral_traits jsonb,
            subscription jsonb, merges jsonb, reasons jsonb, search text, fingerprint text)
     ON CONFLICT (business_id, id) DO UPDATE SET email = excluded.email, phone = excluded.phone, name = excluded.name,
       first_name = excluded.first_name, last_name = excluded.last_name, sources = excluded.sources,
       neuromind_profile = excluded.neuromind_profile, profile_confidence = excluded.profile_confidence,
       profile_sessions = excluded.profile_sessions, readiness_score = excluded.readiness_score,
       conversion_probability = excluded.conversion_probability, engagement_level = excluded.engagement_level,
       journey_stage = excluded.journey_stage, churn_risk = excluded.churn_risk, p_alive = excluded.p_alive,
       expected_purchases = excluded.expected_purchases, forecast_value = excluded.forecast_value,
       past_revenue = excluded.past_revenue, lifetime_value = excluded.lifetime_value, orders = excluded.orders,
       currency = excluded.currency, acquisition_source = excluded.acquisition_source,
       first_seen = excluded.first_seen, last_activity = excluded.last_activity,
       total_sessions = excluded.total_sessions, avg_session_duration = excluded.avg_session_duration,
       traits = excluded.traits, subscription = excluded.subscription, merges = excluded.merges,
       reasons = excluded.reasons, search = excluded.search, fingerprint = excluded.fingerprint,
       built_at = excluded.built_at`,
    [businessId, JSON.stringify(payload)],
  );
  return counts;
}

type Prepared = { ltv: BusinessLtv; norms: TraitNorms; now: number };

/** Fits the lifetime-value model (stored with its state) and the trait norms the profiles are measured against. */
async function prepare(q: SqlExecutor, businessId: string, ltvFitBudgetMs?: number, staged = false): Promise<Prepared> {
  const now = Date.now();
  const ltv = await fitBusinessLtv(q, businessId, now, ltvFitBudgetMs);
  await q(
    `INSERT INTO customer_ltv_fits (business_id, status, model, params, customers, repeat_customers, currency, detail,
       fitted_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, now())
     ON CONFLICT (business_id) DO UPDATE SET status = excluded.status, model = excluded.model,
       params = excluded.params, customers = excluded.customers, repeat_customers = excluded.repeat_customers,
       currency = excluded.currency, detail = excluded.detail, fitted_at = excluded.fitted_at`,
    [
      businessId,
      ltv.status,
      ltv.model,
      JSON.stringify(ltv.params),
      ltv.customers,
      ltv.repeatCustomers,
      ltv.currency,
      ltv.detail,
    ],
  );
  // Trait norms from a sample of customers (uuids are random, so the first ids are one).
  const { rows: sampleIds } = await q(
    `SELECT DISTINCT customer_id FROM customer_records WHERE business_id = $1 ORDER BY customer_id LIMIT ${NORM_SAMPLE}`,
    [businessId],
  );
  const sample = await loadChunk(
    q,
    businessId,
    sampleIds.map((r) => r.customer_id as string),
    { staged },
  );
  return { ltv, norms: traitNorms(sample.map((c) => factsOf(c, now))), now };
}

/** Builds and stores the given customers (in the caller's transaction). */
async function buildChunk(q: SqlExecutor, businessId: string, ids: string[], prep: Prepared, staged = false) {
  const chunk = await loadChunk(q, businessId, ids, { staged });
  const { rows: mergeRows } = await q(
    'SELECT customer_id, edges FROM customer_merges WHERE business_id = $1 AND customer_id = ANY($2::uuid[])',
    [businessId, ids],
  );
  const merges = new Map(mergeRows.map((r) => [r.customer_id as string, r.edges as MergeEdge[]]));
  const built = chunk.map((c) => buildCustomer(c, merges.get(c.id) ?? [], prep.ltv, prep.norms, prep.now));
  const counts = await storeCustomers(q, businessId, built);
  forgetSummary(businessId);
  return { built, counts };
}

/** Rebuilds some customers now (after a person linked or separated records). */
export async function rebuildCustomers(
  database: Database,
  businessId: string,
  ids: string[],
  ltvFitBudgetMs?: number,
): Promise<void> {
  const prep = await prepare(database.executeSql, businessId, ltvFitBudgetMs);
  await database.transaction((q) => buildChunk(q, businessId, ids, prep));
}

/** The whole build as a task: merge (once), fit, then chunks of customers after the checkpoint. */
export async function runProfileBuild(
  database: Database,
  run: TaskRun,
  options: { chunk?: number; ltvFitBudgetMs?: number } = {},
): Promise<ProfileGenerationResult> {
  const chunkSize = options.chunk ?? CHUNK;
  const q = database.executeSql;
  const businessId = run.businessId;
  let cp = (run.checkpoint ?? {}) as Checkpoint;
  if (!cp.merged) {
    await run.progress({ percentage: 2, step: 'Merging records', completed: 0, total: 0 });
    await mergeRecords(database, businessId, run);
    cp = { merged: true, after: null, generated: 0, updated: 0, skipped: 0, distribution: {} };
  }
  const { rows: totalRows } = await q(
    'SELECT count(DISTINCT customer_id) AS n FROM customer_records WHERE business_id = $1',
    [businessId],
  );
  const total = Number(totalRows[0]?.n ?? 0);
  if (!cp.staged) {
    await run.progress({ percentage: 11, step: "Reading the customers' sessions", completed: 0, total });
    // The merge has just rewritten the records and payments: without fresh statistics the planner takes the records
    // for a few thousand and looks every session up by index (a random read each) instead of reading them in order.
    await q('ANALYZE customer_records, customer_payments');
    await database.transaction(async (tx) => {
      await stageBuildSessions(tx, businessId);
      cp = { ...cp, staged: true };
      await run.save(tx, { percentage: 12, step: "Customers' sessions read", completed: 0, total }, cp);
    });
  }
  await run.progress({ percentage: 12, step: 'Fitting the lifetime-value model', completed: 0, total });
  const prep = await prepare(q, businessId, options.ltvFitBudgetMs, true);

  const distribution = { ...(cp.distribution ?? {}) };
  const counts = { generated: cp.generated ?? 0, updated: cp.updated ?? 0, skipped: cp.skipped ?? 0 };
  let after = cp.after ?? null;
  let done = counts.generated + counts.updated + counts.skipped;
  for (;;) {
    if (run.stopping()) throw new Error('The process is stopping; the build resumes in the next one');
    // Lets requests waiting for the database run between chunks (PGlite has one connection).
    await new Promise((r) => setTimeout(r, 5));
    // Without the first chunk's "IS NULL OR" the index is walked from `after`, not from the start each time.
    const { rows } = await q(
      `SELECT DISTINCT customer_id FROM customer_records WHERE business_id = $1 AND customer_id > $2::uuid
        ORDER BY customer_id LIMIT ${chunkSize}`,
      [businessId, after ?? '00000000-0000-0000-0000-000000000000'],
    );
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.customer_id as string);
    await database.transaction(async (tx) => {
      const { built, counts: n } = await buildChunk(tx, businessId, ids, prep, true);
      counts.generated += n.generated;
      counts.updated += n.updated;
      counts.skipped += n.skipped;
      for (const c of built) {
        const key = c.neuromind_profile ?? 'Unclassified';
        distribution[key] = (distribution[key] ?? 0) + 1;
      }
      done += built.length;
      after = ids.at(-1)!;
      await run.save(
        tx,
        { percentage: 15 + (85 * done) / Math.max(1, total), step: 'Building profiles', completed: done, total },
        { merged: true, staged: true, after, ...counts, distribution },
      );
    });
  }
  // Upserted rows are not yet visible to every transaction in the visibility map, so counting the list's matches
  // would read the table instead of its indexes until autovacuum passes: done now (VACUUM cannot run in a transaction).
  await q('VACUUM (ANALYZE) customers');
  return {
    profiles_generated: counts.generated,
    profiles_updated: counts.updated,
    profiles_skipped: counts.skipped,
    profile_distribution: distribution,
    error: null,
  };
}
