import { NEUROMIND_PROFILES, type NeuromindProfile, READINESS_THRESHOLDS } from '@ri/contracts';
import type {
  CompetitorPrice,
  CustomerSnapshot,
  FunnelSnapshot,
  FunnelStep,
  PricingSnapshot,
  ReadinessSnapshot,
} from '@ri/engine';
import type { SqlExecutor } from '../../db/client.js';

// The session side of the strategist's snapshot, read from the tracked sessions and what the scorer stored of them
// (journey by page type, readiness, profile), and the customer side from the built customers. Windows are UTC days.

/** The funnel's steps, in order: a session that reached a later step (or converted) continued past an earlier one. */
export const FUNNEL_STEPS = ['home', 'product', 'pricing', 'cart'] as const;

const dayStart = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'UTC')`;
const viewed = (type: string) => `coalesce((i.journey_state->'byType'->'${type}'->>'views')::int, 0) > 0`;

type Tally = { reached: number; continued: number; converted: number };
const empty = (): Tally => ({ reached: 0, continued: 0, converted: 0 });

/**
 * The funnel over the window (and the previous one for each step), overall and per Neuromind profile. Page types
 * come from the scorer's journey of each session; order within a session is not required (a session that saw a
 * cart page continued past the product step whatever it read first).
 */
export async function readFunnel(
  q: SqlExecutor,
  businessId: string,
  window: { from: string; previousFrom: string; to: string },
): Promise<FunnelSnapshot | null> {
  const { rows } = await q(
    `SELECT i.neuromind_profile AS profile, s.started_at >= ${dayStart('$2')} AS current,
            ${FUNNEL_STEPS.map((t) => `${viewed(t)} AS ${t}`).join(', ')},
            s.conversions > 0 AS converted, count(*) AS n
       FROM tracking_sessions s
       LEFT JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
      WHERE s.business_id = $1 AND s.started_at >= ${dayStart('$3')} AND s.started_at < ${dayStart('$4')} + interval '1 day'
        AND s.suspect IS NULL AND s.page_views > 0
      GROUP BY 1, 2, ${FUNNEL_STEPS.map((_, i) => i + 3).join(', ')}, ${FUNNEL_STEPS.length + 3}`,
    [businessId, window.from, window.previousFrom, window.to],
  );
  if (rows.length === 0) return null;
  const overall = new Map(FUNNEL_STEPS.map((t) => [t, { now: empty(), before: empty() }]));
  const byProfile = new Map<NeuromindProfile, { sessions: number; converted: number; steps: Map<string, Tally> }>();
  let sessions = 0;
  let converted = 0;
  for (const r of rows) {
    const n = Number(r.n);
    const didConvert = Boolean(r.converted);
    const current = Boolean(r.current);
    const profile = NEUROMIND_PROFILES.includes(r.profile as NeuromindProfile) ? (r.profile as NeuromindProfile) : null;
    if (current) {
      sessions += n;
      if (didConvert) converted += n;
    }
    const mine =
      current && profile
        ? (byProfile.get(profile) ??
          byProfile.set(profile, { sessions: 0, converted: 0, steps: new Map() }).get(profile)!)
        : null;
    if (mine) {
      mine.sessions += n;
      if (didConvert) mine.converted += n;
    }
    FUNNEL_STEPS.forEach((step, i) => {
      if (!r[step]) return;
      const continued = didConvert || FUNNEL_STEPS.slice(i + 1).some((later) => Boolean(r[later]));
      const add = (t: Tally) => {
        t.reached += n;
        if (continued) t.continued += n;
        if (didConvert) t.converted += n;
      };
      const o = overall.get(step)!;
      add(current ? o.now : o.before);
      if (mine) add(mine.steps.get(step) ?? mine.steps.set(step, empty()).get(step)!);
    });
  }
  const steps: FunnelStep[] = FUNNEL_STEPS.map((page_type) => {
    const o = overall.get(page_type)!;
    return { page_type, ...o.now, previous: o.before.reached > 0 ? o.before : null };
  }).filter((s) => s.reached > 0 || (s.previous?.reached ?? 0) > 0);
  return {
    sessions,
    converted,
    steps,
    by_profile: [...byProfile].map(([profile, p]) => ({
      profile,
      sessions: p.sessions,
      converted: p.converted,
      steps: FUNNEL_STEPS.filter((t) => p.steps.has(t)).map((page_type) => ({ page_type, ...p.steps.get(page_type)! })),
    })),
  };
}

/** Sessions of the window that reached the ready band, how many converted, and their mean calibrated probability. */
export async function readReadiness(
  q: SqlExecutor,
  businessId: string,
  window: { from: string; to: string },
): Promise<ReadinessSnapshot | null> {
  const { rows } = await q(
    `SELECT count(*) AS n, count(*) FILTER (WHERE s.conversions > 0) AS converted,
            avg(i.conversion_probability) AS expected
       FROM tracking_sessions s
       JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
      WHERE s.business_id = $1 AND s.started_at >= ${dayStart('$2')} AND s.started_at < ${dayStart('$3')} + interval '1 day'
        AND s.suspect IS NULL AND i.readiness_score >= ${READINESS_THRESHOLDS.ready}`,
    [businessId, window.from, window.to],
  );
  const r = rows[0];
  if (!r || Number(r.n) === 0) return null;
  return {
    high_band_sessions: Number(r.n),
    high_band_converted: Number(r.converted),
    expected_conversion_rate: r.expected == null ? null : Number(r.expected),
  };
}

/**
 * Pricing pages against the rest: views of pricing pages and of other pages, the sessions that ended on each (an
 * exit is the session's last page), and conversions of sessions that saw pricing. Mean price sensitivity of the
 * customers; the competitor prices entered in the last 180 days.
 */
export async function readPricing(
  q: SqlExecutor,
  businessId: string,
  window: { from: string; to: string },
): Promise<PricingSnapshot | null> {
  const [pages, traits, prices] = await Promise.all([
    q(
      `SELECT coalesce(sum(coalesce((i.journey_state->'byType'->'pricing'->>'views')::int, 0)), 0) AS pricing_views,
              coalesce(sum(s.page_views), 0) AS all_views,
              count(*) FILTER (WHERE i.journey_state->'path'->-1->>'page_type' = 'pricing' AND s.conversions = 0) AS pricing_exits,
              count(*) FILTER (WHERE coalesce(i.journey_state->'path'->-1->>'page_type', 'other') <> 'pricing'
                                 AND s.conversions = 0) AS other_exits,
              count(*) FILTER (WHERE ${viewed('pricing')} AND s.conversions > 0) AS pricing_converted
         FROM tracking_sessions s
         JOIN session_intelligence i ON i.business_id = s.business_id AND i.session_id = s.id
        WHERE s.business_id = $1 AND s.started_at >= ${dayStart('$2')} AND s.started_at < ${dayStart('$3')} + interval '1 day'
          AND s.suspect IS NULL AND s.page_views > 0`,
      [businessId, window.from, window.to],
    ),
    q(
      `SELECT avg((traits->>'price_sensitivity')::float8) AS mean, count(traits->>'price_sensitivity') AS n
         FROM customers WHERE business_id = $1`,
      [businessId],
    ),
    readCompetitorPricesForEngine(q, businessId),
  ]);
  const p = pages.rows[0] ?? {};
  const pricingViews = Number(p.pricing_views ?? 0);
  const otherViews = Math.max(0, Number(p.all_views ?? 0) - pricingViews);
  const t = traits.rows[0] ?? {};
  const snapshot: PricingSnapshot = {
    pricing_page:
      pricingViews > 0
        ? { views: pricingViews, exits: Number(p.pricing_exits), converted: Number(p.pricing_converted) }
        : null,
    other_pages: otherViews > 0 ? { views: otherViews, exits: Number(p.other_exits) } : null,
    price_sensitivity_mean: t.mean == null ? null : Number(t.mean),
    price_sensitivity_n: Number(t.n ?? 0),
    competitor_prices: prices,
  };
  return snapshot.pricing_page || snapshot.competitor_prices?.length || snapshot.price_sensitivity_n ? snapshot : null;
}

export async function readCompetitorPricesForEngine(q: SqlExecutor, businessId: string): Promise<CompetitorPrice[]> {
  const { rows } = await q(
    `SELECT competitor, product, price, own_price, currency, entered_at FROM competitor_prices
      WHERE business_id = $1 AND entered_at >= now() - interval '180 days' ORDER BY entered_at`,
    [businessId],
  );
  return rows.map((r) => ({
    competitor: r.competitor as string,
    product: r.product as string,
    price: Number(r.price),
    own_price: Number(r.own_price),
    currency: r.currency as string,
    entered_at: new Date(r.entered_at as string).toISOString().slice(0, 10),
  }));
}

/**
 * The customer base: churn risks and lifetime values known, and the top quarter by value at churn risk 0.7 or more,
 * with their net revenue over the last 365 days (minor units of the payments' currency).
 */
export async function readCustomers(
  q: SqlExecutor,
  businessId: string,
  minorPerMajor: number,
): Promise<CustomerSnapshot | null> {
  const { rows } = await q(
    `WITH base AS (
       SELECT id, churn_risk, lifetime_value FROM customers WHERE business_id = $1
     ), cut AS (
       SELECT percentile_cont(0.75) WITHIN GROUP (ORDER BY lifetime_value) AS q3 FROM base WHERE lifetime_value IS NOT NULL
     ), risky AS (
       SELECT b.id, b.churn_risk FROM base b, cut WHERE b.lifetime_value >= cut.q3 AND b.churn_risk >= 0.7
     )
     SELECT (SELECT count(churn_risk) FROM base) AS with_churn, (SELECT avg(churn_risk) FROM base) AS mean_churn,
            (SELECT count(lifetime_value) FROM base) AS with_ltv, (SELECT q3 FROM cut) AS q3,
            (SELECT count(*) FROM risky) AS risky, (SELECT avg(churn_risk) FROM risky) AS risky_churn,
            (SELECT coalesce(sum(p.amount - p.refunded), 0) FROM customer_payments p JOIN risky r ON r.id = p.customer_id
              WHERE p.business_id = $1 AND p.at >= now() - interval '365 days') AS risky_revenue`,
    [businessId],
  );
  const r = rows[0];
  if (!r || (Number(r.with_churn) === 0 && Number(r.with_ltv) === 0)) return null;
  const risky = Number(r.risky ?? 0);
  return {
    with_churn_risk: Number(r.with_churn),
    mean_churn_risk: r.mean_churn == null ? null : Number(r.mean_churn),
    with_lifetime_value: Number(r.with_ltv),
    high_value_at_risk:
      risky > 0 && r.q3 != null
        ? {
            count: risky,
            ltv_threshold: Math.round(Number(r.q3) * minorPerMajor),
            mean_churn_risk: Number(r.risky_churn),
            revenue_last_year: Math.round(Number(r.risky_revenue) * minorPerMajor),
          }
        : null,
  };
}
