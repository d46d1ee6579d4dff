import type { VisitorState } from '@ri/engine';
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

import { createdAt } from '../../db/columns.js';
import { businesses } from '../businesses/businesses.schema.js';

// Tracking: sites, sessions with running aggregates, events, visitor states, bot counts.

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
    /**
     * Conversions and their value as a payment integration vouches for them (a payment attributed to the
     * session), apart from what the browser claims above (decision 0017).
     */
    verifiedConversions: integer('verified_conversions').notNull().default(0),
    verifiedValue: doublePrecision('verified_value').notNull().default(0),
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
    /** A pseudonym of the network the session came from (the client address's /24 or /48), per business. */
    clientNet: text('client_net'),
    /** Why the session looks forged (decision 0017): shown on the admin screens, left out of training. */
    suspect: text('suspect'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // No index on last_event_at: it changes on every batch, and leaving it unindexed (with fillfactor 70,
    // set in the migration) lets PostgreSQL update the session in place (HOT) at ingestion rates.
    index('tracking_sessions_started_idx').on(t.businessId, t.startedAt),
    // Whether a visitor is returning (scoring asks on every session); visitor_id never changes, so HOT updates stay.
    index('tracking_sessions_visitor_idx').on(t.businessId, t.visitorId, t.startedAt),
    // The scoring sweep's recent sessions of every business: by (business, started_at) it walked the whole index
    // every 30 s (7 s at 5,000,000 sessions). started_at never changes, so HOT updates stay.
    index('tracking_sessions_recent_idx').on(t.startedAt),
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
    data: jsonb('data').$type<Record<string, unknown>>(),
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
 * paths, an open click burst, the last focus, scroll reversal anchors). Written by the statement that stores
 * the visitor's events, only over the version it was planned from; when that check fails, read and written
 * again under a per-visitor lock (decision 0012).
 */
export const trackingVisitors = pgTable(
  'tracking_visitors',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').notNull(),
    state: jsonb('state').$type<VisitorState>().notNull(),
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
