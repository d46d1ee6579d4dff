import { z } from 'zod';
import { isUuid } from './tracking.js';

const sessionIdParam = z.string().refine(isUuid, 'session_id must be a UUID');

// ───────────────────────── behavioural intelligence: readiness, Neuromind, signals ─────────────────────────
// Shapes of the readiness, profile and signal reads (spec doc 1 sections 2.5, 7.2, 7.5; doc 2 sections 3-9).
// A value the server does not know is absent (or null where the field says so), never a placeholder.

/** The seven Neuromind profiles (spec doc 1, section 1), in the spec's order. */
export const NEUROMIND_PROFILES = [
  'Fast-Mover',
  'Proof-Driven',
  'Reassurer',
  'Skeptic',
  'Optimizer',
  'Authority-Seeker',
  'Experience-First',
] as const;
export const neuromindProfileSchema = z.enum(NEUROMIND_PROFILES);
export type NeuromindProfile = z.infer<typeof neuromindProfileSchema>;

/** What each profile means (spec doc 1, section 1). */
export const NEUROMIND_MEANINGS: Record<NeuromindProfile, string> = {
  'Fast-Mover': 'quick decision maker, values speed and efficiency',
  'Proof-Driven': 'needs evidence and data before deciding',
  Reassurer: 'seeks comfort and low-risk options',
  Skeptic: 'questions claims and needs convincing',
  Optimizer: 'compares options to find best value',
  'Authority-Seeker': 'influenced by expert opinions and credentials',
  'Experience-First': 'values hands-on experience and trials',
};

/** Readiness bands (spec doc 1, section 2.5): 80 or more, 60 to under 80, under 60. */
export const READINESS_THRESHOLDS = { ready: 80, warming: 60 } as const;
export const READINESS_BANDS = ['Ready to Convert', 'Warming Up', 'Early Stage'] as const;
export const readinessBandSchema = z.enum(READINESS_BANDS);
export type ReadinessBandName = z.infer<typeof readinessBandSchema>;
/** The band of a readiness score. */
export const readinessBandOf = (score: number): ReadinessBandName =>
  score >= READINESS_THRESHOLDS.ready
    ? 'Ready to Convert'
    : score >= READINESS_THRESHOLDS.warming
      ? 'Warming Up'
      : 'Early Stage';
/** High intent: readiness 80 or more (spec doc 2, section 5); the Engage button shows from there. */
export const HIGH_INTENT_READINESS = 80;

export const SIGNAL_TYPES = ['engagement', 'intent', 'hesitation', 'friction'] as const;
export const signalTypeSchema = z.enum(SIGNAL_TYPES);
export type SignalTypeName = z.infer<typeof signalTypeSchema>;

/** The session's key signals as the Session entity names them (spec doc 2, section 3). Absent: not measured. */
export const sessionSignalsSchema = z.object({
  /** Mean scroll speed, px/s. */
  scroll_velocity: z.number().optional(),
  /** Mean time the pointer rested on a call to action, seconds. */
  cta_hover_time: z.number().optional(),
  /** Form focus, blur, submit and abandon events. */
  form_interactions: z.number().optional(),
  /** Back-and-forth scrolling and hovering without clicking. */
  hesitation_loops: z.number().optional(),
  /** Page views of a path already seen this session. */
  page_revisits: z.number().optional(),
  /** Clicks per minute of the session. */
  click_cadence: z.number().optional(),
  /** Seconds marked elements were in view. */
  viewport_engagement: z.number().optional(),
});
export type SessionSignals = z.infer<typeof sessionSignalsSchema>;

/** One of the 27 catalogue signals measured for a session. */
export const signalMeasurementSchema = z.object({
  name: z.string(),
  type: signalTypeSchema,
  /** Null: the session has none of the events this signal reads. */
  value: z.number().nullable(),
  unit: z.string(),
  description: z.string(),
});
export type SignalMeasurement = z.infer<typeof signalMeasurementSchema>;

/** One input's share of a score: signed log-odds it added to the conversion model's answer. */
export const scoreContributionSchema = z.object({
  feature: z.string(),
  label: z.string(),
  /** The input's value for this session (null when not known). */
  value: z.number().nullable(),
  /** Signed contribution in log-odds: positive raised the probability. */
  weight: z.number(),
});
export type ScoreContribution = z.infer<typeof scoreContributionSchema>;

/** Which fitted model produced a score. */
export const readinessModelInfoSchema = z.object({
  kind: z.enum(['prior', 'business']),
  /** e.g. 'UCI online-shoppers prior' or 'fitted on this business's 1,240 sessions'. */
  label: z.string(),
  fitted_at: z.string(),
  sessions: z.number().int(),
  conversions: z.number().int(),
  uses_page_value: z.boolean(),
});
export type ReadinessModelInfo = z.infer<typeof readinessModelInfoSchema>;

export const readinessScoreSchema = z.object({
  session_id: z.string(),
  readiness_score: z.number(),
  conversion_probability: z.number(),
  band: readinessBandSchema,
  /** The inputs that moved the score most, strongest first. */
  top_signals: z.array(scoreContributionSchema),
  model: readinessModelInfoSchema,
  scored_at: z.string(),
  /** Events folded into this score. */
  events_scored: z.number().int(),
});
export type ReadinessScoreResult = z.infer<typeof readinessScoreSchema>;

export const neuromindEvidenceSchema = z.object({
  kind: z.enum(['signal', 'page_type']),
  /** A signal name or a page type. */
  name: z.string(),
  value: z.number(),
  /** A sentence a person can read, with the numbers. */
  detail: z.string(),
});
export type NeuromindEvidence = z.infer<typeof neuromindEvidenceSchema>;

export const neuromindProfileResultSchema = z.object({
  session_id: z.string(),
  neuromind_profile: neuromindProfileSchema,
  /** The winner's probability. */
  confidence: z.number(),
  probabilities: z.array(z.object({ profile: neuromindProfileSchema, probability: z.number() })),
  evidence: z.array(neuromindEvidenceSchema),
  classified_at: z.string(),
});
export type NeuromindProfileResult = z.infer<typeof neuromindProfileResultSchema>;

export const sessionBehavioralSignalsSchema = z.object({
  session_id: z.string(),
  signals: z.array(signalMeasurementSchema),
  key_signals: sessionSignalsSchema,
  events_scored: z.number().int(),
});
export type SessionBehavioralSignals = z.infer<typeof sessionBehavioralSignalsSchema>;

// ───────────────────────── Conversion Spy Engine ─────────────────────────

export const INTELLIGENCE_TIME_FRAMES = ['1h', '24h', '7d', '30d'] as const;
export const intelligenceTimeFrameSchema = z.enum(INTELLIGENCE_TIME_FRAMES);
export type IntelligenceTimeFrame = z.infer<typeof intelligenceTimeFrameSchema>;

/** The Session entity of spec doc 2, section 3, as the live sessions read returns it. */
export const liveSessionSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  business_id: z.string(),
  visitor_id: z.string(),
  /** Absent until the session has been classified. */
  neuromind_profile: neuromindProfileSchema.optional(),
  profile_confidence: z.number().optional(),
  readiness_score: z.number().optional(),
  conversion_probability: z.number().optional(),
  band: readinessBandSchema.optional(),
  start_time: z.string(),
  /** Absent while the session is active (spec: absent means active). */
  end_time: z.string().optional(),
  last_event_time: z.string(),
  /** Seconds from the first to the last event. */
  duration_seconds: z.number(),
  /** Traffic source as ingestion derived it (direct when there was no referrer or campaign). */
  source: z.string(),
  device_type: z.string().optional(),
  browser: z.string().optional(),
  current_page: z.string().optional(),
  events_count: z.number().int(),
  page_views: z.number().int(),
  conversions: z.number().int(),
  behavioral_signals: sessionSignalsSchema,
  top_signals: z.array(scoreContributionSchema),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

export const liveSessionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(200, 'limit must be at most 200').default(50),
  time_filter: intelligenceTimeFrameSchema.default('24h'),
});

export const liveSessionsSummarySchema = z.object({
  /** Sessions without an end in the window. */
  active_sessions: z.number().int(),
  sessions: z.number().int(),
  scored_sessions: z.number().int(),
  /** Null when no session in the window has a score yet. */
  avg_readiness_score: z.number().nullable(),
  high_intent_users: z.number().int(),
  avg_conversion_probability: z.number().nullable(),
});
export type LiveSessionsSummary = z.infer<typeof liveSessionsSummarySchema>;

export const liveSessionsResponseSchema = z.object({
  sessions: z.array(liveSessionSchema),
  total: z.number().int(),
  summary: liveSessionsSummarySchema,
  time_filter: intelligenceTimeFrameSchema,
  generated_at: z.string(),
});
export type LiveSessionsResponse = z.infer<typeof liveSessionsResponseSchema>;

/** Where an insight's figures come from: each one a named metric and its value. */
export const insightEvidenceSchema = z.object({ metric: z.string(), value: z.number() });

/** Insight (sessions screen, spec doc 2 section 3): every figure in it is in `evidence`. */
export const behavioralInsightSchema = z.object({
  id: z.string(),
  type: z.enum(['opportunity', 'warning', 'info']),
  title: z.string(),
  description: z.string(),
  user_count: z.number().int(),
  action_items: z.array(z.string()),
  evidence: z.array(insightEvidenceSchema),
  profile: neuromindProfileSchema.optional(),
});
export type BehavioralInsight = z.infer<typeof behavioralInsightSchema>;

export const behavioralInsightsQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be 1 or more').max(90, 'days must be at most 90').default(30),
});
export const behavioralInsightsResponseSchema = z.object({
  insights: z.array(behavioralInsightSchema),
  days: z.number().int(),
  sessions_analyzed: z.number().int(),
  generated_at: z.string(),
});
export type BehavioralInsightsResponse = z.infer<typeof behavioralInsightsResponseSchema>;

/** The session journey for the Details modal: real pages, events and friction points. */
export const sessionJourneySchema = z.object({
  session_id: z.string(),
  journey_path: z.array(
    z.object({ url: z.string(), title: z.string().nullable(), page_type: z.string(), at: z.string() }),
  ),
  events: z.array(
    z.object({
      timestamp: z.string(),
      event_type: z.string(),
      element_id: z.string().nullable(),
      /** Milliseconds, where the event has a duration. */
      duration: z.number().nullable(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
  friction_points: z.array(
    z.object({ kind: z.string(), description: z.string(), at: z.string(), page: z.string().nullable() }),
  ),
  events_truncated: z.boolean(),
});
export type SessionJourney = z.infer<typeof sessionJourneySchema>;

// ───────────────────────── Behavioral Signal Graph ─────────────────────────

export const PATTERN_TYPES = ['high_intent', 'abandonment_risk', 'comparison_shopping', 'price_sensitive'] as const;
export const patternTypeSchema = z.enum(PATTERN_TYPES);

export const signalSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: signalTypeSchema,
  /** 0-1: the median session's value against the strongest sessions of the window. */
  strength: z.number(),
  /** Sessions in the window where the signal was present. */
  frequency: z.number().int(),
  /** 0-1: how strongly its presence goes with conversion in the window. */
  impact_score: z.number(),
  trend: z.enum(['increasing', 'decreasing', 'stable']),
  description: z.string(),
});
export type SignalSummary = z.infer<typeof signalSummarySchema>;

export const behaviorPatternSchema = z.object({
  id: z.string(),
  name: z.string(),
  signals: z.array(z.string()),
  /** -1..1: the correlation between matching the pattern and converting, over the window's sessions. */
  conversion_correlation: z.number(),
  user_count: z.number().int(),
  pattern_type: patternTypeSchema,
  /** The analysis text shown when a card is expanded; cites its numbers. */
  description: z.string(),
  conversion_rate: z.number().nullable(),
});
export type BehaviorPattern = z.infer<typeof behaviorPatternSchema>;

export const signalFlowSchema = z.object({
  from_signal: z.string(),
  to_signal: z.string(),
  transition_probability: z.number(),
  /** Seconds. */
  avg_time_between: z.number(),
  user_count: z.number().int(),
});
export type SignalFlow = z.infer<typeof signalFlowSchema>;

export const behavioralSignalsQuerySchema = z.object({ time_range: intelligenceTimeFrameSchema.default('24h') });
export const behavioralSignalsResponseSchema = z.object({
  signals: z.array(signalSummarySchema),
  patterns: z.array(behaviorPatternSchema),
  flows: z.array(signalFlowSchema),
  summary: z.object({
    active_signals: z.number().int(),
    pattern_matches: z.number().int(),
    high_impact_signals: z.number().int(),
    signal_flows: z.number().int(),
  }),
  sessions_analyzed: z.number().int(),
  time_range: intelligenceTimeFrameSchema,
  generated_at: z.string(),
});
export type BehavioralSignalsResponse = z.infer<typeof behavioralSignalsResponseSchema>;

// ───────────────────────── Engage and Take Action ─────────────────────────

export const ENGAGEMENT_ACTION_KINDS = ['engage', 'take_action'] as const;
export const ENGAGEMENT_ACTION_STATUSES = ['recorded', 'delivered', 'failed', 'cancelled'] as const;

export const createEngagementActionSchema = z
  .object({
    kind: z.enum(ENGAGEMENT_ACTION_KINDS),
    session_id: sessionIdParam.optional(),
    insight_id: z.string().min(1).max(200).optional(),
    title: z.string().trim().min(1, 'title is required').max(200, 'title must be at most 200 characters'),
    action_items: z.array(z.string().max(500)).max(20, 'at most 20 action items').default([]),
    note: z.string().max(2000, 'note must be at most 2000 characters').optional(),
  })
  .refine((b) => b.kind !== 'engage' || b.session_id, {
    message: 'session_id is required to engage a visitor',
    path: ['session_id'],
  })
  .refine((b) => b.kind !== 'take_action' || b.insight_id, {
    message: 'insight_id is required to act on an insight',
    path: ['insight_id'],
  });
export type CreateEngagementAction = z.input<typeof createEngagementActionSchema>;

export const engagementActionSchema = z.object({
  id: z.string(),
  kind: z.enum(ENGAGEMENT_ACTION_KINDS),
  status: z.enum(ENGAGEMENT_ACTION_STATUSES),
  session_id: z.string().nullable(),
  insight_id: z.string().nullable(),
  title: z.string(),
  action_items: z.array(z.string()),
  note: z.string().nullable(),
  /** Why the action is in its status, e.g. that on-site delivery is not set up yet. */
  status_detail: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  history: z.array(z.object({ status: z.enum(ENGAGEMENT_ACTION_STATUSES), at: z.string(), detail: z.string() })),
});
export type EngagementAction = z.infer<typeof engagementActionSchema>;

export const engagementActionsQuerySchema = z.object({
  session_id: sessionIdParam.optional(),
  insight_id: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const engagementActionsResponseSchema = z.object({ actions: z.array(engagementActionSchema) });

/** What an action says while nothing delivers to the visitor's browser yet. */
export const ON_SITE_DELIVERY_NOT_SET_UP =
  'Recorded. On-site delivery to the visitor is not set up yet, so nothing was shown on the website.';

// ───────────────────────── live push (Server-Sent Events) ─────────────────────────

/** `GET /api/v1/analytics/live-sessions/stream`: one `session` event per scored change. */
export const liveSessionEventSchema = z.object({
  session_id: z.string(),
  readiness_score: z.number().optional(),
  neuromind_profile: neuromindProfileSchema.optional(),
  events_count: z.number().int(),
  /** Epoch ms of the newest event folded: the push latency is measured from it. */
  last_event_ms: z.number(),
  scored_ms: z.number(),
});
export type LiveSessionEvent = z.infer<typeof liveSessionEventSchema>;

// ───────────────────────── batch scoring, score lists, profile insights ─────────────────────────

export const batchCalculateReadinessBodySchema = z.object({
  session_ids: z
    .array(sessionIdParam)
    .min(1, 'session_ids must list at least one session')
    .max(500, 'session_ids may list at most 500 sessions'),
});
export const batchCalculateReadinessResponseSchema = z.object({
  results: z.array(
    z.object({
      session_id: z.string(),
      readiness_score: z.number().optional(),
      conversion_probability: z.number().optional(),
      band: readinessBandSchema.optional(),
      /** Why there is no score: unknown session, or no page view yet. */
      error: z.string().optional(),
    }),
  ),
});

export const readinessScoresQuerySchema = z.object({
  time_range: intelligenceTimeFrameSchema.default('24h'),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(500, 'limit must be at most 500').default(50),
});
export const readinessScoresResponseSchema = z.object({
  scores: z.array(
    z.object({
      session_id: z.string(),
      readiness_score: z.number(),
      conversion_probability: z.number(),
      band: readinessBandSchema,
      neuromind_profile: neuromindProfileSchema.optional(),
      scored_at: z.string(),
    }),
  ),
  distribution: z.object({ ready: z.number().int(), warming: z.number().int(), early: z.number().int() }),
  avg_readiness_score: z.number().nullable(),
  scored_sessions: z.number().int(),
  time_range: intelligenceTimeFrameSchema,
});

export const profileInsightsQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be 1 or more').max(90, 'days must be at most 90').default(30),
});
export const profileInsightsResponseSchema = z.object({
  profile_type: neuromindProfileSchema,
  meaning: z.string(),
  days: z.number().int(),
  sessions: z.number().int(),
  /** Share of the business's classified sessions in the window. */
  share: z.number().nullable(),
  avg_readiness_score: z.number().nullable(),
  conversion_rate: z.number().nullable(),
  insights: z.array(behavioralInsightSchema),
});
export type ProfileInsightsResponse = z.infer<typeof profileInsightsResponseSchema>;
