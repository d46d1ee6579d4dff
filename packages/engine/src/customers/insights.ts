import { type CustomerInsight, NEUROMIND_PROFILES, round, type SegmentRules } from '@ri/contracts';
import { DAY_MS } from './facts.js';
import { type CustomerRow, matchesRules } from './segments.js';

/**
 * Customer insights over the built customer rows (docs/customers.md, "Insights"). Every number an insight's
 * title or description states is an `evidence` value or sample, or a bound of its `rules`; `affected_users`
 * are the customers its rules select (when it has rules). Ids are the rule keys, so they are stable.
 *
 * | Id | Type | When |
 * |---|---|---|
 * | high_value_churn_risk | warning | customers in the top quarter by lifetime value (≥ 10 known values) with churn risk ≥ 0.7 |
 * | lapsed_customers | warning | customers in retention or advocacy inactive for 90 days or more |
 * | ready_not_bought | opportunity | readiness ≥ 80 and still in awareness, consideration or decision (no purchase) |
 * | one_time_buyers | opportunity | half or more of 10+ buyers have exactly one order |
 * | profile_shift_<profile> | trend | a profile's share among customers active in the last 30 days differs from the others' by 10+ points and a two-proportion z-test gives abs(z) ≥ 1.96 (both groups ≥ 10); the two largest |
 *
 * An insight needs at least MIN_AFFECTED customers. No insight at all under MIN_CUSTOMERS customers: the
 * server says there are too few. Confidence = min(0.95, 1 − 1 / sqrt(n + 1)), n = affected customers, 2 decimals:
 * 3 → 0.5, 24 → 0.8, 399 and more → 0.95.
 */

export const MIN_CUSTOMERS = 10;
export const MIN_AFFECTED = 3;
const HIGH_READINESS = 80;
const HIGH_CHURN = 0.7;
const LAPSED_DAYS = 90;
const TREND_DAYS = 30;
const TREND_MIN_GROUP = 10;
const TREND_MIN_SHIFT = 0.1;
const Z_95 = 1.96;

/** Confidence of a finding resting on n customers (see the file's header). */
export function insightConfidence(n: number): number {
  return round(Math.min(0.95, 1 - 1 / Math.sqrt(Math.max(0, n) + 1)));
}

const fmt = (v: number): string => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
const pct = (x: number): number => Math.round(x * 100);

type Draft = Omit<CustomerInsight, 'confidence' | 'affected_users'> & { affected_users: number };
const finish = (d: Draft): CustomerInsight => ({ ...d, confidence: insightConfidence(d.affected_users) });

/** The insights the rules in this file's header find; [] under MIN_CUSTOMERS customers. */
export function customerInsights(rows: readonly CustomerRow[], now: number): CustomerInsight[] {
  const n = rows.length;
  if (n < MIN_CUSTOMERS) return [];
  const select = (rules: SegmentRules) => rows.filter((r) => matchesRules(r, rules, now));
  const out: Draft[] = [];

  const ltvs = rows.map((r) => r.lifetimeValue).filter((v): v is number => v !== null && Number.isFinite(v));
  if (ltvs.length >= MIN_CUSTOMERS) {
    const threshold = round(quantile(ltvs, 0.75));
    if (threshold > 0) {
      const rules: SegmentRules = { min_lifetime_value: threshold, min_churn_risk: HIGH_CHURN };
      const top = rows.filter((r) => r.lifetimeValue !== null && r.lifetimeValue >= threshold).length;
      const hit = select(rules);
      if (hit.length >= MIN_AFFECTED) {
        const value = round(hit.reduce((s, r) => s + (r.lifetimeValue as number), 0));
        out.push({
          id: 'high_value_churn_risk',
          type: 'warning',
          title: 'High-value customers at risk of churning',
          description: `${hit.length} of the ${top} customers with a lifetime value of ${fmt(threshold)} or more (the top quarter) have churn risk 0.7 or more; together their lifetime value is ${fmt(value)}.`,
          affected_users: hit.length,
          action_items: [
            'Open these customers and start a retention campaign',
            'Reach out personally to the most valuable ones',
            'Check what changed in their recent orders or support history',
          ],
          evidence: [
            { metric: 'customers_at_risk', value: hit.length, sample: top },
            { metric: 'top_quarter_lifetime_value_threshold', value: threshold, sample: ltvs.length },
            { metric: 'lifetime_value_at_risk', value, sample: hit.length },
          ],
          rules,
        });
      }
    }
  }

  const lapsedRules: SegmentRules = { journey_stages: ['retention', 'advocacy'], inactive_for_days: LAPSED_DAYS };
  const customers = rows.filter((r) => r.journeyStage === 'retention' || r.journeyStage === 'advocacy').length;
  const lapsed = select(lapsedRules);
  if (lapsed.length >= MIN_AFFECTED) {
    const share = pct(lapsed.length / customers);
    out.push({
      id: 'lapsed_customers',
      type: 'warning',
      title: 'Customers who have gone quiet',
      description: `${lapsed.length} of the ${customers} customers who bought or subscribe (${share}%) have not been active for 90 days or more.`,
      affected_users: lapsed.length,
      action_items: ['Send a win-back message through the CRM', 'Ask what would bring them back'],
      evidence: [
        { metric: 'lapsed_customers', value: lapsed.length, sample: customers },
        { metric: 'lapsed_share_pct', value: share, sample: customers },
      ],
      rules: lapsedRules,
    });
  }

  const readyRules: SegmentRules = {
    min_readiness: HIGH_READINESS,
    journey_stages: ['awareness', 'consideration', 'decision'],
  };
  const ready = select(readyRules);
  if (ready.length >= MIN_AFFECTED) {
    const share = pct(ready.length / n);
    const avg = round(ready.reduce((s, r) => s + (r.readiness as number), 0) / ready.length, 0);
    out.push({
      id: 'ready_not_bought',
      type: 'opportunity',
      title: 'Ready to buy, not bought yet',
      description: `${ready.length} customers (${share}% of ${n}) have readiness 80 or more and no purchase yet; their average readiness is ${avg}.`,
      affected_users: ready.length,
      action_items: ['Engage them with a conversion push', 'Remove friction from checkout for returning visitors'],
      evidence: [
        { metric: 'ready_customers', value: ready.length, sample: n },
        { metric: 'ready_share_pct', value: share, sample: n },
        { metric: 'avg_readiness', value: avg, sample: ready.length },
      ],
      rules: readyRules,
    });
  }

  const buyers = rows.filter((r) => r.orders > 0).length;
  const once = rows.filter((r) => r.orders === 1).length;
  if (buyers >= MIN_CUSTOMERS && once >= MIN_AFFECTED && once / buyers >= 0.5) {
    const share = pct(once / buyers);
    out.push({
      id: 'one_time_buyers',
      type: 'opportunity',
      title: 'Most buyers have bought once',
      description: `${once} of ${buyers} buyers (${share}%) have exactly one order.`,
      affected_users: once,
      action_items: ['Follow the first order with a second-purchase offer', 'Ask for a review after delivery'],
      evidence: [
        { metric: 'one_time_buyers', value: once, sample: buyers },
        { metric: 'one_time_share_pct', value: share, sample: buyers },
      ],
      rules: null,
    });
  }

  out.push(...profileShifts(rows, now));
  return out.map(finish);
}

function profileShifts(rows: readonly CustomerRow[], now: number): Draft[] {
  const since = now - TREND_DAYS * DAY_MS;
  const profiled = rows.filter((r) => r.profile !== null);
  const recent = profiled.filter((r) => r.lastActivity >= since);
  const earlier = profiled.filter((r) => r.lastActivity < since);
  if (recent.length < TREND_MIN_GROUP || earlier.length < TREND_MIN_GROUP) return [];
  const found: { draft: Draft; z: number }[] = [];
  for (const profile of NEUROMIND_PROFILES) {
    const k1 = recent.filter((r) => r.profile === profile).length;
    const k0 = earlier.filter((r) => r.profile === profile).length;
    const p1 = k1 / recent.length;
    const p0 = k0 / earlier.length;
    const pooled = (k1 + k0) / (recent.length + earlier.length);
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / recent.length + 1 / earlier.length));
    if (se === 0) continue;
    const z = (p1 - p0) / se;
    const s1 = pct(p1);
    const s0 = pct(p0);
    if (Math.abs(p1 - p0) < TREND_MIN_SHIFT || Math.abs(z) < Z_95 || k1 < MIN_AFFECTED) continue;
    const rising = p1 > p0;
    found.push({
      z: Math.abs(z),
      draft: {
        id: `profile_shift_${profile.toLowerCase().replace(/[^a-z]+/g, '_')}`,
        type: 'trend',
        title: `${profile} share ${rising ? 'rising' : 'falling'}`,
        description: `${profile} customers are ${s1}% of the ${recent.length} profiled customers active in the last 30 days, against ${s0}% of the ${earlier.length} last active earlier.`,
        affected_users: k1,
        action_items: rising
          ? [`Adapt on-site messages to ${profile} customers`, `Review which campaigns bring ${profile} visitors`]
          : [`Check whether changes on the site or in campaigns lost ${profile} customers`],
        evidence: [
          { metric: 'recent_share_pct', value: s1, sample: recent.length },
          { metric: 'earlier_share_pct', value: s0, sample: earlier.length },
          { metric: 'window_days', value: TREND_DAYS, sample: recent.length },
        ],
        rules: { profile_types: [profile], active_within_days: TREND_DAYS },
      },
    });
  }
  return found
    .sort((a, b) => round(b.z, 6) - round(a.z, 6)) // stable: equal shifts keep the spec's profile order
    .slice(0, 2)
    .map((f) => f.draft);
}

/** The q-quantile by linear interpolation between order statistics. */
function quantile(values: readonly number[], q: number): number {
  const v = [...values].sort((a, b) => a - b);
  const pos = (v.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (v[lo] as number) + ((v[hi] as number) - (v[lo] as number)) * (pos - lo);
}
