import { NEUROMIND_PROFILES, type NeuromindProfile, type PageTypeName } from '@ri/contracts';

/**
 * What the customer rules read about one person, and the per-customer figures taken from their sessions
 * (docs/customers.md, "Profile and readiness").
 *
 * - Profile: a vote over the sessions that have one, each weighing its profile confidence (a session without a
 *   stated confidence weighs 1/7, a guess among seven). The heaviest profile wins; ties go to the profile of the
 *   latest such session, then to the spec's order. Confidence = mean confidence of the winning sessions that
 *   state one × the winner's share of the vote weight (null when none states one).
 * - Readiness and conversion probability: the latest READINESS_SESSIONS sessions that have the figure, weighted
 *   3, 2, 1 from the newest, so the current visit counts most but one odd session does not decide.
 * - A purchase is a row with a positive amount; refunds (negative rows) lower revenue but are not orders.
 */

export type CustomerSessionFacts = {
  startedAt: number;
  durationMs: number;
  pageViews: number;
  byType: Partial<Record<PageTypeName, { views: number; dwellMs: number }>>;
  readiness: number | null;
  conversionProbability: number | null;
  profile: NeuromindProfile | null;
  profileConfidence: number | null;
  converted: boolean;
  hesitations: number;
  formSubmits: number;
  /** ms from the session's start to its first pricing, cart or demo page; null when it reached none, absent when not measured. */
  msToDecisionPage?: number | null;
};
/** Net, major units; refunds as negative rows. */
export type CustomerPurchaseFacts = { at: number; amount: number };
export type CustomerFacts = {
  sessions: CustomerSessionFacts[];
  purchases: CustomerPurchaseFacts[];
  hasOpenOpportunity: boolean;
  wonOpportunities: number;
  subscriptionActive: boolean;
  subscriptionCancelling: boolean;
  /** When the active subscription started (ms); absent when unknown. */
  subscriptionStartedAt?: number | null;
  firstSeen: number;
  now: number;
};

export const DAY_MS = 86_400_000;
export const READINESS_SESSIONS = 3;
const UNSTATED_CONFIDENCE = 1 / NEUROMIND_PROFILES.length;

/** The customer's Neuromind profile from their sessions' profiles (vote rule in this file's header). */
export function customerNeuromindProfile(sessions: readonly CustomerSessionFacts[]): {
  profile: NeuromindProfile | null;
  confidence: number | null;
  sessions: number;
} {
  const voting = sessions.filter((s) => s.profile !== null);
  if (voting.length === 0) return { profile: null, confidence: null, sessions: 0 };
  const weight = new Map<NeuromindProfile, number>();
  const latest = new Map<NeuromindProfile, number>();
  let total = 0;
  for (const s of voting) {
    const p = s.profile as NeuromindProfile;
    const w = validConfidence(s.profileConfidence) ?? UNSTATED_CONFIDENCE;
    weight.set(p, (weight.get(p) ?? 0) + w);
    latest.set(p, Math.max(latest.get(p) ?? Number.NEGATIVE_INFINITY, s.startedAt));
    total += w;
  }
  const ranked = [...weight.keys()].sort(
    (a, b) =>
      (weight.get(b) as number) - (weight.get(a) as number) ||
      (latest.get(b) as number) - (latest.get(a) as number) ||
      NEUROMIND_PROFILES.indexOf(a) - NEUROMIND_PROFILES.indexOf(b),
  );
  const profile = ranked[0] as NeuromindProfile;
  const stated = voting
    .filter((s) => s.profile === profile)
    .map((s) => validConfidence(s.profileConfidence))
    .filter((c): c is number => c !== null);
  const share = total > 0 ? (weight.get(profile) as number) / total : 0;
  const confidence = stated.length > 0 ? (stated.reduce((a, b) => a + b, 0) / stated.length) * share : null;
  return { profile, confidence, sessions: voting.length };
}

/** Readiness and conversion probability from the latest sessions that have them (weights 3, 2, 1 from the newest). */
export function customerReadiness(sessions: readonly CustomerSessionFacts[]): {
  readiness: number | null;
  conversionProbability: number | null;
} {
  const newest = [...sessions].sort((a, b) => b.startedAt - a.startedAt);
  return {
    readiness: recencyWeighted(newest.map((s) => s.readiness)),
    conversionProbability: recencyWeighted(newest.map((s) => s.conversionProbability)),
  };
}

function recencyWeighted(newestFirst: (number | null)[]): number | null {
  const values = newestFirst.filter((v): v is number => v !== null && Number.isFinite(v)).slice(0, READINESS_SESSIONS);
  if (values.length === 0) return null;
  let sum = 0;
  let weights = 0;
  values.forEach((v, i) => {
    const w = READINESS_SESSIONS - i;
    sum += v * w;
    weights += w;
  });
  return sum / weights;
}

function validConfidence(c: number | null): number | null {
  return c !== null && Number.isFinite(c) && c >= 0 && c <= 1 ? c : null;
}

/** The purchases that are orders (positive amounts), oldest first. */
export function ordersOf(facts: Pick<CustomerFacts, 'purchases'>): CustomerPurchaseFacts[] {
  return facts.purchases.filter((p) => p.amount > 0).sort((a, b) => a.at - b.at);
}

/** The median of the finite values, null when there are none. */
export function median(values: readonly number[]): number | null {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 === 1 ? (v[mid] as number) : ((v[mid - 1] as number) + (v[mid] as number)) / 2;
}
