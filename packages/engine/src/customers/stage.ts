import type { EngagementLevel, JourneyStage, PageTypeName } from '@ri/contracts';
import { type CustomerFacts, DAY_MS, ordersOf } from './facts.js';

/**
 * Engagement level and journey stage (docs/customers.md, "Engagement and journey stage").
 *
 * Engagement, over the last 30 days of sessions and the last 90 days of orders:
 *
 * | Level | Rule |
 * |---|---|
 * | high | 3+ sessions and 5+ minutes of session time in 30 days, or an order in 90 days and a session in 30 days |
 * | medium | a session in 30 days, an order in 90 days, or an active subscription not being cancelled |
 * | low | otherwise |
 *
 * Journey stage, the first that holds from the top:
 *
 * | Stage | Rule |
 * |---|---|
 * | advocacy | (3+ orders, or an active subscription started more than 180 days ago) and an order within 180 days, and no cancellation pending |
 * | retention | an order, a won opportunity, or an active subscription |
 * | decision | a cart or demo page view, a form submitted, or an open opportunity |
 * | consideration | a product, pricing or comparison page view, or 2+ sessions |
 * | awareness | otherwise: one session on top-of-funnel pages (home, blog, about, …) or none |
 */

export const ENGAGEMENT_WINDOW_DAYS = 30;
export const ORDER_WINDOW_DAYS = 90;
export const HIGH_SESSIONS = 3;
export const HIGH_ACTIVE_MS = 5 * 60_000;
export const ADVOCACY_ORDERS = 3;
export const ADVOCACY_DAYS = 180;

/** The customer's engagement level from recent sessions and orders (table in this file's header). */
export function engagementLevel(facts: CustomerFacts): EngagementLevel {
  const since = facts.now - ENGAGEMENT_WINDOW_DAYS * DAY_MS;
  const recent = facts.sessions.filter((s) => s.startedAt >= since && s.startedAt <= facts.now);
  const activeMs = recent.reduce((sum, s) => sum + Math.max(0, s.durationMs || 0), 0);
  const orderSince = facts.now - ORDER_WINDOW_DAYS * DAY_MS;
  const recentOrder = ordersOf(facts).some((o) => o.at >= orderSince && o.at <= facts.now);
  if ((recent.length >= HIGH_SESSIONS && activeMs >= HIGH_ACTIVE_MS) || (recentOrder && recent.length > 0))
    return 'high';
  if (recent.length > 0 || recentOrder || (facts.subscriptionActive && !facts.subscriptionCancelling)) return 'medium';
  return 'low';
}

const viewed = (facts: CustomerFacts, types: PageTypeName[]): boolean =>
  facts.sessions.some((s) => types.some((t) => (s.byType[t]?.views ?? 0) > 0));

/** The customer's journey stage (table in this file's header). */
export function journeyStage(facts: CustomerFacts): JourneyStage {
  const orders = ordersOf(facts);
  const last = orders[orders.length - 1];
  const longSubscription =
    facts.subscriptionActive &&
    typeof facts.subscriptionStartedAt === 'number' &&
    facts.now - facts.subscriptionStartedAt > ADVOCACY_DAYS * DAY_MS;
  const recentOrder = last !== undefined && facts.now - last.at <= ADVOCACY_DAYS * DAY_MS;
  if ((orders.length >= ADVOCACY_ORDERS || longSubscription) && recentOrder && !facts.subscriptionCancelling) {
    return 'advocacy';
  }
  if (orders.length > 0 || facts.wonOpportunities > 0 || facts.subscriptionActive) return 'retention';
  if (viewed(facts, ['cart', 'demo']) || facts.sessions.some((s) => s.formSubmits > 0) || facts.hasOpenOpportunity) {
    return 'decision';
  }
  if (viewed(facts, ['product', 'pricing', 'comparison']) || facts.sessions.length >= 2) return 'consideration';
  return 'awareness';
}
