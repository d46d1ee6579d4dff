import { z } from 'zod';
import {
  neuromindProfileSchema,
  readinessBandSchema,
  scoreContributionSchema,
  sessionSignalsSchema,
} from './intelligence.js';
import { timeRangeSchema } from './time-range.js';

// ───────────────────────── Conversion Spy Engine ─────────────────────────

/** The Session entity of spec doc 2, section 3, as the live sessions read returns it. */
export const liveSessionSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  business_id: z.string(),
  visitor_id: z.string(),
  /** Absent until the session has been classified. */
  neuromind_profile: neuromindProfileSchema.optional(),
  profile_confidence: z.number().optional(),
  /** Why a scored session is not classified yet (too little evidence, or no profile likely enough). */
  profile_unclassified_reason: z.string().optional(),
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
  time_filter: timeRangeSchema.default('24h'),
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
  time_filter: timeRangeSchema,
  generated_at: z.string(),
});
export type LiveSessionsResponse = z.infer<typeof liveSessionsResponseSchema>;

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
