import type { Customer, CustomerExportQuery, CustomerSummary, SegmentRules } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';
import { forgetDashboardFigures } from './dashboard-figures.repo.js';

// Reads of the built customers: the paged, filtered list (spec: customer-profiles), one customer, the cards.
// A saved segment's rules become SQL conditions here; `matchesRules` in the engine says the same in code, and the
// tests hold the two to the same answers.

export type Where = { clauses: string[]; values: unknown[] };

const param = (w: Where, value: unknown) => {
  w.values.push(value);
  return `$${w.values.length}`;
};

/** Adds the rules of a segment to a WHERE (a null field never meets a bound on it). */
export function rulesWhere(w: Where, rules: SegmentRules, now: number): void {
  const c = w.clauses;
  if (rules.profile_types?.length) c.push(`neuromind_profile = ANY(${param(w, rules.profile_types)}::text[])`);
  if (rules.min_readiness !== undefined) c.push(`readiness_score >= ${param(w, rules.min_readiness)}`);
  if (rules.max_readiness !== undefined) c.push(`readiness_score <= ${param(w, rules.max_readiness)}`);
  if (rules.min_churn_risk !== undefined) c.push(`churn_risk >= ${param(w, rules.min_churn_risk)}`);
  if (rules.max_churn_risk !== undefined) c.push(`churn_risk <= ${param(w, rules.max_churn_risk)}`);
  if (rules.min_lifetime_value !== undefined) c.push(`lifetime_value >= ${param(w, rules.min_lifetime_value)}`);
  if (rules.max_lifetime_value !== undefined) c.push(`lifetime_value <= ${param(w, rules.max_lifetime_value)}`);
  if (rules.journey_stages?.length) c.push(`journey_stage = ANY(${param(w, rules.journey_stages)}::text[])`);
  if (rules.engagement_levels?.length) c.push(`engagement_level = ANY(${param(w, rules.engagement_levels)}::text[])`);
  if (rules.acquisition_sources?.length) {
    c.push(`acquisition_source = ANY(${param(w, rules.acquisition_sources)}::text[])`);
  }
  if (rules.has_source) c.push(`sources ? ${param(w, rules.has_source)}`);
  if (rules.active_within_days !== undefined) {
    c.push(`last_activity >= to_timestamp(${param(w, now / 1000 - rules.active_within_days * 86_400)})`);
  }
  if (rules.inactive_for_days !== undefined) {
    c.push(`last_activity <= to_timestamp(${param(w, now / 1000 - rules.inactive_for_days * 86_400)})`);
  }
}

/** The list's own filters, and the segment's rules when one is given. */
export function listWhere(businessId: string, query: CustomerExportQuery, rules: SegmentRules | null, now: number) {
  const w: Where = { clauses: [], values: [businessId] };
  w.clauses.push('business_id = $1');
  if (query.profile_type && query.profile_type !== 'all') {
    w.clauses.push(`neuromind_profile = ${param(w, query.profile_type)}`);
  }
  if (query.min_readiness_score !== undefined)
    w.clauses.push(`readiness_score >= ${param(w, query.min_readiness_score)}`);
  if (query.max_churn_risk !== undefined) w.clauses.push(`churn_risk <= ${param(w, query.max_churn_risk)}`);
  if (query.search) {
    w.clauses.push(`search LIKE ${param(w, `%${query.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`);
  }
  if (rules) rulesWhere(w, rules, now);
  return w;
}

const iso = (v: unknown) => new Date(v as string).toISOString();
const n = (v: unknown) => (v == null ? null : Number(v));

export const CUSTOMER_COLUMNS = `id, email, phone, name, first_name, last_name, sources, neuromind_profile,
  profile_confidence, profile_sessions, readiness_score, conversion_probability, engagement_level, journey_stage,
  churn_risk, p_alive, expected_purchases, forecast_value, past_revenue, lifetime_value, orders, currency,
  acquisition_source, first_seen, last_activity, total_sessions, avg_session_duration, traits, subscription, reasons`;

export function customerOf(r: Record<string, unknown>): Customer {
  return {
    id: r.id as string,
    email: (r.email as string | null) ?? null,
    first_name: (r.first_name as string | null) ?? null,
    last_name: (r.last_name as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    neuromind_profile: (r.neuromind_profile as Customer['neuromind_profile']) ?? null,
    profile_confidence: n(r.profile_confidence),
    profile_sessions: Number(r.profile_sessions),
    readiness_score: n(r.readiness_score),
    conversion_probability: n(r.conversion_probability),
    engagement_level: r.engagement_level as Customer['engagement_level'],
    churn_risk: n(r.churn_risk),
    lifetime_value: n(r.lifetime_value),
    past_revenue: Number(r.past_revenue),
    forecast_value: n(r.forecast_value),
    expected_purchases: n(r.expected_purchases),
    p_alive: n(r.p_alive),
    orders: Number(r.orders),
    currency: (r.currency as string | null) ?? null,
    acquisition_source: r.acquisition_source as string,
    first_seen: iso(r.first_seen),
    last_activity: iso(r.last_activity),
    total_sessions: Number(r.total_sessions),
    avg_session_duration: n(r.avg_session_duration),
    journey_stage: r.journey_stage as Customer['journey_stage'],
    behavioral_traits: r.traits as Customer['behavioral_traits'],
    subscription: (r.subscription as Customer['subscription']) ?? null,
    sources: r.sources as Customer['sources'],
    reasons: (r.reasons as Record<string, string>) ?? {},
  };
}

/** One page of customers, most recently active first, and how many match (counted unless `knownTotal` says). */
export async function pageOfCustomers(
  q: SqlExecutor,
  where: Where,
  limit: number,
  offset: number,
  knownTotal?: Promise<number>,
) {
  const text = where.clauses.join(' AND ');
  // Both keys descending: the (business, last_activity, id) index read backwards gives the order as it is. With
  // "id" ascending a run of customers sharing one last activity (an import of contacts) was read whole and sorted:
  // 57,886 rows for the first page of the bench, 1.1 s instead of under a millisecond.
  // The page's ids first, then their rows: the ids of a narrow segment (lifetime value and churn bounds) come from
  // the activity index alone, which carries the filter columns, where reading whole rows in that order read 57,958
  // of them before 50 matched (190 ms). Filters the index lacks (search, stage, source) still read rows, as before.
  const [page, total] = await Promise.all([
    q(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers
         JOIN (SELECT id AS page_id, last_activity AS page_at FROM customers WHERE ${text}
                ORDER BY last_activity DESC, id DESC LIMIT ${limit} OFFSET ${offset}) page
           ON business_id = $1 AND id = page_id
        ORDER BY page_at DESC, page_id DESC`,
      where.values,
    ),
    knownTotal ??
      q(`SELECT count(*) AS n FROM customers WHERE ${text}`, where.values).then((r) => Number(r.rows[0]?.n ?? 0)),
  ]);
  return { customers: page.rows.map(customerOf), total };
}

/**
 * The cards change only when profiles are built: kept per business for SUMMARY_MS (and dropped by a build in this
 * process), so the list does not aggregate every customer on each page.
 */
const SUMMARY_MS = 60_000;
const summaries = new Map<string, { at: number; value: Promise<CustomerSummary> }>();
export const forgetSummary = (businessId: string) => {
  summaries.delete(businessId);
  forgetDashboardFigures(businessId);
};

export function customerSummary(q: SqlExecutor, businessId: string): Promise<CustomerSummary> {
  const hit = summaries.get(businessId);
  if (hit && Date.now() - hit.at < SUMMARY_MS) return hit.value;
  const value = computeSummary(q, businessId);
  summaries.set(businessId, { at: Date.now(), value });
  value.catch(() => summaries.delete(businessId));
  return value;
}

/** The four cards over every customer of the business, and the state of the lifetime-value fit. */
async function computeSummary(q: SqlExecutor, businessId: string): Promise<CustomerSummary> {
  const [cards, fit] = await Promise.all([
    q(
      `SELECT count(*) AS total, avg(readiness_score) AS readiness, count(*) FILTER (WHERE engagement_level = 'high') AS high,
              avg(lifetime_value) AS ltv, count(lifetime_value) AS with_ltv, max(built_at) AS built,
              mode() WITHIN GROUP (ORDER BY currency) AS currency
         FROM customers WHERE business_id = $1`,
      [businessId],
    ),
    q('SELECT * FROM customer_ltv_fits WHERE business_id = $1', [businessId]),
  ]);
  const c = cards.rows[0] ?? {};
  const f = fit.rows[0];
  const total = Number(c.total ?? 0);
  const reasons: Record<string, string> = {};
  if (total === 0) {
    reasons.total_customers =
      'No customers yet: connect Stripe or GoHighLevel, or pass the visitor id to Stripe Checkout, then Refresh Segments.';
  }
  if (c.readiness == null && total > 0) reasons.avg_readiness_score = 'None of the customers has a scored session';
  if (c.ltv == null && total > 0) reasons.avg_lifetime_value = (f?.detail as string | undefined) ?? 'Not built yet';
  return {
    total_customers: total,
    avg_readiness_score: c.readiness == null ? null : Number(Number(c.readiness).toFixed(1)),
    high_engagement: Number(c.high ?? 0),
    avg_lifetime_value: c.ltv == null ? null : Number(Number(c.ltv).toFixed(2)),
    currency: (c.currency as string | null) ?? null,
    generated_at: c.built ? iso(c.built) : null,
    ltv_model: f
      ? {
          status: f.status as 'fitted' | 'insufficient_history',
          model: (f.model as string | null) ?? null,
          customers: Number(f.customers),
          repeat_customers: Number(f.repeat_customers),
          fitted_at: iso(f.fitted_at),
          detail: f.detail as string,
        }
      : {
          status: 'not_run',
          model: null,
          customers: 0,
          repeat_customers: 0,
          fitted_at: null,
          detail: 'The lifetime-value model has not run yet: Refresh Segments builds it.',
        },
    reasons,
  };
}
