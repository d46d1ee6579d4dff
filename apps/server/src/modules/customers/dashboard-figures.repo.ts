import { NEUROMIND_PROFILES, type NeuromindProfile, READINESS_THRESHOLDS } from '@ri/contracts';
import type { SqlExecutor } from '../../db/client.js';

/** What the main dashboard shows of the business's customers (its Customer module and the profile distribution). */
export type CustomerDashboardFigures = {
  total: number;
  /** Customers first seen in the window, and in the one before (the module's trend). */
  newInWindow: number;
  newInPrevious: number;
  averageReadiness: number | null;
  highReadiness: number;
  withReadiness: number;
  /** Mean churn risk (0–1) of the customers whose risk is known, and how many those are. */
  averageChurnRisk: number | null;
  withChurnRisk: number;
  profiles: { type: NeuromindProfile; count: number }[];
  builtAt: Date | null;
};

type Windows = { from: string; previousFrom: string };

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; value: Promise<CustomerDashboardFigures> }>();
/** Dropped by every profile build in this process (with the Customer Intelligence cards). */
export const forgetDashboardFigures = (businessId: string) => {
  for (const key of cache.keys()) if (key.startsWith(`${businessId}:`)) cache.delete(key);
};

/**
 * Customer figures over every customer the last profile build made; they change only with a build, so they are kept
 * per business and window for a minute.
 */
export function customerDashboardFigures(
  q: SqlExecutor,
  businessId: string,
  windows: Windows,
): Promise<CustomerDashboardFigures> {
  const key = `${businessId}:${windows.from}:${windows.previousFrom}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = compute(q, businessId, windows);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

async function compute(q: SqlExecutor, businessId: string, w: Windows): Promise<CustomerDashboardFigures> {
  const from = `($2::date::timestamp AT TIME ZONE 'UTC')`;
  const previousFrom = `($3::date::timestamp AT TIME ZONE 'UTC')`;
  const [totals, profiles] = await Promise.all([
    q(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE first_seen >= ${from}) AS new_now,
              count(*) FILTER (WHERE first_seen >= ${previousFrom} AND first_seen < ${from}) AS new_before,
              avg(readiness_score) AS readiness, count(readiness_score) AS with_readiness,
              count(*) FILTER (WHERE readiness_score >= ${READINESS_THRESHOLDS.ready}) AS high,
              avg(churn_risk) AS churn, count(churn_risk) AS with_churn, max(built_at) AS built
         FROM customers WHERE business_id = $1`,
      [businessId, w.from, w.previousFrom],
    ),
    q(
      `SELECT neuromind_profile AS profile, count(*) AS n FROM customers
        WHERE business_id = $1 AND neuromind_profile IS NOT NULL GROUP BY 1`,
      [businessId],
    ),
  ]);
  const t = totals.rows[0] ?? {};
  const counts = new Map(profiles.rows.map((r) => [r.profile as string, Number(r.n)]));
  return {
    total: Number(t.total ?? 0),
    newInWindow: Number(t.new_now ?? 0),
    newInPrevious: Number(t.new_before ?? 0),
    averageReadiness: t.readiness == null ? null : Number(t.readiness),
    highReadiness: Number(t.high ?? 0),
    withReadiness: Number(t.with_readiness ?? 0),
    averageChurnRisk: t.churn == null ? null : Number(t.churn),
    withChurnRisk: Number(t.with_churn ?? 0),
    profiles: NEUROMIND_PROFILES.filter((p) => counts.has(p)).map((type) => ({ type, count: counts.get(type)! })),
    builtAt: t.built ? new Date(t.built as string) : null,
  };
}
