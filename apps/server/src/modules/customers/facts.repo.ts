import { type CustomerSource, isUuid } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';
import { stripeFactor } from '../../db/sql-fragments.js';

// What the profile build reads for a chunk of customers: their records, sessions (through the visitor ids the
// records carry), payments, Stripe subscriptions and GoHighLevel opportunities and first touches.

export type ChunkRecord = {
  key: string;
  source: CustomerSource;
  sourceId: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  createdAt: number | null;
};
export type ChunkSession = {
  id: string;
  startedAt: number;
  lastEventAt: number;
  activeMs: number;
  pageViews: number;
  hesitations: number;
  formSubmits: number;
  conversions: number;
  source: string;
  readiness: number | null;
  conversionProbability: number | null;
  profile: string | null;
  profileConfidence: number | null;
  byType: Record<string, { views: number; dwellMs: number }>;
  /** From the session's start to its first pricing, cart or demo page (ms), null when it reached none. */
  msToDecisionPage: number | null;
};
export type ChunkPayment = { chargeId: string; at: number; amount: number; refunded: number; currency: string };
export type ChunkSubscription = {
  status: string;
  amount: number;
  currency: string;
  interval: string | null;
  intervalCount: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  createdAt: number;
  canceledAt: number | null;
};
export type ChunkOpportunity = { status: string; createdAt: number; value: number };
export type ChunkCustomer = {
  id: string;
  records: ChunkRecord[];
  sessions: ChunkSession[];
  payments: ChunkPayment[];
  subscriptions: ChunkSubscription[];
  opportunities: ChunkOpportunity[];
  /** GoHighLevel's first touch for the contact, as "source / medium" or its source field. */
  crmSource: string | null;
};

const ms = (v: unknown) => new Date(v as string).getTime();
const msOrNull = (v: unknown) => (v == null ? null : ms(v));
const num = (v: unknown) => (v == null ? null : Number(v));

/** Source of a session as the table shows it: "utm_source / utm_medium", else its traffic source. */
const sessionSource = (r: Record<string, unknown>) =>
  r.utm_source ? [r.utm_source, r.utm_medium].filter(Boolean).join(' / ') : String(r.traffic_source ?? 'direct');

function pushSession(customer: ChunkCustomer | undefined, r: Record<string, unknown>): void {
  if (!customer) return;
  const byType: ChunkSession['byType'] = {};
  for (const [type, tally] of Object.entries((r.by_type as Record<string, Record<string, number>> | null) ?? {})) {
    if (tally?.views) byType[type] = { views: Number(tally.views), dwellMs: Number(tally.dwellMs ?? 0) };
  }
  customer.sessions.push({
    id: r.id as string,
    startedAt: ms(r.started_at),
    lastEventAt: ms(r.last_event_at),
    activeMs: Number(r.active_ms),
    pageViews: Number(r.page_views),
    hesitations: Number(r.hesitations),
    formSubmits: Number(r.form_submits),
    conversions: Number(r.conversions),
    source: sessionSource(r),
    readiness: num(r.readiness_score),
    conversionProbability: num(r.conversion_probability),
    profile: (r.neuromind_profile as string | null) ?? null,
    profileConfidence: num(r.profile_confidence),
    byType,
    msToDecisionPage: r.decision_at == null ? null : Math.max(0, Number(r.decision_at) - ms(r.started_at)),
  });
}

/** What a session row of the build needs, from `tracking_sessions s` and `session_intelligence i`. */
const SESSION_COLUMNS = `s.id, s.started_at, s.last_event_at, s.active_ms, s.page_views, s.hesitations, s.form_submits,
       s.conversions, s.traffic_source, s.utm_source, s.utm_medium, i.readiness_score, i.conversion_probability,
       i.neuromind_profile, i.profile_confidence, i.journey_state->'byType' AS by_type,
       (SELECT min((p->>'at')::float8) FROM jsonb_array_elements(i.journey_state->'path') AS p
         WHERE p->>'page_type' IN ('pricing', 'cart', 'demo')) AS decision_at`;

/**
 * Copies the sessions of every customer of the business into `customer_build_sessions`, in customer order, in one
 * pass: hash joins over the sessions read them in order, where looking each chunk's sessions up read one random
 * page per session (5,000,000 sessions: hours on a disk that serves a few thousand reads a second). Answers how many.
 */
export async function stageBuildSessions(q: SqlExecutor, businessId: string): Promise<number> {
  await q('DELETE FROM customer_build_sessions WHERE business_id = $1', [businessId]);
  const { rows } = await q(
    `WITH owners AS (
       SELECT DISTINCT r.customer_id, v.id::uuid AS visitor_id
         FROM customer_records r CROSS JOIN LATERAL jsonb_array_elements_text(r.visitor_ids) AS v(id)
        WHERE r.business_id = $1),
     staged AS (
       INSERT INTO customer_build_sessions (business_id, customer_id, id, started_at, last_event_at, active_ms,
              page_views, hesitations, form_submits, conversions, traffic_source, utm_source, utm_medium,
              readiness_score, conversion_probability, neuromind_profile, profile_confidence, by_type, decision_at)
       SELECT DISTINCT ON (o.customer_id, s.id) $1::uuid, o.customer_id, ${SESSION_COLUMNS}
         FROM owners o
         JOIN tracking_sessions s ON s.business_id = $1 AND s.visitor_id = o.visitor_id
         LEFT JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
        WHERE s.suspect IS NULL
        ORDER BY o.customer_id, s.id
       RETURNING 1)
     SELECT count(*)::int AS n FROM staged`,
    [businessId],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Reads what the build needs of the given customers. `staged`: the ids are one run of the business's customers in id
 * order (a chunk of the build), read by their range, with the sessions staged by `stageBuildSessions`; otherwise
 * any ids (a rebuild of a few), their sessions looked up by visitor.
 */
export async function loadChunk(
  q: SqlExecutor,
  businessId: string,
  ids: string[],
  options: { staged?: boolean } = {},
): Promise<ChunkCustomer[]> {
  if (ids.length === 0) return [];
  const staged = options.staged === true;
  // Ranges walk the (business, customer) indexes in order; an array of a thousand ids made the planner scan them.
  const scope = staged ? 'BETWEEN $2::uuid AND $3::uuid' : '= ANY($2::uuid[])';
  const params = staged ? [businessId, ids[0], ids.at(-1)] : [businessId, ids];
  const byId = new Map<string, ChunkCustomer>(
    ids.map((id) => [
      id,
      { id, records: [], sessions: [], payments: [], subscriptions: [], opportunities: [], crmSource: null },
    ]),
  );
  const records = await q(
    `SELECT customer_id, record_key, source, source_id, email, phone, name, source_created_at, visitor_ids
       FROM customer_records WHERE business_id = $1 AND customer_id ${scope} ORDER BY record_key`,
    params,
  );
  for (const r of records.rows) {
    byId.get(r.customer_id as string)?.records.push({
      key: r.record_key as string,
      source: r.source as CustomerSource,
      sourceId: r.source_id as string,
      email: r.email as string | null,
      phone: r.phone as string | null,
      name: r.name as string | null,
      createdAt: msOrNull(r.source_created_at),
    });
  }
  if (staged) {
    const sessions = await q(
      `SELECT * FROM customer_build_sessions WHERE business_id = $1 AND customer_id ${scope} ORDER BY customer_id, id`,
      params,
    );
    for (const r of sessions.rows) pushSession(byId.get(r.customer_id as string), r);
  } else {
    // Which customers each visitor id belongs to, looked up as an array the planner can count (the visitor index).
    const customersOf = new Map<string, Set<string>>();
    for (const r of records.rows) {
      for (const id of (r.visitor_ids as string[] | null) ?? []) {
        const visitor = String(id).toLowerCase();
        const owners = customersOf.get(visitor) ?? new Set<string>();
        owners.add(r.customer_id as string);
        customersOf.set(visitor, owners);
      }
    }
    const visitors = [...customersOf.keys()].filter(isUuid);
    const sessions =
      visitors.length === 0
        ? { rows: [] }
        : await q(
            `SELECT s.visitor_id::text AS visitor_id, ${SESSION_COLUMNS}
               FROM tracking_sessions s
               LEFT JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
              WHERE s.business_id = $1 AND s.visitor_id = ANY($2::uuid[]) AND s.suspect IS NULL`,
            [businessId, visitors],
          );
    const seen = new Set<string>();
    for (const r of sessions.rows) {
      for (const customerId of customersOf.get(r.visitor_id as string) ?? []) {
        // A session counts once for a customer, however many of their records carry its visitor.
        const key = `${customerId}:${r.id as string}`;
        if (seen.has(key)) continue;
        seen.add(key);
        pushSession(byId.get(customerId), r);
      }
    }
  }
  for (const c of byId.values()) c.sessions.sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1));

  const payments = await q(
    `SELECT customer_id, charge_id, at, amount, refunded, currency FROM customer_payments
      WHERE business_id = $1 AND customer_id ${scope} ORDER BY at`,
    params,
  );
  for (const r of payments.rows) {
    byId.get(r.customer_id as string)?.payments.push({
      chargeId: r.charge_id as string,
      at: ms(r.at),
      amount: Number(r.amount),
      refunded: Number(r.refunded),
      currency: r.currency as string,
    });
  }
  const subscriptions = await q(
    `SELECT r.customer_id, s.status, s.amount / ${stripeFactor('upper(s.currency)')} AS amount, upper(s.currency) AS currency, s.interval,
            s.interval_count, s.current_period_end, s.cancel_at_period_end, s.created_at, s.canceled_at
       FROM customer_records r
       JOIN stripe_subscriptions s ON s.business_id = r.business_id AND s.customer_id = r.source_id
      WHERE r.business_id = $1 AND r.customer_id ${scope} AND r.record_key LIKE 'stripe:%'`,
    params,
  );
  for (const r of subscriptions.rows) {
    byId.get(r.customer_id as string)?.subscriptions.push({
      status: r.status as string,
      amount: Number(r.amount),
      currency: r.currency as string,
      interval: r.interval as string | null,
      intervalCount: r.interval_count == null ? null : Number(r.interval_count),
      currentPeriodEnd: msOrNull(r.current_period_end),
      cancelAtPeriodEnd: Boolean(r.cancel_at_period_end),
      createdAt: ms(r.created_at),
      canceledAt: msOrNull(r.canceled_at),
    });
  }
  const crm = await q(
    `SELECT r.customer_id, k.utm_source, k.utm_medium, k.source, k.created_at,
            (SELECT json_agg(json_build_object('status', o.status, 'created_at', o.created_at,
                                               'value', o.monetary_value / ${stripeFactor("upper(coalesce(o.currency, 'USD'))")}))
               FROM ghl_opportunities o WHERE o.business_id = k.business_id AND o.contact_id = k.vendor_id) AS opps
       FROM customer_records r
       JOIN ghl_contacts k ON k.business_id = r.business_id AND k.vendor_id = r.source_id
      WHERE r.business_id = $1 AND r.customer_id ${scope} AND r.record_key LIKE 'ghl:%'
      ORDER BY k.created_at`,
    params,
  );
  for (const r of crm.rows) {
    const c = byId.get(r.customer_id as string);
    if (!c) continue;
    const touch = r.utm_source ? [r.utm_source, r.utm_medium].filter(Boolean).join(' / ') : (r.source as string | null);
    c.crmSource ??= touch || null;
    for (const o of (r.opps as { status: string; created_at: string; value: number }[] | null) ?? []) {
      c.opportunities.push({ status: o.status, createdAt: ms(o.created_at), value: Number(o.value) });
    }
  }
  return ids.map((id) => byId.get(id)!);
}
