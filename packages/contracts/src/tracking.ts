import { z } from 'zod';
import { timeRangeSchema } from './time-range.js';

/** The optional capture features a site owner can switch on in the snippet (spec doc 3, section 3). */
export const TRACKING_FEATURES = [
  'page_view_tracking',
  'click_tracking',
  'scroll_tracking',
  'form_tracking',
  'cta_hover_tracking',
  'mouse_movement_tracking',
  'viewport_engagement',
  'hesitation_detection',
  'behavioral_signals',
] as const;
export const trackingFeatureSchema = z.enum(TRACKING_FEATURES);
export type TrackingFeature = z.infer<typeof trackingFeatureSchema>;

export const TRACKING_DEFAULTS = { batchSize: 10, flushInterval: 5000, sessionTimeout: 1_800_000 } as const;

/** Ingestion limits: a body over the byte limit answers 413, the others 400. */
export const INGEST_LIMITS = {
  maxBodyBytes: 512 * 1024,
  maxEventsPerBatch: 500,
  maxEventBytes: 32 * 1024,
  /**
   * The largest value a browser may claim for one conversion: larger sales are recorded by the payment
   * integration, which can vouch for them (decision 0017).
   */
  maxConversionValue: 1_000_000,
} as const;

// ───────────────────────── wire format: SDK → POST /api/v1/tracking/batch-events ─────────────────────────
// Sent as `text/plain` JSON so a browser needs no CORS preflight. Every event carries its own UUID:
// a retried batch cannot duplicate anything.

/**
 * Event types the SDK sends. Wire v2 sends an event's type as its index in this array: the order is part of
 * the wire format. Append new types at the end; never reorder or remove one.
 */
export const WIRE_EVENT_TYPES = [
  'page_view', // data: { path, ref?, spa?, revisit? }     (the current SDK sends ref only; the server adds the rest)
  'click', // data: { x, y, cta?, text?, href? }        el: element descriptor
  'rage_click', // data: { count }                          el
  'scroll', // data: { depth (0-100, max so far), velocity? (px/s while scrolling), dir_changes }
  //           (the current SDK sends dist (px) and dur (ms spent scrolling); the server divides)
  'cta_hover', // data: { dur (ms), clicked }              el (the current SDK sends dur; the server adds clicked)
  'form_interaction', // data: { action: focus|blur|submit|abandon, field?, form?, dur? }  never a value
  'mouse_movement', // data: { moves, dist (px), samples: [[x,y,t]] }
  'viewport', // data: { dur (ms), ratio }                 el (marked element)
  'hesitation', // data: { kind: hover_no_click|scroll_back_forth, dur? }  el?
  'page_hide', // data: { active_ms, total_ms, depth }   a page's summary when it is left
  'conversion', // data: { name?, value?, currency? }
  'custom', // data: anything small
] as const;
export const wireEventTypeSchema = z.enum(WIRE_EVENT_TYPES);
export type WireEventType = z.infer<typeof wireEventTypeSchema>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when a string is a UUID in its canonical 8-4-4-4-12 hex form (any case). */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
const uuid = z.string().regex(UUID_PATTERN, 'must be a UUID');
const boundedText = (max: number) => z.string().max(max);

export const wireEventSchema = z.object({
  /** Client-made UUID; (business, id) is unique, so retries are idempotent. */
  id: uuid,
  type: wireEventTypeSchema,
  /** Client clock, epoch milliseconds. The server corrects skew with `sent_at`. */
  ts: z.number().int().nonnegative(),
  url: boundedText(2048).optional(),
  title: boundedText(512).optional(),
  /** A short element descriptor such as `button#buy.cta` or `[data-ri=pricing]`; never text a user typed. */
  el: boundedText(256).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type WireEvent = z.infer<typeof wireEventSchema>;

export const wireContextSchema = z.object({
  /** document.referrer of the landing page. */
  referrer: boundedText(2048).optional(),
  utm_source: boundedText(256).optional(),
  utm_medium: boundedText(256).optional(),
  utm_campaign: boundedText(256).optional(),
  utm_term: boundedText(256).optional(),
  utm_content: boundedText(256).optional(),
  fbclid: boundedText(512).optional(),
  gclid: boundedText(512).optional(),
  lang: boundedText(35).optional(),
  tz: boundedText(64).optional(),
  screen_w: z.number().int().nonnegative().max(100_000).optional(),
  screen_h: z.number().int().nonnegative().max(100_000).optional(),
  viewport_w: z.number().int().nonnegative().max(100_000).optional(),
  viewport_h: z.number().int().nonnegative().max(100_000).optional(),
});
export type WireContext = z.infer<typeof wireContextSchema>;

export const wireBatchSchema = z.object({
  v: z.literal(1),
  tracking_id: boundedText(64),
  /**
   * The SDK's session. Absent: the server assigns sessions from the visitor's event times and derives the
   * events the SDK then leaves to it (rage clicks, hesitations, revisit flags, focus times; decision 0012).
   */
  session_id: uuid.optional(),
  visitor_id: uuid,
  /** Client clock when the batch left, epoch milliseconds. */
  sent_at: z.number().int().nonnegative(),
  context: wireContextSchema.optional(),
  events: z.array(z.unknown()),
});
export type WireBatch = Omit<z.infer<typeof wireBatchSchema>, 'events'> & { events: WireEvent[] };

export const ingestResponseSchema = z.object({
  /** Events stored by this request (duplicates of earlier deliveries are not counted). */
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /**
   * For a batch without a session id: the sessions the server assigned its newly stored events to (empty
   * when all were duplicates).
   */
  sessions: z.array(z.string()).optional(),
  /** True when the request came from a known bot: answered, counted, not stored. */
  bot: z.boolean().optional(),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

// ───────────────────────── the tracking script (authenticated, per business) ─────────────────────────

export const trackingCustomizationSchema = z.object({
  batchSize: z
    .number()
    .int()
    .min(1, 'batchSize must be at least 1')
    .max(100, 'batchSize must be at most 100')
    .default(10),
  flushInterval: z.number().int().min(1000, 'flushInterval must be at least 1000 ms').max(60_000).default(5000),
  sessionTimeout: z
    .number()
    .int()
    .min(60_000, 'sessionTimeout must be at least 60000 ms')
    .max(86_400_000)
    .default(1_800_000),
});

export const generateScriptBodySchema = z.object({
  features: z
    .array(trackingFeatureSchema)
    .max(TRACKING_FEATURES.length)
    .default([...TRACKING_FEATURES]),
  customization: trackingCustomizationSchema.default({ ...TRACKING_DEFAULTS }),
  /** 'full' adds enhanced processing, automatic conversion posting and PII sanitising. */
  mode: z.enum(['standard', 'full']).default('standard'),
  /** Origins allowed to send events, e.g. https://shop.example; defaults to the business website's origin. */
  allowed_origins: z
    .array(z.string().url('each allowed origin must be a URL such as https://shop.example'))
    .max(50)
    .optional(),
  /** Honour Do-Not-Track and Global Privacy Control (default true). */
  respect_dnt: z.boolean().default(true),
  /** CSS selectors that count as calls to action, on top of the defaults. */
  cta_selectors: z.array(z.string().max(200)).max(30).default([]),
});
export type GenerateScriptBody = z.input<typeof generateScriptBodySchema>;
/** The validated body, defaults applied. */
export type GenerateScriptSettings = z.output<typeof generateScriptBodySchema>;

export const trackingConfigSchema = z.object({
  trackingId: z.string(),
  apiEndpoint: z.string(),
  sdkBase: z.string(),
  features: z.array(trackingFeatureSchema),
  isPersistent: z.boolean(),
  customization: z.object({ batchSize: z.number(), flushInterval: z.number(), sessionTimeout: z.number() }),
  mode: z.enum(['standard', 'full']),
  allowed_origins: z.array(z.string()),
  respect_dnt: z.boolean(),
  cta_selectors: z.array(z.string()),
  /** The ready-to-paste HTML. */
  snippet: z.string(),
});
export type TrackingConfig = z.infer<typeof trackingConfigSchema>;

export const testScriptBodySchema = z.object({
  tracking_id: z.string().min(1, 'tracking_id is required'),
  website_url: z.string().url('website_url must be a full URL such as https://shop.example'),
});
export const testScriptResponseSchema = z.object({
  test_status: z.enum(['success', 'no_events', 'origin_not_allowed']),
  message: z.string(),
  events_received: z.number().int(),
  last_event_at: z.string().nullable(),
});
export type TestScriptResponse = z.infer<typeof testScriptResponseSchema>;

export const validateSetupResponseSchema = z.object({
  tracking_id: z.string().nullable(),
  configured: z.boolean(),
  allowed_origins: z.array(z.string()),
  events_last_24h: z.number().int(),
  bot_requests_last_24h: z.number().int(),
  last_event_at: z.string().nullable(),
});
export type ValidateSetupResponse = z.infer<typeof validateSetupResponseSchema>;

// ───────────────────────── session admin (spec doc 3, sections 2.7, 2.8, 3) ─────────────────────────

export const ADMIN_PAGE_SIZE = 50;

export const adminSessionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be at most 200').default(ADMIN_PAGE_SIZE),
  status_filter: z.enum(['all', 'active', 'completed']).default('all'),
  time_range: timeRangeSchema.default('24h'),
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const sessionListItemSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  tracking_id: z.string(),
  visitor_id: z.string(),
  page_url: z.string().nullable(),
  page_title: z.string().nullable(),
  device_type: z.string().nullable(),
  browser: z.string().nullable(),
  duration: z.number(),
  events_count: z.number().int(),
  is_active: z.boolean(),
  start_time: z.string(),
  /** Why the session looks forged (decision 0017): flagged, left out of model refits. Absent when it does not. */
  suspect: z.string().nullable().optional(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  has_prev: z.boolean(),
  has_next: z.boolean(),
});
export const adminSessionsResponseSchema = z.object({
  sessions: z.array(sessionListItemSchema),
  pagination: paginationSchema,
});
export type AdminSessionsResponse = z.infer<typeof adminSessionsResponseSchema>;

export const adminStatsQuerySchema = z.object({ time_range: timeRangeSchema.default('24h') });
export const sessionStatsSchema = z.object({
  total_sessions: z.number().int(),
  active_sessions: z.number().int(),
  total_events: z.number().int(),
  /** Seconds. */
  avg_session_duration: z.number(),
  top_pages: z.array(z.object({ url: z.string(), title: z.string().nullable(), views: z.number().int() })),
  device_breakdown: z.array(z.object({ device_type: z.string(), sessions: z.number().int() })),
  bot_requests: z.number().int(),
});
export type SessionStats = z.infer<typeof sessionStatsSchema>;

export const ADMIN_EVENT_TYPES = [
  'page_view',
  'click',
  'scroll',
  'hover',
  'form_interaction',
  'mouse_movement',
] as const;

export const sessionEventSchema = z.object({
  id: z.string(),
  /** The wire type (page_view, click, rage_click, scroll, cta_hover, …). */
  event_type: z.string(),
  element_id: z.string().nullable(),
  page_url: z.string().nullable(),
  timestamp: z.string(),
  duration: z.number().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

export const sessionDetailSchema = z.object({
  id: z.string(),
  /** Why the session looks forged (decision 0017), as in the list. */
  suspect: z.string().nullable().optional(),
  business_id: z.string(),
  tracking_id: z.string(),
  visitor_id: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  is_active: z.boolean(),
  /** Seconds. */
  duration: z.number(),
  total_events: z.number().int(),
  total_pages: z.number().int(),
  clicks: z.number().int(),
  primary_page_url: z.string().nullable(),
  primary_page_title: z.string().nullable(),
  source: z.string(),
  device_info: z.object({
    device_type: z.string().nullable(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    location: z.string().nullable(),
    referrer: z.string().nullable(),
  }),
  pages_visited: z.array(
    z.object({
      url: z.string(),
      title: z.string().nullable(),
      visit_count: z.number().int(),
      time_spent: z.number(),
      events_count: z.number().int(),
    }),
  ),
  session_quality: z.object({
    engagement_score: z.number(),
    interaction_diversity: z.number(),
    page_depth: z.number(),
    time_quality: z.enum(['high', 'medium', 'low']),
  }),
  utm_data: z.record(z.string(), z.string()),
  traffic_sources: z.array(z.string()),
  engagement_metrics: z.object({
    events_per_minute: z.number(),
    scroll_depth: z.number(),
    click_rate: z.number(),
    form_engagement: z.number(),
    mouse_activity: z.number(),
    unique_elements_interacted: z.number().int(),
  }),
  page_transitions: z.array(z.object({ timestamp: z.string(), from: z.string().nullable(), to: z.string() })),
  event_breakdown: z.record(z.string(), z.number().int()),
  time_on_elements: z.array(z.object({ element: z.string(), duration: z.number() })),
  events: z.array(sessionEventSchema),
  /** True when the session has more events than `events` carries. */
  events_truncated: z.boolean(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

export const SESSION_NOT_FOUND = 'Session not found or you do not have permission to view it';
