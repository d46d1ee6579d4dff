import { z } from 'zod';
import { neuromindProfileSchema, readinessBandSchema } from './intelligence.js';

// ───────────────────────── Ad Intelligence: what the ad platforms say, and what really happened ─────────────────────────
//
// Every figure comes from stored data: the platforms' daily insights (synced), the tracked sessions, their
// conversion events and the payments linked to a visitor. A figure that cannot be known is null, and the object's
// `reasons` says why under the field's name (`reasons.creative_fatigue_score = 'Live 3 days; fatigue needs 7'`).
// Money is in major units of the object's `currency` (ISO 4217, upper case).

/** The platforms of the screen's filter. Meta Ads is `facebook`; LinkedIn and TikTok have no integration yet. */
export const AD_PLATFORMS = ['facebook', 'google', 'linkedin', 'tiktok'] as const;
export const adPlatformSchema = z.enum(AD_PLATFORMS);
export type AdPlatform = z.infer<typeof adPlatformSchema>;
export const AD_PLATFORM_FILTERS = ['all', ...AD_PLATFORMS] as const;
export type AdPlatformFilter = (typeof AD_PLATFORM_FILTERS)[number];

/** The report windows of the screen (days), 30 by default. */
export const AD_TIME_FRAMES = [7, 30, 90] as const;
export const AD_DEFAULT_DAYS = 30;
/** How far back a conversion looks for the touches that led to it (days), 28 by default. */
export const ATTRIBUTION_LOOKBACKS = [7, 28, 90] as const;
export const ATTRIBUTION_DEFAULT_LOOKBACK = 28;
/** Half-life of the time-decay model (days), by default. */
export const TIME_DECAY_DEFAULT_HALF_LIFE = 7;
/** The spec's list limits. */
export const AD_LIMITS = { campaigns: 50, creatives: 20, channels: 10 } as const;

export const ATTRIBUTION_MODEL_NAMES = [
  'last_click',
  'first_click',
  'linear',
  'time_decay',
  'position_based',
  'markov',
  'shapley',
] as const;
export const attributionModelSchema = z.enum(ATTRIBUTION_MODEL_NAMES);
export type AttributionModelName = z.infer<typeof attributionModelSchema>;
export const ATTRIBUTION_MODEL_LABELS: Record<AttributionModelName, string> = {
  last_click: 'Last click',
  first_click: 'First click',
  linear: 'Linear',
  time_decay: 'Time decay',
  position_based: 'Position-based',
  markov: 'Markov (data-driven)',
  shapley: 'Shapley (data-driven)',
};

const days = (name: string, allowed: readonly number[], fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number of days` })
    .int(`${name} must be a whole number of days`)
    .refine((d) => allowed.includes(d), `${name} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`)
    .default(fallback);

const windowDays = days('days', AD_TIME_FRAMES, AD_DEFAULT_DAYS);
const platformFilter = z
  .enum(AD_PLATFORM_FILTERS, { error: 'platform must be all, facebook, google, linkedin or tiktok' })
  .default('all');
const limit = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .default(max);

/** Why each null figure of an object is null, by the field's name. */
export const reasonsSchema = z.record(z.string(), z.string());
export type Reasons = z.infer<typeof reasonsSchema>;

// ───────────────────────── Queries ─────────────────────────

export const adDaysQuerySchema = z.object({ days: windowDays, platform: platformFilter });
export type AdDaysQuery = z.infer<typeof adDaysQuerySchema>;
export const adListQuerySchema = z.object({ days: windowDays, platform: platformFilter, limit: limit(50) });
export type AdListQuery = z.infer<typeof adListQuerySchema>;
export const creativeListQuerySchema = z.object({
  days: windowDays,
  platform: platformFilter,
  limit: limit(AD_LIMITS.creatives),
  campaign_id: z.string().min(1, 'campaign_id must not be empty').optional(),
});
export const channelListQuerySchema = z.object({ days: windowDays, platform: platformFilter, limit: limit(10) });
export const utmAttributionQuerySchema = z.object({
  days: windowDays,
  platform: platformFilter,
  utm_source: z.string().trim().min(1, 'utm_source must not be empty').max(200).optional(),
  utm_campaign: z.string().trim().min(1, 'utm_campaign must not be empty').max(200).optional(),
});
export const attributionMappingQuerySchema = z.object({
  days: windowDays,
  platform: platformFilter,
  lookback_days: days('lookback_days', ATTRIBUTION_LOOKBACKS, ATTRIBUTION_DEFAULT_LOOKBACK),
  half_life_days: z.coerce
    .number({ error: 'half_life_days must be a number' })
    .min(0.5, 'half_life_days must be at least 0.5')
    .max(90, 'half_life_days must be at most 90')
    .default(TIME_DECAY_DEFAULT_HALF_LIFE),
});
export type AttributionMappingQuery = z.infer<typeof attributionMappingQuerySchema>;
export const campaignParamsSchema = z.object({ campaignId: z.string().min(1) });
export const campaignDaysQuerySchema = z.object({ days: windowDays });

// ───────────────────────── Platforms and shared pieces ─────────────────────────

/** Whether a platform of the filter is connected, and how fresh its data is. */
export const adPlatformStatusSchema = z.object({
  platform: adPlatformSchema,
  label: z.string(),
  connected: z.boolean(),
  /** The integration's status (connected, error, syncing…), null when not connected. */
  status: z.string().nullable(),
  /** When its ad data was last synced (ISO), null when never. */
  last_synced_at: z.string().nullable(),
  currency: z.string().nullable(),
  /** Why the platform has no data ("Not connected", "LinkedIn Ads has no integration yet"), null when it has. */
  reason: z.string().nullable(),
});
export type AdPlatformStatus = z.infer<typeof adPlatformStatusSchema>;

/** Visitors an ad brought, by Neuromind profile and readiness band, and how many of each bought. */
export const audienceSliceSchema = z.object({
  sessions: z.number().int(),
  conversions: z.number().int(),
  /** Percent of the slice's sessions that converted; null with no sessions. */
  conversion_rate: z.number().nullable(),
});
export const adAudienceSchema = z.object({
  sessions: z.number().int(),
  profiles: z.array(audienceSliceSchema.extend({ profile: neuromindProfileSchema })),
  unclassified_sessions: z.number().int(),
  bands: z.array(audienceSliceSchema.extend({ band: readinessBandSchema })),
  /** A finding in words when the numbers point somewhere (ready visitors who do not buy → the landing page). */
  finding: z.string().nullable(),
});
export type AdAudience = z.infer<typeof adAudienceSchema>;

/** What the platform claims against what we attribute, and how far that can be checked. */
export const reconciliationSchema = z.object({
  platform_conversions: z.number().nullable(),
  attributed_conversions: z.number(),
  /** Platform claims we could not match to a tracked conversion (never negative). */
  unmatched_conversions: z.number().nullable(),
  sufficiency: z.enum(['sufficient', 'limited', 'insufficient']),
  reason: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ───────────────────────── Cards and series ─────────────────────────

const cardFigures = {
  total_spend: z.number().nullable(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** Conversions we attribute to the ads (last click within the lookback), from tracking and linked payments. */
  total_conversions: z.number(),
  /** Conversions the platforms report for themselves. */
  platform_conversions: z.number().nullable(),
  attributed_revenue: z.number(),
  platform_revenue: z.number().nullable(),
  /** Attributed revenue over spend. */
  avg_roas: z.number().nullable(),
  /** Clicks over impressions, percent. */
  avg_ctr: z.number().nullable(),
};

/** `GET /analytics/ad-intelligence-summary`: the four cards over the window, with the previous window. */
export const adIntelligenceSummarySchema = z.object({
  days: z.number().int(),
  platform: z.enum(AD_PLATFORM_FILTERS),
  currency: z.string().nullable(),
  ...cardFigures,
  previous: z.object(cardFigures),
  platforms: z.array(adPlatformStatusSchema),
  campaigns: z.number().int(),
  reasons: reasonsSchema,
});
export type AdIntelligenceSummary = z.infer<typeof adIntelligenceSummarySchema>;

export const adMetricsDaySchema = z.object({
  date: z.string(),
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  platform_conversions: z.number(),
  platform_revenue: z.number(),
  attributed_conversions: z.number(),
  attributed_revenue: z.number(),
});
export type AdMetricsDay = z.infer<typeof adMetricsDaySchema>;

/** `GET /analytics/ad-metrics`: one row per day of the window (days without delivery are zero), and totals. */
export const adMetricsSchema = z.object({
  days: z.number().int(),
  platform: z.enum(AD_PLATFORM_FILTERS),
  currency: z.string().nullable(),
  series: z.array(adMetricsDaySchema),
  totals: adMetricsDaySchema.omit({ date: true }),
  reasons: reasonsSchema,
});
export type AdMetrics = z.infer<typeof adMetricsSchema>;

// ───────────────────────── Campaigns ─────────────────────────

export const CAMPAIGN_STATUSES = ['active', 'paused', 'completed'] as const;

/** The spec's Campaign entity, over the window. `conversions` and `roas` are ours (attributed, last click). */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: adPlatformSchema,
  status: z.enum(CAMPAIGN_STATUSES),
  /** Budget over the window: daily budget × days (or the lifetime budget), null when the platform sets none. */
  budget: z.number().nullable(),
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number(),
  ctr: z.number().nullable(),
  cpc: z.number().nullable(),
  roas: z.number().nullable(),
  creative_fatigue_score: z.number().nullable(),
  message_decay_rate: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  daily_budget: z.number().nullable(),
  /** Where the budget is set on the platform (Meta: campaign or ad set; Google: the campaign budget). */
  budget_level: z.enum(['campaign', 'adset']).nullable(),
  attributed_revenue: z.number(),
  platform_conversions: z.number().nullable(),
  platform_revenue: z.number().nullable(),
  platform_roas: z.number().nullable(),
  reasons: reasonsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({
  days: z.number().int(),
  platform: z.enum(AD_PLATFORM_FILTERS),
  campaigns: z.array(campaignSchema),
  total: z.number().int(),
  platforms: z.array(adPlatformStatusSchema),
});
export type CampaignList = z.infer<typeof campaignListSchema>;

export const OPTIMIZATION_TYPES = ['budget', 'creative', 'targeting', 'bidding', 'landing_page'] as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;

/** One object whose daily budget a budget change sets (a campaign, or an ad set): major units. */
export const budgetTargetSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  from: z.number(),
  to: z.number(),
});
export type BudgetTarget = z.infer<typeof budgetTargetSchema>;

/** The change an optimisation makes on the platform, or a task for a person when it cannot be made there. */
export const optimizationActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('set_budget'),
    level: z.enum(['campaign', 'adset']),
    /** The one target's id; the campaign's id when the change sets several ad sets' budgets. */
    target_id: z.string(),
    /** Daily budgets, major units: the targets' sums. */
    from: z.number(),
    to: z.number(),
    /** Each campaign or ad set whose daily budget changes (an ad-set-budget campaign: each active ad set). */
    targets: z.array(budgetTargetSchema).min(1),
  }),
  z.object({ kind: z.literal('pause_ad'), target_id: z.string() }),
  z.object({ kind: z.literal('task') }),
]);
export type OptimizationAction = z.infer<typeof optimizationActionSchema>;

/** The spec's Optimization recommendation, grounded: the numbers it rests on and what Implement would do. */
export const optimizationRecommendationSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  type: z.enum(OPTIMIZATION_TYPES),
  title: z.string(),
  description: z.string(),
  expected_impact: z.string(),
  implementation_steps: z.array(z.string()),
  priority: z.enum(PRIORITIES),
  evidence: z.array(z.object({ metric: z.string(), value: z.number().nullable(), threshold: z.number().nullable() })),
  action: optimizationActionSchema,
  /** Whether Implement changes the platform (the credentials allow writes) or records a task. */
  applies_on_platform: z.boolean(),
});
export type OptimizationRecommendation = z.infer<typeof optimizationRecommendationSchema>;

/** A campaign with the extended analysis: reconciliation, audience, decay fit and recommendations. */
export const campaignExtendedSchema = campaignSchema.extend({
  sessions: z.number().int(),
  message_decay_r2: z.number().nullable(),
  reconciliation: reconciliationSchema,
  audience: adAudienceSchema,
  recommendations: z.array(optimizationRecommendationSchema),
});
export type CampaignExtended = z.infer<typeof campaignExtendedSchema>;

export const campaignExtendedListSchema = campaignListSchema.extend({ campaigns: z.array(campaignExtendedSchema) });
export type CampaignExtendedList = z.infer<typeof campaignExtendedListSchema>;

// ───────────────────────── Creatives ─────────────────────────

export const creativeDaySchema = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  spend: z.number(),
  ctr: z.number().nullable(),
  frequency: z.number().nullable(),
});

/** The spec's Creative entity: one ad as delivered (its creative's texts), over the window. */
export const creativeSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string().nullable(),
  platform: adPlatformSchema,
  name: z.string().nullable(),
  status: z.string().nullable(),
  creative_type: z.string().nullable(),
  headline: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  currency: z.string(),
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number(),
  ctr: z.number().nullable(),
  fatigue_score: z.number().nullable(),
  /** The inputs of the fatigue score. */
  fatigue: z.object({
    baseline_ctr: z.number().nullable(),
    recent_ctr: z.number().nullable(),
    frequency: z.number().nullable(),
    days_live: z.number().int(),
  }),
  message_decay_rate: z.number().nullable(),
  message_decay_r2: z.number().nullable(),
  engagement_score: z.number().nullable(),
  psychological_triggers: z.array(z.string()),
  trigger_evidence: z.array(z.object({ trigger: z.string(), evidence: z.string() })),
  audience: adAudienceSchema,
  daily: z.array(creativeDaySchema),
  reasons: reasonsSchema,
});
export type Creative = z.infer<typeof creativeSchema>;

export const creativeListSchema = z.object({
  days: z.number().int(),
  platform: z.enum(AD_PLATFORM_FILTERS),
  creatives: z.array(creativeSchema),
  total: z.number().int(),
});
export type CreativeList = z.infer<typeof creativeListSchema>;

// ───────────────────────── Channels ─────────────────────────

/** The spec's Channel insight, for ad platforms and for the traffic sources we observe (organic, direct…). */
export const channelInsightSchema = z.object({
  /** `facebook`, `google`, or a traffic source: organic_search, direct, email, referral, social, paid_search… */
  platform: z.string(),
  label: z.string(),
  paid: z.boolean(),
  currency: z.string().nullable(),
  total_spend: z.number().nullable(),
  total_conversions: z.number(),
  total_revenue: z.number(),
  sessions: z.number().int(),
  avg_roas: z.number().nullable(),
  trend: z.enum(['up', 'down']),
  trend_pct: z.number().nullable(),
  recommendation: z.string(),
  opportunity_score: z.number().nullable(),
  previous: z.object({
    total_spend: z.number().nullable(),
    total_conversions: z.number(),
    total_revenue: z.number(),
    sessions: z.number().int(),
  }),
  reasons: reasonsSchema,
});
export type ChannelInsight = z.infer<typeof channelInsightSchema>;

export const channelInsightListSchema = z.object({
  days: z.number().int(),
  platform: z.enum(AD_PLATFORM_FILTERS),
  channels: z.array(channelInsightSchema),
});
export type ChannelInsightList = z.infer<typeof channelInsightListSchema>;

// ───────────────────────── UTM attribution ─────────────────────────

export const utmAttributionRowSchema = z.object({
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  sessions: z.number().int(),
  visitors: z.number().int(),
  /** Sessions that carried a Google or Meta click id. */
  click_id_sessions: z.number().int(),
  conversions: z.number().int(),
  /** Conversions a linked payment confirms. */
  verified_conversions: z.number().int(),
  revenue: z.number(),
  conversion_rate: z.number().nullable(),
  avg_readiness: z.number().nullable(),
  /** The synced campaign these sessions belong to, null when none matches. */
  campaign: z.object({ id: z.string(), name: z.string(), platform: adPlatformSchema }).nullable(),
});
export type UtmAttributionRow = z.infer<typeof utmAttributionRowSchema>;

export const utmAttributionSchema = z.object({
  days: z.number().int(),
  currency: z.string().nullable(),
  rows: z.array(utmAttributionRowSchema),
  totals: z.object({
    sessions: z.number().int(),
    tagged_sessions: z.number().int(),
    matched_sessions: z.number().int(),
    /** Sessions with paid tags or click ids that match no synced campaign. */
    unmatched_paid_sessions: z.number().int(),
  }),
});
export type UtmAttribution = z.infer<typeof utmAttributionSchema>;

// ───────────────────────── Model comparison ─────────────────────────

export const modelCreditSchema = z.object({ conversions: z.number(), revenue: z.number() });

/** Per campaign (or unpaid channel), what each model credits. */
export const attributionMappingRowSchema = z.object({
  /** The campaign id, or the channel key of an unpaid source (`organic_search`, `direct`…). */
  key: z.string(),
  campaign_id: z.string().nullable(),
  name: z.string(),
  platform: z.string(),
  paid: z.boolean(),
  touches: z.number().int(),
  credits: z.record(attributionModelSchema, modelCreditSchema),
  reconciliation: reconciliationSchema.nullable(),
});
export type AttributionMappingRow = z.infer<typeof attributionMappingRowSchema>;

export const attributionMappingSchema = z.object({
  days: z.number().int(),
  lookback_days: z.number().int(),
  half_life_days: z.number(),
  currency: z.string().nullable(),
  models: z.array(attributionModelSchema),
  paths: z.object({
    total: z.number().int(),
    converting: z.number().int(),
    /** Conversions whose visitor had no touch in the lookback window we could see. */
    unattributable_conversions: z.number().int(),
  }),
  conversions_total: z.number(),
  revenue_total: z.number(),
  rows: z.array(attributionMappingRowSchema),
  reasons: reasonsSchema,
});
export type AttributionMapping = z.infer<typeof attributionMappingSchema>;

// ───────────────────────── Campaign details and optimisations ─────────────────────────

export const campaignDetailsSchema = z.object({
  campaign: campaignExtendedSchema,
  daily: z.array(adMetricsDaySchema),
  creatives: z.array(creativeSchema),
});
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;

export const AD_ACTION_STATUSES = ['applied', 'task', 'undone', 'failed'] as const;

/** An Implement Optimization, recorded with what it changed, who did it, and its undo. */
export const adOptimizationActionSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string(),
  platform: adPlatformSchema,
  recommendation_id: z.string(),
  type: z.enum(OPTIMIZATION_TYPES),
  title: z.string(),
  action: optimizationActionSchema,
  status: z.enum(AD_ACTION_STATUSES),
  /**
   * What the platform held before and after: `daily_budget` (major units) for a change of one target,
   * `daily_budget:<target id>` for each of several ad sets, or the ad's `status`.
   */
  before: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  after: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  currency: z.string().nullable(),
  /** In words: what happened, or why it became a task. */
  message: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  undone_by: z.string().nullable(),
  undone_at: z.string().nullable(),
  can_undo: z.boolean(),
});
export type AdOptimizationAction = z.infer<typeof adOptimizationActionSchema>;

export const implementOptimizationBodySchema = z.object({
  campaign_id: z.string({ error: 'campaign_id is required' }).min(1, 'campaign_id is required'),
  recommendation_id: z.string({ error: 'recommendation_id is required' }).min(1, 'recommendation_id is required'),
  days: z.union([z.literal(7), z.literal(30), z.literal(90)], { error: 'days must be 7, 30 or 90' }).default(30),
});
export type ImplementOptimizationBody = z.infer<typeof implementOptimizationBodySchema>;

export const adActionParamsSchema = z.object({ actionId: z.string().min(1) });
export const adActionsQuerySchema = z.object({
  campaign_id: z.string().min(1, 'campaign_id must not be empty').optional(),
  limit: limit(100),
});
export const adActionsResponseSchema = z.object({ actions: z.array(adOptimizationActionSchema) });
