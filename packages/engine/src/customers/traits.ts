import { type BehavioralTraits, type PageTypeName, round } from '@ri/contracts';
import { type CustomerFacts, DAY_MS, median, ordersOf } from './facts.js';

/**
 * Behavioural traits MEASURED from the signals that define them, never read off the profile label
 * (docs/customers.md, "Behavioural traits"). Each is in [0, 1], rounded to 2 decimals.
 *
 * attention(T) = mean of (views on page types T / all typed views) and (dwell on T / all dwell, when any dwell),
 * scaled(T) = min(1, attention(T) / 0.5): half or more of a customer's attention on T reads as 1.
 *
 * | Trait | Formula |
 * |---|---|
 * | decision_speed (buyer) | mean of (mD + 1) / (mD + 1 + d + 1) over days d from first visit to first order and mS / (mS + s) over the sessions s up to it; mD, mS the business medians, so the median buyer scores 0.5 |
 * | decision_speed (no order) | (M + 1 s) / (M + t + 2 s), t = median time from session start to the first pricing/cart/demo page, M = business median of that (else median session length) |
 * | price_sensitivity | scaled(pricing, comparison); with orders, averaged with m / (m + v), v = their mean order value, m = business median order value |
 * | social_proof_influence | scaled(reviews) |
 * | authority_seeking | scaled(about, blog) |
 * | risk_tolerance | 1 − (scaled(faq, reviews) + min(1, hesitations / page views)) / 2, + 0.25 (capped at 1) when they bought on their first visit |
 *
 * Every trait is null, with the reason "No tracked sessions with page views", when the customer has none.
 */

export type TraitNorms = {
  medianDaysToPurchase: number | null;
  medianSessionsToPurchase: number | null;
  medianOrderValue: number | null;
  /** Median session length (ms) over all sessions. */
  medianDwellMs: number | null;
  /** Median over customers of their median ms to a first pricing/cart/demo page; absent when not measured. */
  medianMsToDecisionPage?: number | null;
};

const SATURATION = 0.5;
const FIRST_VISIT_BONUS = 0.25;
export const NO_PAGE_VIEWS = 'No tracked sessions with page views';

type Attention = {
  views: Map<PageTypeName, number>;
  dwell: Map<PageTypeName, number>;
  totalViews: number;
  totalDwell: number;
};

function attentionOf(facts: CustomerFacts): Attention {
  const a: Attention = { views: new Map(), dwell: new Map(), totalViews: 0, totalDwell: 0 };
  for (const s of facts.sessions) {
    for (const [type, v] of Object.entries(s.byType) as [
      PageTypeName,
      { views: number; dwellMs: number } | undefined,
    ][]) {
      if (!v) continue;
      const views = Math.max(0, v.views || 0);
      const dwell = Math.max(0, v.dwellMs || 0);
      a.views.set(type, (a.views.get(type) ?? 0) + views);
      a.dwell.set(type, (a.dwell.get(type) ?? 0) + dwell);
      a.totalViews += views;
      a.totalDwell += dwell;
    }
  }
  return a;
}

function scaled(a: Attention, types: PageTypeName[]): number {
  const views = types.reduce((sum, t) => sum + (a.views.get(t) ?? 0), 0) / a.totalViews;
  const dwell = a.totalDwell > 0 ? types.reduce((sum, t) => sum + (a.dwell.get(t) ?? 0), 0) / a.totalDwell : null;
  const share = dwell === null ? views : (views + dwell) / 2;
  return Math.min(1, share / SATURATION);
}

/** The customer's five traits with, under each null one's name, why it is null. */
export function behavioralTraits(
  facts: CustomerFacts,
  norms: TraitNorms,
): { traits: BehavioralTraits; reasons: Record<string, string> } {
  const a = attentionOf(facts);
  if (a.totalViews === 0) {
    return {
      traits: {
        decision_speed: null,
        price_sensitivity: null,
        social_proof_influence: null,
        authority_seeking: null,
        risk_tolerance: null,
      },
      reasons: {
        decision_speed: NO_PAGE_VIEWS,
        price_sensitivity: NO_PAGE_VIEWS,
        social_proof_influence: NO_PAGE_VIEWS,
        authority_seeking: NO_PAGE_VIEWS,
        risk_tolerance: NO_PAGE_VIEWS,
      },
    };
  }
  const reasons: Record<string, string> = {};
  const orders = ordersOf(facts);
  const speed = decisionSpeed(facts, norms);
  if (speed.value === null) reasons.decision_speed = speed.reason;

  let price = scaled(a, ['pricing', 'comparison']);
  if (orders.length > 0 && norms.medianOrderValue !== null && norms.medianOrderValue > 0) {
    const v = orders.reduce((s, o) => s + o.amount, 0) / orders.length;
    price = (price + norms.medianOrderValue / (norms.medianOrderValue + v)) / 2;
  }

  const pageViews = facts.sessions.reduce((s, x) => s + Math.max(0, x.pageViews || 0), 0) || a.totalViews;
  const hesitationRate = Math.min(
    1,
    facts.sessions.reduce((s, x) => s + Math.max(0, x.hesitations || 0), 0) / pageViews,
  );
  let risk = 1 - (scaled(a, ['faq', 'reviews']) + hesitationRate) / 2;
  if (boughtOnFirstVisit(facts)) risk = Math.min(1, risk + FIRST_VISIT_BONUS);

  return {
    traits: {
      decision_speed: speed.value === null ? null : round(speed.value),
      price_sensitivity: round(price),
      social_proof_influence: round(scaled(a, ['reviews'])),
      authority_seeking: round(scaled(a, ['about', 'blog'])),
      risk_tolerance: round(risk),
    },
    reasons,
  };
}

type Known = { value: number; reason: null } | { value: null; reason: string };

function decisionSpeed(facts: CustomerFacts, norms: TraitNorms): Known {
  const first = ordersOf(facts)[0];
  if (first !== undefined) {
    const parts: number[] = [];
    const days = Math.max(0, (first.at - facts.firstSeen) / DAY_MS);
    if (norms.medianDaysToPurchase !== null) {
      parts.push((norms.medianDaysToPurchase + 1) / (norms.medianDaysToPurchase + days + 2));
    }
    const sessions = sessionsToPurchase(facts, first.at);
    if (norms.medianSessionsToPurchase !== null && norms.medianSessionsToPurchase > 0 && sessions !== null) {
      parts.push(norms.medianSessionsToPurchase / (norms.medianSessionsToPurchase + sessions));
    }
    if (parts.length === 0)
      return { value: null, reason: 'No business median of days or sessions to purchase to compare with' };
    return { value: parts.reduce((s, x) => s + x, 0) / parts.length, reason: null };
  }
  const t = msToDecisionPage(facts);
  if (t === undefined)
    return { value: null, reason: 'Has not bought, and time to pricing, cart or demo pages is not measured' };
  if (t === null) return { value: null, reason: 'Has not bought or reached pricing, cart or demo pages' };
  const m = norms.medianMsToDecisionPage ?? norms.medianDwellMs;
  if (m === null || m === undefined)
    return { value: null, reason: 'No business median time to decision pages to compare with' };
  return { value: (m + 1000) / (m + t + 2000), reason: null };
}

/** Sessions started up to the first order (at least 1), null when the customer has no tracked session. */
function sessionsToPurchase(facts: CustomerFacts, at: number): number | null {
  if (facts.sessions.length === 0) return null;
  return Math.max(1, facts.sessions.filter((s) => s.startedAt <= at).length);
}

/** Median ms to a first decision page over the sessions that reached one; null if none did; undefined if not measured. */
function msToDecisionPage(facts: CustomerFacts): number | null | undefined {
  const measured = facts.sessions.filter((s) => s.msToDecisionPage !== undefined);
  if (measured.length === 0) return undefined;
  return median(measured.map((s) => s.msToDecisionPage).filter((v): v is number => typeof v === 'number' && v >= 0));
}

/** Their first session converted, or their first order came before a second session began. */
function boughtOnFirstVisit(facts: CustomerFacts): boolean {
  const sessions = [...facts.sessions].sort((x, y) => x.startedAt - y.startedAt);
  if (sessions[0]?.converted) return true;
  const first = ordersOf(facts)[0];
  if (first === undefined || sessions.length === 0) return false;
  const second = sessions[1];
  return (
    first.at >= (sessions[0] as { startedAt: number }).startedAt &&
    (second === undefined || first.at < second.startedAt)
  );
}

/** The business's medians the traits compare a customer with, over all its customers. */
export function traitNorms(all: readonly CustomerFacts[]): TraitNorms {
  const days: number[] = [];
  const sessions: number[] = [];
  const orderValues: number[] = [];
  const dwell: number[] = [];
  const toDecision: number[] = [];
  for (const f of all) {
    const orders = ordersOf(f);
    for (const o of orders) orderValues.push(o.amount);
    const first = orders[0];
    if (first !== undefined) {
      days.push(Math.max(0, (first.at - f.firstSeen) / DAY_MS));
      const s = sessionsToPurchase(f, first.at);
      if (s !== null) sessions.push(s);
    }
    for (const s of f.sessions) if (s.durationMs > 0) dwell.push(s.durationMs);
    const t = msToDecisionPage(f);
    if (typeof t === 'number') toDecision.push(t);
  }
  return {
    medianDaysToPurchase: median(days),
    medianSessionsToPurchase: median(sessions),
    medianOrderValue: median(orderValues),
    medianDwellMs: median(dwell),
    medianMsToDecisionPage: median(toDecision),
  };
}
