import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    industry: text('industry').notNull().default('other'),
    website: text('website').notNull().default(''),
    color: text('color').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('businesses_slug_key').on(t.slug)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_pkey_idx').on(t.userId, t.businessId),
    index('memberships_business_idx').on(t.businessId),
  ],
);

/** One row per sign-in: the refresh-token family. Revoking it ends every token of the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 digests; `usedAt` set means rotated away. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use e-mailed tokens (password reset, sign-up confirmation), stored as digests. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'confirm'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** Every e-mail the product writes, committed with the change that caused it, then delivered. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_messages_to_idx').on(sql`lower(${t.to})`), index('email_messages_status_idx').on(t.status)],
);

/** One tracking id per business: the public key its snippet sends, and the snippet's settings. */
export const trackingSites = pgTable(
  'tracking_sites',
  {
    trackingId: text('tracking_id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    features: text('features').array().notNull(),
    batchSize: integer('batch_size').notNull(),
    flushInterval: integer('flush_interval').notNull(),
    sessionTimeout: integer('session_timeout').notNull(),
    mode: text('mode', { enum: ['standard', 'full'] }).notNull(),
    allowedOrigins: text('allowed_origins').array().notNull(),
    respectDnt: boolean('respect_dnt').notNull().default(true),
    ctaSelectors: text('cta_selectors').array().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_sites_business_key').on(t.businessId)],
);

/** A visitor's session with running aggregates, updated in the same statement that stores its events. */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    trackingId: text('tracking_id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    timeoutMs: integer('timeout_ms').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    eventsCount: integer('events_count').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    rageClicks: integer('rage_clicks').notNull().default(0),
    maxScrollDepth: integer('max_scroll_depth').notNull().default(0),
    formInteractions: integer('form_interactions').notNull().default(0),
    formSubmits: integer('form_submits').notNull().default(0),
    ctaHovers: integer('cta_hovers').notNull().default(0),
    ctaHoverMs: bigint('cta_hover_ms', { mode: 'number' }).notNull().default(0),
    mouseMoves: integer('mouse_moves').notNull().default(0),
    hesitations: integer('hesitations').notNull().default(0),
    viewportMs: bigint('viewport_ms', { mode: 'number' }).notNull().default(0),
    activeMs: bigint('active_ms', { mode: 'number' }).notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    conversionValue: doublePrecision('conversion_value').notNull().default(0),
    firstUrl: text('first_url'),
    firstTitle: text('first_title'),
    lastUrl: text('last_url'),
    lastTitle: text('last_title'),
    deviceType: text('device_type'),
    browser: text('browser'),
    os: text('os'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    fbclid: text('fbclid'),
    gclid: text('gclid'),
    trafficSource: text('traffic_source').notNull().default('direct'),
    lang: text('lang'),
    timezone: text('timezone'),
    screenW: integer('screen_w'),
    screenH: integer('screen_h'),
    origin: text('origin'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // No index on last_event_at: it changes on every batch, and leaving it unindexed (with fillfactor 70,
    // set in the migration) lets PostgreSQL update the session in place (HOT) at ingestion rates.
    index('tracking_sessions_started_idx').on(t.businessId, t.startedAt),
    // Whether a visitor is returning (scoring asks on every session); visitor_id never changes, so HOT updates stay.
    index('tracking_sessions_visitor_idx').on(t.businessId, t.visitorId, t.startedAt),
  ],
);

/** Every stored event; (business, id) is unique so a retried delivery stores nothing twice. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    sessionId: uuid('session_id').notNull(),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    url: text('url'),
    title: text('title'),
    el: text('el'),
    data: jsonb('data'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('tracking_events_session_idx').on(t.businessId, t.sessionId, t.occurredAt),
    // Only page views are indexed by time (for top pages), so other events skip this index's write cost.
    index('tracking_events_page_views_idx').on(t.businessId, t.occurredAt).where(sql`${t.type} = 'page_view'`),
  ],
);

/**
 * Per visitor, what server-side sessions need between batches of an SDK that sends no session id: the
 * current session (id, first and last event time) and the state of the events derived from it (visited
 * paths, an open click burst, the last focus, scroll reversal anchors). Read and written under a per-visitor
 * lock in the transaction that stores the visitor's events (decision 0012).
 */
export const trackingVisitors = pgTable(
  'tracking_visitors',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').notNull(),
    state: jsonb('state').notNull(),
    /** Raised by one on every write of the state: a writer stores only over the version it read (0012). */
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.visitorId] })],
);

/** Requests from known bots: answered and counted per day, never stored as events. */
export const trackingBotCounts = pgTable(
  'tracking_bot_counts',
  {
    businessId: uuid('business_id').notNull(),
    day: date('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);

/**
 * What the behavioural engine knows about a session: the folded per-session states (signals, journey,
 * signal flows), the computed signals, the readiness score with its explanation and the Neuromind
 * profile. Kept apart from tracking_sessions so scoring never slows the ingestion row's in-place updates.
 */
export const sessionIntelligence = pgTable(
  'session_intelligence',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    /** Events the score reflects; equals tracking_sessions.events_count when up to date. */
    foldedEvents: integer('folded_events').notNull().default(0),
    /**
     * Events folded into the stored states. Under load the scorer keeps a busy session's states in memory
     * and stores them every few seconds, so this may lag folded_events; a scorer without the states in
     * memory folds from here (or refolds from the events when the counts do not meet).
     */
    stateEvents: integer('state_events').notNull().default(0),
    signalState: jsonb('signal_state').notNull(),
    journeyState: jsonb('journey_state').notNull(),
    flowState: jsonb('flow_state').notNull(),
    /** The catalogue signals by name (null: not measured). */
    signals: jsonb('signals').notNull(),
    readinessScore: doublePrecision('readiness_score'),
    conversionProbability: doublePrecision('conversion_probability'),
    contributions: jsonb('contributions'),
    modelKind: text('model_kind'),
    neuromindProfile: text('neuromind_profile'),
    profileConfidence: doublePrecision('profile_confidence'),
    profileProbabilities: jsonb('profile_probabilities'),
    profileEvidence: jsonb('profile_evidence'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.sessionId] })],
);

/** Engage and Take Action: what a business chose to do, with its status and history. */
export const engagementActions = pgTable(
  'engagement_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['engage', 'take_action'] }).notNull(),
    status: text('status', { enum: ['recorded', 'delivered', 'failed', 'cancelled'] }).notNull(),
    sessionId: uuid('session_id'),
    insightId: text('insight_id'),
    title: text('title').notNull(),
    actionItems: jsonb('action_items').notNull(),
    note: text('note'),
    statusDetail: text('status_detail').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    history: jsonb('history').notNull(),
  },
  (t) => [index('engagement_actions_business_idx').on(t.businessId, t.createdAt)],
);

/** A business's own page-type rules: pages whose path starts with `match` are of `page_type`. */
export const pageTypeOverrides = pgTable(
  'page_type_overrides',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** A path prefix, lower case, starting with '/'. The longest matching prefix wins. */
    match: text('match').notNull(),
    pageType: text('page_type').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.match] })],
);

/**
 * Per-page statistics from a business's history, recomputed periodically: what the page-value signal
 * and the pages' bounce and exit rates are read from (docs/scoring.md, "Per-business model").
 */
export const pageStats = pgTable(
  'page_stats',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** Page views. */
    views: integer('views').notNull(),
    /** Sessions that viewed the page (unique page views). */
    sessions: integer('sessions').notNull(),
    /** Sessions that started on the page, and those of them that viewed no other page. */
    entrances: integer('entrances').notNull(),
    bounces: integer('bounces').notNull(),
    /** Sessions whose last page view was this page. */
    exits: integer('exits').notNull(),
    /** Revenue of converting sessions that viewed the page before converting. */
    revenue: doublePrecision('revenue').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.path] })],
);

/** The readiness model fitted on a business's own sessions, or why it has none yet. */
export const businessModels = pgTable('business_models', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** 'active': scoring uses `model`; 'not_enough_data' or 'not_better': the prior is used, `reason` says why. */
  status: text('status', { enum: ['active', 'not_enough_data', 'not_better'] }).notNull(),
  model: jsonb('model'),
  sessions: integer('sessions').notNull(),
  conversions: integer('conversions').notNull(),
  /** Cross-validated figures of the business model and of the prior on the same sessions. */
  metrics: jsonb('metrics'),
  reason: text('reason').notNull(),
  fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
});
