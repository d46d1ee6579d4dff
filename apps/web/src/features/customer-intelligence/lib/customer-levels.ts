import { CHURN_RISK_BOUNDS, CUSTOMER_ENGAGE_READINESS, type Customer } from '@ri/contracts';

export type ChurnLevel = 'high' | 'medium' | 'low';

/** Spec section 5: churn risk of 0.7 or more is red (high), 0.4 or more yellow (medium), else green. */
export function churnLevel(risk: number): ChurnLevel {
  if (risk >= CHURN_RISK_BOUNDS.high) return 'high';
  if (risk >= CHURN_RISK_BOUNDS.medium) return 'medium';
  return 'low';
}

/** Spec section 9: Engage is offered on customers whose readiness is 70 or more. */
export const canEngage = (customer: Pick<Customer, 'readiness_score'>) =>
  customer.readiness_score !== null && customer.readiness_score >= CUSTOMER_ENGAGE_READINESS;

/** Spec section 5: readiness in words in the profile modal: 80 or more high, 60 or more medium, else low. */
export function readinessWord(score: number): 'high' | 'medium' | 'low' {
  if (score >= 80) return 'high';
  if (score >= 60) return 'medium';
  return 'low';
}

/** The pages the page strip offers: up to five, centred on the current page where the ends allow. */
export function pageStrip(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, Math.max(totalPages, 0));
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
