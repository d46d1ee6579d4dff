import type { CustomerRow } from './segments.js';

/** Hand-built customer rows for the segment, insight and recommendation tests. */
export const NOW = Date.UTC(2026, 10, 25);
export const DAY = 86_400_000;

let next = 0;
export const row = (over: Partial<CustomerRow> = {}): CustomerRow => ({
  id: `c${++next}`,
  profile: null,
  readiness: null,
  churnRisk: null,
  lifetimeValue: null,
  journeyStage: 'awareness',
  engagementLevel: 'low',
  acquisitionSource: 'Direct',
  sources: ['visitor'],
  lastActivity: NOW - DAY,
  orders: 0,
  traits: {
    decision_speed: null,
    price_sensitivity: null,
    social_proof_influence: null,
    authority_seeking: null,
    risk_tolerance: null,
  },
  ...over,
});

/** n copies of a row shape. */
export const rows = (n: number, over: Partial<CustomerRow> = {}): CustomerRow[] =>
  Array.from({ length: n }, () => row(over));
