import { z } from 'zod';
import { timeRangeSchema } from './time-range.js';
import { isUuid } from './tracking.js';

/** A session id in a body or query: a UUID. */
export const sessionIdSchema = z.string().refine(isUuid, 'session_id must be a UUID');

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

/**
 * The lowest readiness score of each upper band (spec doc 1, section 2.5): 80 or more is 'Ready to
 * Convert', 60 to under 80 'Warming Up', under 60 'Early Stage'. The one copy of the rule: the engine,
 * the web app and the server's SQL counts read it from here.
 */
export const READINESS_THRESHOLDS = { ready: 80, warming: 60 } as const;
/** The readiness bands, highest first. */
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
/**
 * High intent: readiness 80 or more (spec doc 2, section 5), which is the 'Ready to Convert' band; the
 * Engage button shows from there.
 */
export const HIGH_INTENT_READINESS = READINESS_THRESHOLDS.ready;

export const SIGNAL_TYPES = ['engagement', 'intent', 'hesitation', 'friction'] as const;
export const signalTypeSchema = z.enum(SIGNAL_TYPES);
export type SignalTypeName = z.infer<typeof signalTypeSchema>;

/** The session's key signals as the Session entity names them (spec doc 2, section 3). Absent: not measured. */
export const sessionSignalsSchema = z.object({
  /** Mean scroll speed, px/s. */
  scroll_velocity: z.number().optional(),
  /** Total time the pointer rested on calls to action this session (sum over hovers), seconds. */
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
  /** e.g. 'Prior fitted on the UCI Online Shoppers Purchasing Intention Dataset (CC BY 4.0)'. */
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
  /** Null while the session is not yet classified: `unclassified_reason` then says why. */
  neuromind_profile: neuromindProfileSchema.nullable(),
  /** Why the session is not classified yet (too little evidence, or no profile likely enough); null when it is. */
  unclassified_reason: z.string().nullable(),
  /** The profile's probability (the leading profile's while not yet classified). */
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

// ───────────────────────── batch scoring and score lists ───────────────────────────────────────

export const batchCalculateReadinessBodySchema = z.object({
  session_ids: z
    .array(sessionIdSchema)
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
export type BatchCalculateReadinessResponse = z.infer<typeof batchCalculateReadinessResponseSchema>;

export const readinessScoresQuerySchema = z.object({
  time_range: timeRangeSchema.default('24h'),
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
  time_range: timeRangeSchema,
});
export type ReadinessScoresResponse = z.infer<typeof readinessScoresResponseSchema>;
