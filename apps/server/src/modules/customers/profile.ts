import type { BehavioralTraits, Customer, CustomerSource, MergeEdge } from '@ri/contracts';
import {
  behavioralTraits,
  type CustomerFacts,
  customerNeuromindProfile,
  customerReadiness,
  engagementLevel,
  journeyStage,
  type TraitNorms,
} from '@ri/engine';
import type { ChunkCustomer } from './facts.repo.js';
import type { BusinessLtv } from './ltv.service.js';

// One customer's figures from their records, sessions, payments, subscriptions and CRM data (docs/customers.md).

export type BuiltCustomer = Omit<Customer, 'first_seen' | 'last_activity'> & {
  first_seen: number;
  last_activity: number;
  merges: MergeEdge[];
  search: string;
};

const SOURCE_ORDER: CustomerSource[] = ['ghl', 'stripe', 'visitor'];
const round = (v: number | null, digits = 4) => (v === null ? null : Number(v.toFixed(digits)));

/** The engine's view of a customer (sessions, purchases, CRM state). */
export function factsOf(c: ChunkCustomer, now: number): CustomerFacts {
  const subscription = activeSubscription(c);
  const firstSeen = Math.min(
    ...c.records.map((r) => r.createdAt ?? Number.POSITIVE_INFINITY),
    ...c.sessions.map((s) => s.startedAt),
    ...c.payments.map((p) => p.at),
    now,
  );
  return {
    sessions: c.sessions.map((s) => ({
      startedAt: s.startedAt,
      durationMs: Math.max(0, s.lastEventAt - s.startedAt),
      pageViews: s.pageViews,
      byType: s.byType,
      readiness: s.readiness,
      conversionProbability: s.conversionProbability,
      profile: s.profile as CustomerFacts['sessions'][number]['profile'],
      profileConfidence: s.profileConfidence,
      converted: s.conversions > 0,
      hesitations: s.hesitations,
      formSubmits: s.formSubmits,
      msToDecisionPage: s.msToDecisionPage,
    })),
    purchases: c.payments
      .filter((p) => p.amount > p.refunded)
      .map((p) => ({ at: p.at, amount: p.amount - p.refunded })),
    hasOpenOpportunity: c.opportunities.some((o) => o.status === 'open'),
    wonOpportunities: c.opportunities.filter((o) => o.status === 'won').length,
    subscriptionActive: subscription !== null,
    subscriptionCancelling: subscription?.cancelAtPeriodEnd ?? false,
    subscriptionStartedAt: subscription?.createdAt ?? null,
    firstSeen,
    now,
  };
}

function activeSubscription(c: ChunkCustomer) {
  return (
    c.subscriptions
      .filter((s) => ['active', 'trialing', 'past_due'].includes(s.status))
      .sort((a, b) => b.createdAt - a.createdAt)[0] ?? null
  );
}

/** Periods of a subscription in a year (month = 12, week = 52…). */
function periodsPerYear(interval: string | null, count: number | null): number | null {
  const per = { day: 365, week: 52, month: 12, year: 1 }[interval ?? ''];
  return per ? per / Math.max(1, count ?? 1) : null;
}

export function buildCustomer(
  c: ChunkCustomer,
  merges: MergeEdge[],
  ltv: BusinessLtv,
  norms: TraitNorms,
  now: number,
): BuiltCustomer {
  const reasons: Record<string, string> = {};
  const facts = factsOf(c, now);
  const pick = <K extends 'email' | 'phone' | 'name'>(k: K) => {
    for (const source of SOURCE_ORDER) {
      const hit = c.records.find((r) => r.source === source && r[k]);
      if (hit) return hit[k];
    }
    return null;
  };
  const name = pick('name');
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  const email = pick('email')?.toLowerCase() ?? null;
  const sources = [...new Set(c.records.map((r) => r.source))].sort();

  const profile = customerNeuromindProfile(facts.sessions);
  if (!profile.profile)
    reasons.neuromind_profile =
      c.sessions.length === 0 ? 'No tracked sessions' : 'No session was classified with enough evidence';
  const readiness = customerReadiness(facts.sessions);
  if (readiness.readiness === null) reasons.readiness_score = 'No scored sessions';
  const traits = behavioralTraits(facts, norms);
  Object.assign(reasons, traits.reasons);

  // Money: the customer's payments in their main currency (the business's when they have none).
  const counts = new Map<string, number>();
  for (const p of c.payments) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  const currency = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ltv.currency;
  const paid = c.payments.filter((p) => p.currency === currency);
  const pastRevenue = paid.reduce((sum, p) => sum + p.amount - p.refunded, 0);
  const orders = paid.filter((p) => p.amount > p.refunded).length;
  if (paid.length < c.payments.length)
    reasons.past_revenue = `Payments in other currencies than ${currency} are not added`;

  let churn: number | null = null;
  let forecastValue: number | null = null;
  let expectedPurchases: number | null = null;
  let pAlive: number | null = null;
  const subscription = activeSubscription(c);
  const perYear = subscription ? periodsPerYear(subscription.interval, subscription.intervalCount) : null;
  if (subscription && perYear !== null) {
    if (subscription.cancelAtPeriodEnd) {
      churn = 1;
      forecastValue = 0;
      expectedPurchases = 0;
      reasons.churn_risk = 'The subscription is set to cancel at the end of its period';
    } else if (ltv.monthlyCancellation !== null) {
      const m = Math.min(1, ltv.monthlyCancellation);
      churn = 1 - (1 - m) ** 12;
      // Expected paid periods in the next year: each period is paid while the subscription survives to it.
      const months = 12 / perYear;
      let periods = 0;
      for (let k = 1; k <= perYear; k += 1) periods += (1 - m) ** (k * months);
      forecastValue = subscription.amount * periods;
      expectedPurchases = periods;
      reasons.churn_risk = `From the business's monthly cancellation rate over the last year (${(m * 100).toFixed(1)} %)`;
    } else {
      reasons.churn_risk = 'Too few subscription-months in the last year to measure cancellations';
    }
    pAlive = churn === null ? null : 1 - churn;
  } else {
    const forecast = ltv.forecasts.get(c.id);
    if (forecast && currency === ltv.currency) {
      pAlive = forecast.pAlive;
      churn = 1 - forecast.pAlive;
      forecastValue = forecast.expectedValue;
      expectedPurchases = forecast.expectedPurchases;
    } else if (orders === 0) {
      reasons.churn_risk = 'No purchase yet: churn risk is measured on buyers';
      reasons.lifetime_value = 'No purchase yet';
    } else {
      // Say why this customer has no forecast, and what they have paid, since the figure shows as not known.
      const why =
        ltv.status !== 'fitted'
          ? ltv.detail
          : currency !== ltv.currency
            ? `The lifetime-value model is fitted on payments in ${ltv.currency}; this customer pays in ${currency}.`
            : "This customer's purchases came after the lifetime-value model was last fitted; the next refit forecasts them.";
      reasons.churn_risk = why;
      reasons.lifetime_value = `Not forecast. ${why} Past net revenue: ${currency} ${pastRevenue.toFixed(2)}.`;
    }
  }
  const lifetimeValue = forecastValue === null ? null : pastRevenue + forecastValue;

  const firstSession = c.sessions[0];
  const acquisitionSource = firstSession?.source ?? c.crmSource ?? 'Unknown';
  const lastActivity = Math.max(
    facts.firstSeen,
    ...c.sessions.map((s) => s.lastEventAt),
    ...c.payments.map((p) => p.at),
  );
  const durations = facts.sessions.map((s) => s.durationMs);
  const avgDuration = durations.length ? durations.reduce((a, b) => a + b, 0) / durations.length / 1000 : null;
  if (avgDuration === null) reasons.avg_session_duration = 'No tracked sessions';

  return {
    id: c.id,
    email,
    first_name: name ? (first ?? null) : null,
    last_name: name && rest.length ? rest.join(' ') : null,
    name,
    phone: pick('phone'),
    neuromind_profile: profile.profile,
    profile_confidence: round(profile.confidence),
    profile_sessions: profile.sessions,
    readiness_score: round(readiness.readiness, 1),
    conversion_probability: round(readiness.conversionProbability),
    engagement_level: engagementLevel(facts),
    churn_risk: round(churn),
    lifetime_value: round(lifetimeValue, 2),
    past_revenue: round(pastRevenue, 2) ?? 0,
    forecast_value: round(forecastValue, 2),
    expected_purchases: round(expectedPurchases),
    p_alive: round(pAlive),
    orders,
    currency,
    acquisition_source: acquisitionSource,
    first_seen: facts.firstSeen,
    last_activity: lastActivity,
    total_sessions: c.sessions.length,
    avg_session_duration: round(avgDuration, 1),
    journey_stage: journeyStage(facts),
    behavioral_traits: roundTraits(traits.traits),
    subscription: subscription
      ? {
          status: subscription.status,
          amount: subscription.amount,
          interval: subscription.interval,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          current_period_end:
            subscription.currentPeriodEnd === null ? null : new Date(subscription.currentPeriodEnd).toISOString(),
        }
      : null,
    sources,
    reasons,
    merges,
    search: `${name ?? ''} ${email ?? ''}`.toLowerCase().trim(),
  };
}

const roundTraits = (t: BehavioralTraits): BehavioralTraits =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, round(v as number | null, 3)])) as BehavioralTraits;
