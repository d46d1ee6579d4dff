import { z } from 'zod';
import { CUSTOMER_SOURCES, journeyStageSchema } from './customers.js';
import { NEUROMIND_PROFILES, neuromindProfileSchema } from './intelligence.js';

// ───────────────────────── Segments, insights, engagement (Customer Intelligence) ─────────────────────────

/** The spec's Segment entity: one per Neuromind profile, from the built customer profiles. */
export const profileSegmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_type: neuromindProfileSchema,
  user_count: z.number().int(),
  avg_readiness_score: z.number().nullable(),
  /** Share of the segment's customers with a purchase (0-1). */
  conversion_rate: z.number().nullable(),
  avg_lifetime_value: z.number().nullable(),
  characteristics: z.array(z.string()),
  recommended_actions: z.array(z.string()),
});
export type ProfileSegment = z.infer<typeof profileSegmentSchema>;

const bound = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be ${min} or more`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

/** A saved segment's rules over customer fields: every rule given must hold. */
export const segmentRulesSchema = z
  .object({
    profile_types: z
      .array(z.enum(NEUROMIND_PROFILES, { error: 'profile_types must be Neuromind profiles' }))
      .max(7)
      .optional(),
    min_readiness: bound('min_readiness', 0, 100),
    max_readiness: bound('max_readiness', 0, 100),
    min_churn_risk: bound('min_churn_risk', 0, 1),
    max_churn_risk: bound('max_churn_risk', 0, 1),
    min_lifetime_value: bound('min_lifetime_value', 0, 1e12),
    max_lifetime_value: bound('max_lifetime_value', 0, 1e12),
    journey_stages: z.array(journeyStageSchema).max(5).optional(),
    engagement_levels: z
      .array(z.enum(['high', 'medium', 'low']))
      .max(3)
      .optional(),
    /** Acquisition sources as the customers show them (e.g. "google / cpc", "Direct"). */
    acquisition_sources: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
    has_source: z.enum(CUSTOMER_SOURCES, { error: 'has_source must be stripe, ghl or visitor' }).optional(),
    /** Active within the last N days, or inactive for at least N days. */
    active_within_days: z.number().int().min(1).max(3650).optional(),
    inactive_for_days: z.number().int().min(1).max(3650).optional(),
  })
  .strict()
  .refine((r) => r.min_readiness === undefined || r.max_readiness === undefined || r.min_readiness <= r.max_readiness, {
    message: 'min_readiness must not exceed max_readiness',
    path: ['min_readiness'],
  })
  .refine(
    (r) => r.min_churn_risk === undefined || r.max_churn_risk === undefined || r.min_churn_risk <= r.max_churn_risk,
    { message: 'min_churn_risk must not exceed max_churn_risk', path: ['min_churn_risk'] },
  )
  .refine(
    (r) =>
      r.min_lifetime_value === undefined ||
      r.max_lifetime_value === undefined ||
      r.min_lifetime_value <= r.max_lifetime_value,
    { message: 'min_lifetime_value must not exceed max_lifetime_value', path: ['min_lifetime_value'] },
  )
  .refine((r) => Object.values(r).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0)), {
    message: 'rules must hold at least one condition',
  });
export type SegmentRules = z.infer<typeof segmentRulesSchema>;

export const segmentBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  description: z.string().trim().max(1000, 'description must be at most 1000 characters').optional(),
  rules: segmentRulesSchema,
});
export type SegmentBody = z.infer<typeof segmentBodySchema>;

export const savedSegmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  rules: segmentRulesSchema,
  /** Customers matching the rules now. */
  user_count: z.number().int(),
  avg_readiness_score: z.number().nullable(),
  avg_lifetime_value: z.number().nullable(),
  avg_churn_risk: z.number().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedSegment = z.infer<typeof savedSegmentSchema>;

/** One of the spec's four segment suggestions, with how many customers match it in this business now. */
export const segmentSuggestionSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  rules: segmentRulesSchema,
  user_count: z.number().int(),
});
export type SegmentSuggestion = z.infer<typeof segmentSuggestionSchema>;

export const customerSegmentsSchema = z.object({
  segments: z.array(profileSegmentSchema),
  saved: z.array(savedSegmentSchema),
  suggestions: z.array(segmentSuggestionSchema),
  currency: z.string().nullable(),
});
export type CustomerSegments = z.infer<typeof customerSegmentsSchema>;
export const segmentParamsSchema = z.object({ id: z.uuid({ error: 'id must be a segment id' }) });

// ───────────────────────── Insights and engagement recommendations ─────────────────────────

export const CUSTOMER_INSIGHT_TYPES = ['opportunity', 'warning', 'trend'] as const;
/** The spec's Customer insight: every figure it states is in `evidence`. */
export const customerInsightSchema = z.object({
  id: z.string(),
  type: z.enum(CUSTOMER_INSIGHT_TYPES),
  title: z.string(),
  description: z.string(),
  affected_users: z.number().int(),
  /** 0-1, from the sample behind the finding. */
  confidence: z.number(),
  action_items: z.array(z.string()),
  evidence: z.array(z.object({ metric: z.string(), value: z.number(), sample: z.number().int() })),
  /** Rules matching the affected customers, to open them as a list or save them as a segment. */
  rules: segmentRulesSchema.nullable(),
});
export type CustomerInsight = z.infer<typeof customerInsightSchema>;
export const customerInsightsSchema = z.object({ insights: z.array(customerInsightSchema) });

export const ENGAGEMENT_RECOMMENDATION_TYPES = [
  'urgency',
  'social_proof',
  'trust_building',
  'comparison',
  'authority',
  'experiential',
  'personalized',
  'conversion',
  'retention',
] as const;
export const engagementRecommendationTypeSchema = z.enum(ENGAGEMENT_RECOMMENDATION_TYPES);
export const engagementRecommendationSchema = z.object({
  type: engagementRecommendationTypeSchema,
  title: z.string(),
  description: z.string(),
  /** What the recommendation rests on, stated from the customer's own figures (no invented percentages). */
  expected_impact: z.string(),
  implementation_steps: z.array(z.string()),
  /** Why it is offered for this customer. */
  because: z.string(),
});
export type EngagementRecommendation = z.infer<typeof engagementRecommendationSchema>;
export const engagementRecommendationsSchema = z.object({
  customer_id: z.string(),
  recommendations: z.array(engagementRecommendationSchema),
  /** How an action reaches this customer: through GoHighLevel when connected and the customer has a contact. */
  delivery: z.object({
    crm_connected: z.boolean(),
    crm_contact: z.boolean(),
    workflows: z.array(z.object({ id: z.string(), name: z.string() })),
    detail: z.string(),
  }),
});
export type EngagementRecommendations = z.infer<typeof engagementRecommendationsSchema>;

// ───────────────────────── Customer actions (Engage Customer, Implement Action) ─────────────────────────

export const CUSTOMER_ACTION_CHANNELS = ['crm_tag', 'crm_task', 'crm_workflow', 'owner_task'] as const;
export const CUSTOMER_ACTION_STATUSES = ['recorded', 'delivered', 'failed', 'cancelled'] as const;
/** How long after an action a purchase counts as its outcome (days). */
export const CUSTOMER_ACTION_OUTCOME_DAYS = 14;

export const customerActionBodySchema = z
  .object({
    type: engagementRecommendationTypeSchema,
    title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
    channel: z.enum(CUSTOMER_ACTION_CHANNELS, {
      error: 'channel must be crm_tag, crm_task, crm_workflow or owner_task',
    }),
    /** crm_tag: the tag to add (defaults to the recommendation type). */
    tag: z.string().trim().min(1).max(100, 'tag must be at most 100 characters').optional(),
    /** crm_workflow: the GoHighLevel workflow to enrol the contact in. */
    workflow_id: z.string().trim().min(1).max(100).optional(),
    note: z.string().max(2000, 'note must be at most 2000 characters').optional(),
    implementation_steps: z.array(z.string().max(500)).max(20, 'at most 20 steps').default([]),
  })
  .refine((b) => b.channel !== 'crm_workflow' || b.workflow_id, {
    message: 'workflow_id is required to enrol in a workflow',
    path: ['workflow_id'],
  });
export type CustomerActionBody = z.input<typeof customerActionBodySchema>;

export const customerActionSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  type: engagementRecommendationTypeSchema,
  title: z.string(),
  channel: z.enum(CUSTOMER_ACTION_CHANNELS),
  status: z.enum(CUSTOMER_ACTION_STATUSES),
  status_detail: z.string(),
  note: z.string().nullable(),
  implementation_steps: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  history: z.array(z.object({ status: z.enum(CUSTOMER_ACTION_STATUSES), at: z.string(), detail: z.string() })),
  /** Did the customer buy within the window after the action; null until the window has passed. */
  outcome: z
    .object({
      window_days: z.number().int(),
      measured_at: z.string(),
      purchased: z.boolean(),
      revenue: z.number(),
    })
    .nullable(),
});
export type CustomerAction = z.infer<typeof customerActionSchema>;
export const customerActionsSchema = z.object({ actions: z.array(customerActionSchema) });
