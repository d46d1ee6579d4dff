import { z } from 'zod';

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
} as const;

// ───────────────────────── wire format: SDK → POST /api/v1/tracking/batch-events ─────────────────────────
// Sent as `text/plain` JSON so a browser needs no CORS preflight. Every event carries its own UUID:
// a retried batch cannot duplicate anything.

/**
 * Event types the SDK sends. Wire v2 sends an event's type as its index in this array: the order is part of
 * the wire format. Append new types at the end; never reorder or remove one.
 */
export const WIRE_EVENT_TYPES = [
  'page_view', // data: { path, ref?, spa?, revisit? }
  'click', // data: { x, y, cta?, text?, href? }        el: element descriptor
  'rage_click', // data: { count }                          el
  'scroll', // data: { depth (0-100, max so far), velocity (px/s), dir_changes }
  'cta_hover', // data: { dur (ms), clicked }              el
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

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');
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
  session_id: uuid,
  visitor_id: uuid,
  /** Client clock when the batch left, epoch milliseconds. */
  sent_at: z.number().int().nonnegative(),
  context: wireContextSchema.optional(),
  events: z.array(z.unknown()),
});
export type WireBatch = Omit<z.infer<typeof wireBatchSchema>, 'events'> & { events: WireEvent[] };

// ───────────────────────── wire v2: the compact encoding the SDK sends ─────────────────────────
// The same batch as v1 with short names, so the browser SDK spells out fewer words (the script's gzip size
// is budgeted). The server expands a v2 body into v1 with `expandCompactBatch` before validating it, so
// `wireBatchSchema` and `wireEventSchema` stay the one definition of what is valid.
//
//   envelope  { v: 2, tracking_id, s: session_id, u: visitor_id, a: sent_at, c?: context, e: events }
//             tracking_id keeps its name: the ingest route reads it (site, allowed origins, rate limit)
//             before the body is expanded and validated
//   event     [id, type, ts, url?, title?, el?, data?]  positional; null or missing = absent
//             type: the index in WIRE_EVENT_TYPES (data keys expanded per WIRE_V2_DATA_KEYS), or the type's
//             name as a string (data sent as is: the escape for data whose keys would clash with short keys)
//   context   short keys per WIRE_V2_CONTEXT_KEYS; campaign parameters (utm_*, fbclid, gclid) keep their names
//   data      short keys per WIRE_V2_DATA_KEYS, for every type but `conversion` and `custom`, whose data is
//             the site owner's and always goes as is. Keys not in the table pass through unchanged.

/** Wire v2 context keys: short → v1 name. Keys not listed pass through unchanged. */
export const WIRE_V2_CONTEXT_KEYS = {
  r: 'referrer',
  l: 'lang',
  z: 'tz',
  sw: 'screen_w',
  sh: 'screen_h',
  vw: 'viewport_w',
  vh: 'viewport_h',
} as const satisfies Record<string, keyof WireContext>;

/**
 * Wire v2 data keys: short → v1 name, one table for every event type whose data the SDK writes (the types
 * using each key in the comments). Keys not listed (`x`, `y`) pass through unchanged.
 */
export const WIRE_V2_DATA_KEYS = {
  p: 'path', // page_view
  R: 'ref', // page_view
  S: 'spa', // page_view
  V: 'revisit', // page_view
  C: 'cta', // click
  t: 'text', // click
  h: 'href', // click
  N: 'count', // rage_click
  d: 'depth', // scroll, page_hide
  v: 'velocity', // scroll
  c: 'dir_changes', // scroll
  u: 'dur', // cta_hover, form_interaction, viewport, hesitation
  k: 'clicked', // cta_hover
  a: 'action', // form_interaction
  f: 'field', // form_interaction
  o: 'form', // form_interaction
  m: 'moves', // mouse_movement
  i: 'dist', // mouse_movement
  s: 'samples', // mouse_movement
  r: 'ratio', // viewport
  n: 'kind', // hesitation
  A: 'active_ms', // page_hide
  T: 'total_ms', // page_hide
} as const;

/** Types whose data is the site owner's (`RI('conversion', …)`, `RI('track', …)`): never renamed. */
const OWNER_DATA_TYPES: readonly string[] = ['conversion', 'custom'] satisfies WireEventType[];

/** A v2 event: `[id, type, ts, url?, title?, el?, data?]`. */
export type CompactWireEvent = [
  id: string,
  type: number | WireEventType,
  ts: number,
  url?: string | null,
  title?: string | null,
  el?: string | null,
  data?: Record<string, unknown> | null,
];
/** A v2 batch; `expandCompactBatch` turns it into the v1 `WireBatch`. */
export type CompactWireBatch = {
  v: 2;
  tracking_id: string;
  s: string;
  u: string;
  a: number;
  c?: Record<string, unknown>;
  e: CompactWireEvent[];
};

type Table = Readonly<Record<string, string>>;
const invert = (t: Table): Table => Object.fromEntries(Object.entries(t).map(([k, v]) => [v, k]));
const CONTEXT_TO_SHORT = invert(WIRE_V2_CONTEXT_KEYS);
const DATA_TO_SHORT = invert(WIRE_V2_DATA_KEYS);
const hasOwn = (t: object, k: string) => Object.hasOwn(t, k);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
// Object.fromEntries defines own properties, so a key such as `__proto__` stays data.
const rename = (o: Record<string, unknown>, t: Table) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [hasOwn(t, k) ? t[k]! : k, v]));
const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

const expandEvent = (e: unknown): unknown => {
  if (!Array.isArray(e)) return e;
  const [id, t, ts, url, title, el, data] = e as unknown[];
  const type = typeof t === 'number' ? (WIRE_EVENT_TYPES[t] ?? t) : t;
  const renamed =
    typeof t === 'number' && isRecord(data) && !OWNER_DATA_TYPES.includes(type as string)
      ? rename(data, WIRE_V2_DATA_KEYS)
      : data;
  // id, type and ts are required: kept even when missing, so validation names them.
  return { id, type, ts, ...present({ url, title, el, data: renamed }) };
};

/**
 * Turns a wire v2 body into the v1 batch it stands for (see the table above), or returns `body` unchanged
 * when it is not v2 (v1 bodies, anything malformed). Pure and total: whatever a v2 body holds, the result
 * is something `wireBatchSchema`/`wireEventSchema` accept or reject with a field named by its v1 path.
 */
export function expandCompactBatch(body: unknown): unknown {
  if (!isRecord(body) || body.v !== 2) return body;
  const { tracking_id, s, u, a, c, e } = body;
  const batch: Record<string, unknown> = { v: 1, tracking_id, session_id: s, visitor_id: u, sent_at: a };
  if (c !== undefined) batch.context = isRecord(c) ? rename(c, WIRE_V2_CONTEXT_KEYS) : c;
  batch.events = Array.isArray(e) ? e.map(expandEvent) : e;
  return batch;
}

/**
 * Encodes a valid v1 batch (as `wireBatchSchema` and `wireEventSchema` parse it) as v2;
 * `expandCompactBatch(compactBatch(b))` deep-equals `b`, also after a JSON round trip.
 */
export function compactBatch(batch: WireBatch): CompactWireBatch {
  const out: CompactWireBatch = {
    v: 2,
    tracking_id: batch.tracking_id,
    s: batch.session_id,
    u: batch.visitor_id,
    a: batch.sent_at,
    e: batch.events.map((e) => {
      let type: number | WireEventType = WIRE_EVENT_TYPES.indexOf(e.type);
      let data = e.data;
      if (data && !OWNER_DATA_TYPES.includes(e.type)) {
        // A key that is not in the table but reads as a short key would be renamed on the way back.
        if (Object.keys(data).some((k) => !hasOwn(DATA_TO_SHORT, k) && hasOwn(WIRE_V2_DATA_KEYS, k))) type = e.type;
        else data = rename(data, DATA_TO_SHORT);
      }
      const event: CompactWireEvent = [e.id, type, e.ts, e.url ?? null, e.title ?? null, e.el ?? null, data ?? null];
      while (event.length > 3 && event[event.length - 1] == null) event.pop();
      return event;
    }),
  };
  if (batch.context) out.c = rename(batch.context, CONTEXT_TO_SHORT);
  return out;
}

export const ingestResponseSchema = z.object({
  /** Events stored by this request (duplicates of earlier deliveries are not counted). */
  accepted: z.number().int(),
  duplicates: z.number().int(),
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

// ───────────────────────── session admin (spec doc 3, sections 2.7, 2.8, 3) ─────────────────────────

export const ADMIN_TIME_RANGES = ['1h', '24h', '7d', '30d'] as const;
export const adminTimeRangeSchema = z.enum(ADMIN_TIME_RANGES);
export type AdminTimeRange = z.infer<typeof adminTimeRangeSchema>;
export const ADMIN_PAGE_SIZE = 50;

export const adminSessionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(200, 'limit must be at most 200').default(ADMIN_PAGE_SIZE),
  status_filter: z.enum(['all', 'active', 'completed']).default('all'),
  time_range: adminTimeRangeSchema.default('24h'),
});

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

export const adminStatsQuerySchema = z.object({ time_range: adminTimeRangeSchema.default('24h') });
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
