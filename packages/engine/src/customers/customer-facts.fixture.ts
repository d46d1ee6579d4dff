import type { CustomerFacts, CustomerSessionFacts } from './facts.js';

/** Hand-built customer facts for the rule tests. */
export const NOW = Date.UTC(2026, 10, 25);
export const DAY = 86_400_000;

export const session = (over: Partial<CustomerSessionFacts> = {}): CustomerSessionFacts => ({
  startedAt: NOW - DAY,
  durationMs: 60_000,
  pageViews: 0,
  byType: {},
  readiness: null,
  conversionProbability: null,
  profile: null,
  profileConfidence: null,
  converted: false,
  hesitations: 0,
  formSubmits: 0,
  ...over,
});

/** A session whose page views and dwell are `views` pages of each type, 30 s each. */
export const viewing = (pages: Partial<Record<string, number>>, over: Partial<CustomerSessionFacts> = {}) => {
  const byType: CustomerSessionFacts['byType'] = {};
  let total = 0;
  for (const [type, views] of Object.entries(pages)) {
    byType[type as keyof CustomerSessionFacts['byType']] = {
      views: views as number,
      dwellMs: (views as number) * 30_000,
    };
    total += views as number;
  }
  return session({ pageViews: total, byType, ...over });
};

export const facts = (over: Partial<CustomerFacts> = {}): CustomerFacts => ({
  sessions: [],
  purchases: [],
  hasOpenOpportunity: false,
  wonOpportunities: 0,
  subscriptionActive: false,
  subscriptionCancelling: false,
  firstSeen: NOW - 60 * DAY,
  now: NOW,
  ...over,
});
