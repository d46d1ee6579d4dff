import type { CustomerInsight, CustomerSegments, SavedSegment, SegmentBody, SegmentRules } from '@ri/contracts';
import { type CustomerRow, customerInsights, profileSegments, SEGMENT_SUGGESTIONS } from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { rulesWhere, type Where } from './customers.repo.js';

// Segments (Neuromind profile segments, saved segments, suggestions) and customer insights. The profile segments
// and insights read every customer's compact row; they are kept per business until the next build (the spec's
// freshness for these reads is 10 minutes; a build is what changes them).

const cache = new Map<string, { builtAt: string; rows: CustomerRow[] }>();

async function customerRows(q: SqlExecutor, businessId: string): Promise<CustomerRow[]> {
  const { rows: stamp } = await q(
    'SELECT max(built_at)::text AS b, count(*) AS n FROM customers WHERE business_id = $1',
    [businessId],
  );
  const builtAt = `${stamp[0]?.b ?? ''}:${stamp[0]?.n ?? 0}`;
  const hit = cache.get(businessId);
  if (hit && hit.builtAt === builtAt) return hit.rows;
  const { rows } = await q(
    `SELECT id, neuromind_profile, readiness_score, churn_risk, lifetime_value, journey_stage, engagement_level,
            acquisition_source, sources, last_activity, orders, traits, first_seen
       FROM customers WHERE business_id = $1`,
    [businessId],
  );
  const out: CustomerRow[] = rows.map((r) => ({
    id: r.id as string,
    profile: (r.neuromind_profile as CustomerRow['profile']) ?? null,
    readiness: r.readiness_score == null ? null : Number(r.readiness_score),
    churnRisk: r.churn_risk == null ? null : Number(r.churn_risk),
    lifetimeValue: r.lifetime_value == null ? null : Number(r.lifetime_value),
    journeyStage: r.journey_stage as CustomerRow['journeyStage'],
    engagementLevel: r.engagement_level as CustomerRow['engagementLevel'],
    acquisitionSource: r.acquisition_source as string,
    sources: r.sources as CustomerRow['sources'],
    lastActivity: new Date(r.last_activity as string).getTime(),
    firstSeen: new Date(r.first_seen as string).getTime(),
    orders: Number(r.orders),
    traits: r.traits as CustomerRow['traits'],
  }));
  cache.set(businessId, { builtAt, rows: out });
  return out;
}

async function countRules(q: SqlExecutor, businessId: string, rules: SegmentRules, now: number) {
  const w: Where = { clauses: ['business_id = $1'], values: [businessId] };
  rulesWhere(w, rules, now);
  const { rows } = await q(
    `SELECT count(*) AS n, avg(readiness_score) AS readiness, avg(lifetime_value) AS ltv, avg(churn_risk) AS churn
       FROM customers WHERE ${w.clauses.join(' AND ')}`,
    w.values,
  );
  const r = rows[0] ?? {};
  const avg = (v: unknown, d: number) => (v == null ? null : Number(Number(v).toFixed(d)));
  return { n: Number(r.n ?? 0), readiness: avg(r.readiness, 1), ltv: avg(r.ltv, 2), churn: avg(r.churn, 3) };
}

async function savedOf(
  q: SqlExecutor,
  businessId: string,
  r: Record<string, unknown>,
  now: number,
): Promise<SavedSegment> {
  const rules = r.rules as SegmentRules;
  const stats = await countRules(q, businessId, rules, now);
  return {
    id: r.id as string,
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    rules,
    user_count: stats.n,
    avg_readiness_score: stats.readiness,
    avg_lifetime_value: stats.ltv,
    avg_churn_risk: stats.churn,
    created_by: r.created_by as string,
    created_at: new Date(r.created_at as string).toISOString(),
    updated_at: new Date(r.updated_at as string).toISOString(),
  };
}

export async function getSegments(q: SqlExecutor, businessId: string): Promise<CustomerSegments> {
  const now = Date.now();
  const rows = await customerRows(q, businessId);
  const { rows: saved } = await q('SELECT * FROM customer_segments WHERE business_id = $1 ORDER BY created_at', [
    businessId,
  ]);
  const { rows: cur } = await q(
    'SELECT mode() WITHIN GROUP (ORDER BY currency) AS c FROM customers WHERE business_id = $1',
    [businessId],
  );
  const suggestions = [];
  for (const s of SEGMENT_SUGGESTIONS) {
    suggestions.push({ ...s, user_count: (await countRules(q, businessId, s.rules, now)).n });
  }
  return {
    segments: profileSegments(rows),
    saved: await Promise.all(saved.map((r) => savedOf(q, businessId, r, now))),
    suggestions,
    currency: (cur[0]?.c as string | null) ?? null,
  };
}

export async function getInsights(q: SqlExecutor, businessId: string): Promise<{ insights: CustomerInsight[] }> {
  return { insights: customerInsights(await customerRows(q, businessId), Date.now()) };
}

export async function segmentRules(q: SqlExecutor, businessId: string, id: string): Promise<SegmentRules> {
  const { rows } = await q('SELECT rules FROM customer_segments WHERE business_id = $1 AND id = $2', [businessId, id]);
  if (!rows[0]) throw notFound('Segment');
  return rows[0].rules as SegmentRules;
}

export async function createSegment(q: SqlExecutor, businessId: string, userId: string, body: SegmentBody) {
  const { rows } = await q(
    `INSERT INTO customer_segments (business_id, name, description, rules, created_by)
       VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING *`,
    [businessId, body.name, body.description ?? null, JSON.stringify(body.rules), userId],
  );
  return savedOf(q, businessId, rows[0]!, Date.now());
}

export async function updateSegment(q: SqlExecutor, businessId: string, id: string, body: SegmentBody) {
  const { rows } = await q(
    `UPDATE customer_segments SET name = $3, description = $4, rules = $5::jsonb, updated_at = now()
      WHERE business_id = $1 AND id = $2 RETURNING *`,
    [businessId, id, body.name, body.description ?? null, JSON.stringify(body.rules)],
  );
  if (!rows[0]) throw notFound('Segment');
  return savedOf(q, businessId, rows[0], Date.now());
}

export async function deleteSegment(q: SqlExecutor, businessId: string, id: string): Promise<null> {
  const { rows } = await q('DELETE FROM customer_segments WHERE business_id = $1 AND id = $2 RETURNING id', [
    businessId,
    id,
  ]);
  if (!rows[0]) throw notFound('Segment');
  return null;
}
