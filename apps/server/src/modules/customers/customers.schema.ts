import type {
  BehavioralTraits,
  CustomerAction,
  CustomerSource,
  EngagementRecommendation,
  MergeEdge,
  SegmentRules,
} from '@ri/contracts';
import {
  bigint,
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
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// Customer Intelligence: one profile per real customer (docs/customers.md). `customers` and `customer_records`
// are derived (rebuilt by the profile job from tracking, Stripe and GoHighLevel); links, segments and actions are
// what people decided, kept across rebuilds.

const business = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A customer as the last build made them: identity, figures the list filters and sorts on, and the rest whole. */
export const customers = pgTable(
  'customers',
  {
    businessId: business(),
    id: uuid('id').notNull(),
    email: text('email'),
    phone: text('phone'),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    sources: jsonb('sources').$type<CustomerSource[]>().notNull(),
    neuromindProfile: text('neuromind_profile'),
    profileConfidence: doublePrecision('profile_confidence'),
    profileSessions: integer('profile_sessions').notNull().default(0),
    readinessScore: doublePrecision('readiness_score'),
    conversionProbability: doublePrecision('conversion_probability'),
    engagementLevel: text('engagement_level').notNull(),
    journeyStage: text('journey_stage').notNull(),
    churnRisk: doublePrecision('churn_risk'),
    pAlive: doublePrecision('p_alive'),
    expectedPurchases: doublePrecision('expected_purchases'),
    forecastValue: doublePrecision('forecast_value'),
    pastRevenue: doublePrecision('past_revenue').notNull().default(0),
    lifetimeValue: doublePrecision('lifetime_value'),
    orders: integer('orders').notNull().default(0),
    currency: text('currency'),
    acquisitionSource: text('acquisition_source').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull(),
    totalSessions: integer('total_sessions').notNull().default(0),
    avgSessionDuration: doublePrecision('avg_session_duration'),
    traits: jsonb('traits').$type<BehavioralTraits>().notNull(),
    subscription: jsonb('subscription').$type<Record<string, unknown> | null>(),
    merges: jsonb('merges').$type<MergeEdge[]>().notNull(),
    reasons: jsonb('reasons').$type<Record<string, string>>().notNull(),
    /** Lower-case name and e-mail, for the table's search. */
    search: text('search').notNull().default(''),
    /** A digest of the built figures: a rebuild that changes nothing counts as skipped. */
    fingerprint: text('fingerprint').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // The list's order; with the filter columns after it, a page of a narrow segment is found in the index alone
    // (index-only after the build's VACUUM), not by reading the rows of every more recent customer that fails it.
    index('customers_activity_idx').on(
      t.businessId,
      t.lastActivity,
      t.id,
      t.lifetimeValue,
      t.churnRisk,
      t.readinessScore,
      t.neuromindProfile,
    ),
    index('customers_profile_idx').on(t.businessId, t.neuromindProfile, t.lastActivity),
    // The list's counts read these alone (index-only after the build's VACUUM): profile with readiness and churn,
    // readiness with churn, churn with lifetime value (the at-risk valuable customers).
    index('customers_filters_idx').on(t.businessId, t.neuromindProfile, t.readinessScore, t.churnRisk),
    index('customers_readiness_idx').on(t.businessId, t.readinessScore, t.churnRisk),
    index('customers_churn_idx').on(t.businessId, t.churnRisk, t.lifetimeValue),
    // Search matches anywhere in the name or e-mail (LIKE '%…%'): trigrams find the candidates.
    index('customers_search_idx').using('gin', t.search.op('gin_trgm_ops')),
  ],
);

/** A record of a person in one system (`stripe:cus_…`, `ghl:…`, `visitor:<uuid>`) and the customer it belongs to. */
export const customerRecords = pgTable(
  'customer_records',
  {
    businessId: business(),
    recordKey: text('record_key').notNull(),
    customerId: uuid('customer_id').notNull(),
    source: text('source').$type<CustomerSource>().notNull(),
    sourceId: text('source_id').notNull(),
    email: text('email'),
    phone: text('phone'),
    name: text('name'),
    visitorIds: jsonb('visitor_ids').$type<string[]>().notNull(),
    sourceCreatedAt: timestamp('source_created_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.recordKey] }),
    index('customer_records_customer_idx').on(t.businessId, t.customerId),
  ],
);

/** A person's decision about two records: the same person (merge them) or not (undo a merge); kept across builds. */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: business(),
    recordA: text('record_a').notNull(),
    recordB: text('record_b').notNull(),
    kind: text('kind', { enum: ['same_person', 'not_same_person'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customer_links_pair').on(t.businessId, t.recordA, t.recordB)],
);

/** The lifetime-value fit of the business's purchase history, or why there is none. */
export const customerLtvFits = pgTable('customer_ltv_fits', {
  businessId: business().primaryKey(),
  status: text('status', { enum: ['fitted', 'insufficient_history'] }).notNull(),
  model: text('model'),
  params: jsonb('params').$type<Record<string, unknown>>(),
  customers: integer('customers').notNull(),
  repeatCustomers: integer('repeat_customers').notNull(),
  currency: text('currency'),
  detail: text('detail').notNull(),
  fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A segment a user saved: rules over customer fields. */
export const customerSegments = pgTable(
  'customer_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: business(),
    name: text('name').notNull(),
    description: text('description'),
    rules: jsonb('rules').$type<SegmentRules>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_segments_business_idx').on(t.businessId, t.createdAt)],
);

/** Engage Customer and Implement Action: what was done for a customer, through which channel, and the outcome. */
export const customerActions = pgTable(
  'customer_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: business(),
    customerId: uuid('customer_id').notNull(),
    type: text('type').$type<EngagementRecommendation['type']>().notNull(),
    title: text('title').notNull(),
    channel: text('channel').$type<CustomerAction['channel']>().notNull(),
    status: text('status').$type<CustomerAction['status']>().notNull(),
    statusDetail: text('status_detail').notNull(),
    note: text('note'),
    steps: jsonb('steps').$type<string[]>().notNull(),
    /** What the CRM answered (tag, task id, workflow id). */
    vendorRef: text('vendor_ref'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    history: jsonb('history').$type<CustomerAction['history']>().notNull(),
    outcome: jsonb('outcome').$type<CustomerAction['outcome']>(),
  },
  (t) => [index('customer_actions_customer_idx').on(t.businessId, t.customerId, t.createdAt)],
);

/**
 * Each payment with the customer it belongs to (derived with the records): gross and refunded amounts in major units
 * of the payment's currency. The lifetime-value fit, the profiles, the timeline and the actions' outcomes read it.
 */
export const customerPayments = pgTable(
  'customer_payments',
  {
    businessId: business(),
    chargeId: text('charge_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    amount: doublePrecision('amount').notNull(),
    refunded: doublePrecision('refunded').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.chargeId] }),
    index('customer_payments_customer_idx').on(t.businessId, t.customerId, t.at),
  ],
);

/** Why each merged customer is one person: the edges of the last merge (derived with the records). */
export const customerMerges = pgTable(
  'customer_merges',
  {
    businessId: business(),
    customerId: uuid('customer_id').notNull(),
    edges: jsonb('edges').$type<MergeEdge[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.customerId] })],
);

/**
 * The build's copy of its customers' sessions (docs/customers.md, "Speed"): filled in one pass over the sessions when a
 * build starts and stored in customer order, so that each chunk of customers reads its sessions from neighbouring
 * pages instead of one random page per session. Derived; each build replaces its business's rows.
 */
export const customerBuildSessions = pgTable(
  'customer_build_sessions',
  {
    businessId: business(),
    customerId: uuid('customer_id').notNull(),
    id: uuid('id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    activeMs: bigint('active_ms', { mode: 'number' }).notNull(),
    pageViews: integer('page_views').notNull(),
    hesitations: integer('hesitations').notNull(),
    formSubmits: integer('form_submits').notNull(),
    conversions: integer('conversions').notNull(),
    trafficSource: text('traffic_source'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    readinessScore: doublePrecision('readiness_score'),
    conversionProbability: doublePrecision('conversion_probability'),
    neuromindProfile: text('neuromind_profile'),
    profileConfidence: doublePrecision('profile_confidence'),
    byType: jsonb('by_type'),
    decisionAt: doublePrecision('decision_at'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.customerId, t.id] })],
);
