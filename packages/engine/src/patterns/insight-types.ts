/** One figure an insight rests on. */
export type InsightEvidence = { metric: string; value: number };

/**
 * An insight for the sessions screen (the `BehavioralInsight` of the contracts): every number in its title
 * and description is one of its `evidence` values. `profile` is the Neuromind profile it is about, if any.
 */
export type BehavioralInsight = {
  id: string;
  type: 'opportunity' | 'warning' | 'info';
  title: string;
  description: string;
  user_count: number;
  action_items: string[];
  evidence: InsightEvidence[];
  profile?: string;
};

/** The minimum samples every insight rule needs (docs/patterns.md says why). */
export const INSIGHT_THRESHOLDS = {
  /** Sessions in the group a rule looks at (all sessions, form users, pricing visitors, a profile…). */
  minGroup: 10,
  /** Sessions showing the behaviour the insight is about. */
  minHits: 5,
  /** Share of form users who abandoned a form. */
  formAbandonRate: 0.2,
  /** Share of sessions with a rage click. */
  rageShare: 0.05,
  /** Share of pricing visitors who hesitated straight after a pricing view. */
  pricingHesitationRate: 0.2,
} as const;
