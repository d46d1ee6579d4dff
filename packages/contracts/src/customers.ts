import { z } from 'zod';
import { reasonsSchema } from './ad-intelligence.js';
import { dashboardSyncResultSchema } from './dashboard.js';
import { neuromindProfileSchema } from './intelligence.js';

// ───────────────────────── Customer Intelligence: one profile per real customer ─────────────────────────
//
// A customer is a person we know: a Stripe customer, a GoHighLevel contact, or a visitor the site identified (the
// visitor id passed to Stripe Checkout as client_reference_id, or kept on the CRM contact). Their records merge by
// normalised e-mail, phone, visitor id and links a user confirms (docs/customers.md). Every figure comes from stored
// data; one that cannot be known is null, and `reasons` says why under the field's name. Money is in major units
// of the customer's `currency`.

/** Where a record of a customer comes from. */
export const CUSTOMER_SOURCES = ['stripe', 'ghl', 'visitor'] as const;
export const customerSourceSchema = z.enum(CUSTOMER_SOURCES);
export type CustomerSource = z.infer<typeof customerSourceSchema>;

export const ENGAGEMENT_LEVELS = ['high', 'medium', 'low'] as const;
export const engagementLevelSchema = z.enum(ENGAGEMENT_LEVELS);
export type EngagementLevel = z.infer<typeof engagementLevelSchema>;

export const JOURNEY_STAGES = ['awareness', 'consideration', 'decision', 'retention', 'advocacy'] as const;
export const journeyStageSchema = z.enum(JOURNEY_STAGES);
export type JourneyStage = z.infer<typeof journeyStageSchema>;

export const BEHAVIORAL_TRAITS = [
  'decision_speed',
  'price_sensitivity',
  'social_proof_influence',
  'authority_seeking',
  'risk_tolerance',
] as const;
export type BehavioralTrait = (typeof BEHAVIORAL_TRAITS)[number];
export const TRAIT_LABELS: Record<BehavioralTrait, string> = {
  decision_speed: 'Decision Speed',
  price_sensitivity: 'Price Sensitivity',
  social_proof_influence: 'Social Proof Influence',
  authority_seeking: 'Authority Seeking',
  risk_tolerance: 'Risk Tolerance',
};
/** Each trait in [0, 1], null when the customer's sessions do not show the signals that define it. */
export const behavioralTraitsSchema = z.object({
  decision_speed: z.number().min(0).max(1).nullable(),
  price_sensitivity: z.number().min(0).max(1).nullable(),
  social_proof_influence: z.number().min(0).max(1).nullable(),
  authority_seeking: z.number().min(0).max(1).nullable(),
  risk_tolerance: z.number().min(0).max(1).nullable(),
});
export type BehavioralTraits = z.infer<typeof behavioralTraitsSchema>;

/** The spec's constants: page size, the Engage threshold, the churn colours' bounds. */
export const CUSTOMER_PAGE_SIZE = 50;
export const CUSTOMER_MAX_PAGE_SIZE = 200;
export const CUSTOMER_ENGAGE_READINESS = 70;
export const CHURN_RISK_BOUNDS = { high: 0.7, medium: 0.4 } as const;
/** The horizon of the lifetime-value forecast (days). */
export const LTV_HORIZON_DAYS = 365;

export const customerSubscriptionSchema = z.object({
  status: z.string(),
  /** One period's price. */
  amount: z.number(),
  interval: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.string().nullable(),
});

/** The spec's Customer entity, from real data, with what stands behind its figures. */
export const customerSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The name the CRM or Stripe holds (never made up from the e-mail). */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  neuromind_profile: neuromindProfileSchema.nullable(),
  /** Mean probability of the profile over the sessions that had one, and how many sessions that is. */
  profile_confidence: z.number().nullable(),
  profile_sessions: z.number().int(),
  readiness_score: z.number().nullable(),
  conversion_probability: z.number().nullable(),
  engagement_level: engagementLevelSchema,
  churn_risk: z.number().nullable(),
  /** Past net revenue plus the forecast over the next 12 months. */
  lifetime_value: z.number().nullable(),
  past_revenue: z.number(),
  forecast_value: z.number().nullable(),
  expected_purchases: z.number().nullable(),
  p_alive: z.number().nullable(),
  orders: z.number().int(),
  currency: z.string().nullable(),
  acquisition_source: z.string(),
  first_seen: z.string(),
  last_activity: z.string(),
  total_sessions: z.number().int(),
  /** Seconds. */
  avg_session_duration: z.number().nullable(),
  journey_stage: journeyStageSchema,
  behavioral_traits: behavioralTraitsSchema,
  subscription: customerSubscriptionSchema.nullable(),
  /** Which systems know this person. */
  sources: z.array(customerSourceSchema),
  reasons: reasonsSchema,
});
export type Customer = z.infer<typeof customerSchema>;

// ───────────────────────── The list ─────────────────────────

const num = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(min, `${name} must be ${min} or more`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

export const customerListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(CUSTOMER_MAX_PAGE_SIZE, `limit must be at most ${CUSTOMER_MAX_PAGE_SIZE}`)
    .default(CUSTOMER_PAGE_SIZE),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .optional(),
  profile_type: z
    .union([neuromindProfileSchema, z.literal('all')], {
      error: 'profile_type must be a Neuromind profile or all',
    })
    .optional(),
  min_readiness_score: num('min_readiness_score', 0, 100),
  max_churn_risk: num('max_churn_risk', 0, 1),
  /** A saved segment whose rules filter the list. */
  segment_id: z.uuid({ error: 'segment_id must be a segment id' }).optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** Export Analysis: the list's filters, without paging (every customer they match). */
export const customerExportQuerySchema = customerListQuerySchema.omit({ limit: true, page: true, offset: true });
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;

/** The spec's Pagination entity (with page and total). */
export const customerPaginationSchema = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_previous: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});

export const customerSummarySchema = z.object({
  total_customers: z.number().int(),
  avg_readiness_score: z.number().nullable(),
  high_engagement: z.number().int(),
  avg_lifetime_value: z.number().nullable(),
  currency: z.string().nullable(),
  /** When the profiles were last built, null before the first build. */
  generated_at: z.string().nullable(),
  /** The lifetime-value model's state: fitted, or why not. */
  ltv_model: z.object({
    status: z.enum(['fitted', 'insufficient_history', 'not_run']),
    model: z.string().nullable(),
    customers: z.number().int(),
    repeat_customers: z.number().int(),
    fitted_at: z.string().nullable(),
    detail: z.string(),
  }),
  reasons: reasonsSchema,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z.object({
  customers: z.array(customerSchema),
  total: z.number().int(),
  pagination: customerPaginationSchema,
  summary: customerSummarySchema,
});
export type CustomerList = z.infer<typeof customerListSchema>;

// ───────────────────────── One customer ─────────────────────────

export const customerParamsSchema = z.object({ id: z.uuid({ error: 'id must be a customer id' }) });

/** A record of the person in one system, and the keys that joined it to the others. */
export const customerRecordSchema = z.object({
  id: z.string(),
  source: customerSourceSchema,
  source_id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  created_at: z.string().nullable(),
});
export const MERGE_KEYS = ['email', 'phone', 'visitor_id', 'confirmed'] as const;
export const mergeKeySchema = z.enum(MERGE_KEYS);
export type MergeKey = z.infer<typeof mergeKeySchema>;
/** Why two records are one person: the key they share (masked value), or a user's confirmation. */
export const mergeEdgeSchema = z.object({
  a: z.string(),
  b: z.string(),
  key: mergeKeySchema,
  value: z.string(),
});
export type MergeEdge = z.infer<typeof mergeEdgeSchema>;

export const TIMELINE_KINDS = ['session', 'payment', 'refund', 'subscription', 'opportunity', 'crm', 'action'] as const;
export const timelineItemSchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string(),
  /** Money the event moved (refunds negative), in the customer's currency. */
  amount: z.number().nullable(),
  session_id: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const valuePointSchema = z.object({
  date: z.string(),
  /** Net revenue to date. */
  cumulative_revenue: z.number(),
  /** For the forecast part: expected cumulative value, else null. */
  forecast: z.number().nullable(),
});

export const customerDetailSchema = z.object({
  customer: customerSchema,
  records: z.array(customerRecordSchema),
  merges: z.array(mergeEdgeSchema),
  timeline: z.array(timelineItemSchema),
  value_series: z.array(valuePointSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** Confirm that two records are the same person, or undo a merge (they are not). */
export const customerLinkBodySchema = z.object({
  record_a: z.string().min(1, 'record_a is required').max(300),
  record_b: z.string().min(1, 'record_b is required').max(300),
  kind: z.enum(['same_person', 'not_same_person'], { error: 'kind must be same_person or not_same_person' }),
});
export type CustomerLinkBody = z.infer<typeof customerLinkBodySchema>;
export const customerLinkResultSchema = z.object({
  /** The customers the two records now belong to (one id when merged). */
  customer_ids: z.array(z.string()),
  message: z.string(),
});

// ───────────────────────── Profile generation (the spec's Refresh Segments flow) ─────────────────────────

export const generateProfilesQuerySchema = z.object({
  force_regenerate: z
    .enum(['true', 'false'], { error: 'force_regenerate must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export const generateProfilesResponseSchema = z.object({
  success: z.boolean(),
  /** Null when the profiles already exist and are current (the spec's 'already exist' reply). */
  task_id: z.string().nullable(),
  total_contacts: z.number().int(),
  message: z.string(),
});
export type GenerateProfilesResponse = z.infer<typeof generateProfilesResponseSchema>;

export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export const taskParamsSchema = z.object({ id: z.uuid({ error: 'id must be a task id' }) });
export const profileGenerationResultSchema = z.object({
  profiles_generated: z.number().int(),
  profiles_updated: z.number().int(),
  profiles_skipped: z.number().int(),
  profile_distribution: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
});
export type ProfileGenerationResult = z.infer<typeof profileGenerationResultSchema>;
/** A long job's state, as the screens poll it. */
export const taskStatusResponseSchema = z.object({
  task_id: z.string(),
  kind: z.string(),
  status: taskStatusSchema,
  progress: z.object({
    percentage: z.number(),
    current_step: z.string(),
    completed: z.number().int(),
    total: z.number().int(),
  }),
  /** A profile build's result, or a dashboard sync's. */
  result: z.union([profileGenerationResultSchema, dashboardSyncResultSchema]).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskStatusResponse = z.infer<typeof taskStatusResponseSchema>;
