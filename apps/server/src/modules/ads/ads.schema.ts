import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.schema.js';

// Ad Intelligence's rollups (decision 0026): what the synced ad data and the tracked sessions add up to, kept as
// data arrives so a read sums a few thousand narrow rows instead of scanning vendor rows and sessions. Every table is
// derived: dropping one loses nothing, the next refresh builds it again.

const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const minor = (name: string) => bigint(name, { mode: 'number' });
/** An ad set whose daily budget a budget change sets: its Meta id, name and daily budget in minor units. */
export type BudgetTargetRow = { id: string; name: string | null; daily_budget_minor: number };
const count = (name: string) => bigint(name, { mode: 'number' });

/** Figures every platform reports per ad and day (money in the account currency's minor units). */
const delivery = () => ({
  spendMinor: minor('spend_minor').notNull().default(0),
  impressions: count('impressions').notNull().default(0),
  clicks: count('clicks').notNull().default(0),
  /** Conversions and their value as the platform claims them (Meta: purchases; Google: conversions). */
  platformConversions: doublePrecision('platform_conversions').notNull().default(0),
  platformRevenueMinor: minor('platform_revenue_minor').notNull().default(0),
});

/** Per business: what changed since the rollups were last brought up to date, and when that was. */
export const adRefreshState = pgTable('ad_refresh_state', {
  businessId: businessId().primaryKey(),
  /** A Meta or Google sync stored pages since the last refresh (or nothing was ever built). */
  adsDirty: boolean('ads_dirty').notNull().default(true),
  /** Sessions started on or after this day changed (events, scores); null when none did. */
  sessionsDirtyFrom: date('sessions_dirty_from', { mode: 'string' }),
  /** A Stripe sync stored pages since the last refresh. */
  chargesDirty: boolean('charges_dirty').notNull().default(false),
  /** Raised by every mark of its kind: a refresh clears only the marks it saw. */
  adsSeq: bigint('ads_seq', { mode: 'number' }).notNull().default(0),
  sessionsSeq: bigint('sessions_seq', { mode: 'number' }).notNull().default(0),
  chargesSeq: bigint('charges_seq', { mode: 'number' }).notNull().default(0),
  /** The day the window totals end on (UTC): a new day moves every window. */
  windowsAsOf: date('windows_as_of', { mode: 'string' }),
  /** Vendor rows synced after this were not yet rolled up. */
  adsWatermark: timestamp('ads_watermark', { withTimezone: true }),
  chargesWatermark: timestamp('charges_watermark', { withTimezone: true }),
  /** Whether the sessions' rollups were ever built (the first build reads every session). */
  sessionsBuilt: boolean('sessions_built').notNull().default(false),
  /** The currency payments are counted in as revenue (the Stripe account's, else the ad accounts'). */
  revenueCurrency: text('revenue_currency'),
  /** Raised by every refresh that changed something: cached answers of an older version are stale. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});

/** Every campaign of the connected ad platforms, as one shape; `id` is the API's `${platform}_${vendorId}`. */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    businessId: businessId(),
    id: text('id').notNull(),
    platform: text('platform').$type<'facebook' | 'google'>().notNull(),
    vendorId: text('vendor_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<'active' | 'paused' | 'completed'>().notNull(),
    /** ISO 4217, upper case. */
    currency: text('currency').notNull(),
    /** Minor units in one major unit, as the platform counts them (Meta's offsets, Google's exponents). */
    minorPerMajor: integer('minor_per_major').notNull(),
    dailyBudgetMinor: minor('daily_budget_minor'),
    lifetimeBudgetMinor: minor('lifetime_budget_minor'),
    budgetLevel: text('budget_level').$type<'campaign' | 'adset'>(),
    /** The platform object whose daily budget `daily_budget_minor` is (the campaign, or its one ad set), else null. */
    budgetTargetId: text('budget_target_id'),
    /**
     * A Meta campaign whose budgets are set on its ad sets: each active ad set with a daily budget (minor units),
     * by name; `daily_budget_minor` is their sum. Null for campaign budgets and Google.
     */
    budgetTargets: jsonb('budget_targets').$type<BudgetTargetRow[]>(),
    /** The utm_campaign a Google campaign's links carry (Meta's are on its ads' creatives). */
    utmCampaign: text('utm_campaign'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    firstDelivery: date('first_delivery', { mode: 'string' }),
    lastDelivery: date('last_delivery', { mode: 'string' }),
    /** The message decay fitted to the campaign's daily CTR (engine messageDecay). */
    decay: jsonb('decay').$type<{ rate_per_day: number | null; r2: number | null; reason: string | null }>(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/** Every ad as delivered, with its creative's texts and what the engine reads from its history. */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    businessId: businessId(),
    id: text('id').notNull(),
    platform: text('platform').$type<'facebook' | 'google'>().notNull(),
    campaignId: text('campaign_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    name: text('name'),
    status: text('status'),
    creativeType: text('creative_type'),
    headline: text('headline'),
    description: text('description'),
    imageUrl: text('image_url'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    triggers: jsonb('triggers').$type<{ trigger: string; evidence: string }[]>().notNull().default(sql`'[]'::jsonb`),
    fatigue: jsonb('fatigue').$type<{
      score: number | null;
      reason: string | null;
      baseline_ctr: number | null;
      recent_ctr: number | null;
      frequency: number | null;
      days_live: number;
    }>(),
    decay: jsonb('decay').$type<{ rate_per_day: number | null; r2: number | null; reason: string | null }>(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('ad_creatives_campaign').on(t.businessId, t.campaignId)],
);

/** One ad's day, from meta_ad_insights or google_ad_metrics. */
export const adDaily = pgTable(
  'ad_daily',
  {
    businessId: businessId(),
    adId: text('ad_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    ...delivery(),
    frequency: doublePrecision('frequency'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.adId, t.date] }),
    index('ad_daily_campaign').on(t.businessId, t.campaignId, t.date),
  ],
);

/** One campaign's day (its ads added up). */
export const adCampaignDaily = pgTable(
  'ad_campaign_daily',
  {
    businessId: businessId(),
    campaignId: text('campaign_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    ...delivery(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.campaignId, t.date] })],
);

/** One platform's day in one currency (its campaigns added up): the ad-metrics series. */
export const adPlatformDaily = pgTable(
  'ad_platform_daily',
  {
    businessId: businessId(),
    platform: text('platform').notNull(),
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    ...delivery(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.platform, t.currency, t.date] })],
);

/**
 * Each campaign's and ad's figures over the report windows (7, 30 and 90 days ending on `windows_as_of`, and the
 * windows before them): the campaign and creative lists read one row per entity.
 */
export const adWindowTotals = pgTable(
  'ad_window_totals',
  {
    businessId: businessId(),
    level: text('level').$type<'campaign' | 'ad'>().notNull(),
    days: smallint('days').notNull(),
    previous: boolean('previous').notNull(),
    id: text('id').notNull(),
    campaignId: text('campaign_id').notNull(),
    ...delivery(),
    deliveryDays: integer('delivery_days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.level, t.days, t.previous, t.id] })],
);

/**
 * The distinct landing tags sessions arrive with, each resolved to the channel, platform, campaign and ad it
 * belongs to (resolved again whenever the synced campaigns change). Tags are kept as written; '' stands for none.
 */
export const adTrafficKeys = pgTable(
  'ad_traffic_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: businessId(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmContent: text('utm_content').notNull(),
    trafficSource: text('traffic_source').notNull(),
    /** 'gclid', 'fbclid' or '' (a session with both counts as Google's: gclid is checked first). */
    clickId: text('click_id').notNull(),
    /** The ad platform the tags and click id point at, or null. */
    platform: text('platform'),
    campaignId: text('campaign_id'),
    adId: text('ad_id'),
    /** A campaign id, or the traffic source when no synced campaign matches. */
    channel: text('channel').notNull(),
  },
  (t) => [
    uniqueIndex('ad_traffic_keys_tags').on(
      t.businessId,
      t.utmSource,
      t.utmMedium,
      t.utmCampaign,
      t.utmContent,
      t.trafficSource,
      t.clickId,
    ),
    index('ad_traffic_keys_campaign').on(t.businessId, t.campaignId),
  ],
);

/** Each session as a touch of its visitor's path: when, and under which tags. */
export const adTouches = pgTable(
  'ad_touches',
  {
    businessId: businessId(),
    sessionId: uuid('session_id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    keyId: bigint('key_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    // A visitor's touches in time order (paths, a payment's last touch); the session id makes it unique.
    primaryKey({ columns: [t.businessId, t.visitorId, t.startedAt, t.sessionId] }),
    index('ad_touches_started').on(t.businessId, t.startedAt),
  ],
);

/**
 * Conversions, each counted once: a session's tracked conversions (confirmed by the payments linked to its
 * visitor within a day after them), or a linked payment no tracked conversion reported. `session_id` is the
 * conversion's last touch: the converting session, or the visitor's latest session before the payment.
 */
export const adConversions = pgTable(
  'ad_conversions',
  {
    businessId: businessId(),
    /** `s:<session id>` or `c:<charge id>`. */
    id: text('id').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    sessionId: uuid('session_id'),
    keyId: bigint('key_id', { mode: 'number' }),
    sessionDate: date('session_date', { mode: 'string' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }).notNull(),
    /** Seconds from the last touch's start to the conversion; null without a touch. */
    touchGapS: integer('touch_gap_s'),
    conversions: doublePrecision('conversions').notNull(),
    tracked: boolean('tracked').notNull(),
    verified: boolean('verified').notNull(),
    /** Major units of the business's revenue currency (tracked values are taken to be in it). */
    revenue: doublePrecision('revenue').notNull(),
    /** Payments in another currency: counted as conversions, not as revenue. */
    otherCurrency: boolean('other_currency').notNull().default(false),
    /** The latest payment it counts (for incremental rebuilds), null without one. */
    lastChargeAt: timestamp('last_charge_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('ad_conversions_at').on(t.businessId, t.convertedAt),
    index('ad_conversions_session_date').on(t.businessId, t.sessionDate),
  ],
);

/** Sessions per day, tags, Neuromind profile and readiness band ('' for none), with their conversions. */
export const adSessionDaily = pgTable(
  'ad_session_daily',
  {
    businessId: businessId(),
    keyId: bigint('key_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    profile: text('profile').notNull(),
    band: text('band').notNull(),
    ...sessionFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.keyId, t.date, t.profile, t.band] }),
    index('ad_session_daily_date').on(t.businessId, t.date),
  ],
);

/**
 * Conversions credited by last click within the default lookback (28 days), per UTC day of the conversion and
 * channel (the matched platform, else the traffic source), with the platform ('' for none) for its filter: the
 * cards' attributed conversions and revenue without reading every conversion.
 */
export const adConversionDaily = pgTable(
  'ad_conversion_daily',
  {
    businessId: businessId(),
    date: date('date', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    platform: text('platform').notNull(),
    conversions: doublePrecision('conversions').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
    otherCurrency: integer('other_currency').notNull().default(0),
    verified: doublePrecision('verified').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date, t.channel, t.platform] })],
);

/** Sessions per day and UTM source, medium and campaign; `visitors_last` counts each visitor on their last day. */
export const adUtmDaily = pgTable(
  'ad_utm_daily',
  {
    businessId: businessId(),
    date: date('date', { mode: 'string' }).notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    ...sessionFigures(),
    visitorsLast: integer('visitors_last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date, t.utmSource, t.utmMedium, t.utmCampaign] })],
);

/** The last day each visitor came with each UTM source, medium and campaign (distinct visitors of a window). */
export const adUtmVisitors = pgTable(
  'ad_utm_visitors',
  {
    businessId: businessId(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    visitorId: uuid('visitor_id').notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.utmSource, t.utmMedium, t.utmCampaign, t.visitorId] }),
    index('ad_utm_visitors_last').on(t.businessId, t.lastDate),
  ],
);

/** Sessions per day and channel (a campaign's platform, or the traffic source). */
export const adChannelDaily = pgTable(
  'ad_channel_daily',
  {
    businessId: businessId(),
    channel: text('channel').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.channel, t.date] })],
);

function sessionFigures() {
  return {
    sessions: integer('sessions').notNull().default(0),
    clickIdSessions: integer('click_id_sessions').notNull().default(0),
    convertedSessions: integer('converted_sessions').notNull().default(0),
    conversions: doublePrecision('conversions').notNull().default(0),
    verifiedConversions: doublePrecision('verified_conversions').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
    readinessSum: doublePrecision('readiness_sum').notNull().default(0),
    readinessN: integer('readiness_n').notNull().default(0),
  };
}
