import type {
  ConversionsApiEventStatus,
  ConversionsSettings,
  IntegrationProvider,
  IntegrationStatus,
  OAuthProvider,
  PaymentAccountInfo,
  PermissionLevel,
  VendorAccount,
} from '@ri/contracts';
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
import { businesses } from '../businesses/businesses.schema.js';

// The vendor connections of each business, their sync runs, and what they sync (decision 0022).

/**
 * A business's connection to a vendor: one per provider. The credentials are sealed by the vault (AES-256-GCM,
 * bound to this row) and never leave the server; `credential_hints` are what the browser may see.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<IntegrationProvider>().notNull(),
    name: text('name').notNull(),
    status: text('status').$type<IntegrationStatus>().notNull(),
    /** The sealed credentials (a JSON object of the form's fields), as the vault writes them. */
    credentials: text('credentials').notNull(),
    credentialHints: jsonb('credential_hints').$type<Record<string, string>>().notNull(),
    accountInfo: jsonb('account_info').$type<PaymentAccountInfo | null>(),
    /** The ad account, CRM location or analytics property of a non-payment vendor. */
    vendorAccount: jsonb('vendor_account').$type<VendorAccount | null>(),
    permissionLevel: text('permission_level').$type<PermissionLevel>(),
    /** When the stored credentials stop working (a pasted Google token), or null: they do not, or are renewed. */
    credentialsExpireAt: timestamp('credentials_expire_at', { withTimezone: true }),
    /** The sign-in that issued the stored tokens (renewed before they expire), or null: pasted credentials. */
    oauthProvider: text('oauth_provider').$type<OAuthProvider>(),
    /** Conversions API settings (facebook_conversions). */
    conversionsSettings: jsonb('conversions_settings').$type<ConversionsSettings | null>(),
    /** The vendor address the integration talks to, when it is not the vendor's own (a local sandbox). */
    sandboxUrl: text('sandbox_url'),
    /** Why the integration stopped (status error), in words the owner can act on. */
    error: text('error'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integrations_business_provider').on(t.businessId, t.provider)],
);

/** Columns every synced vendor row carries: its business, its integration (disconnecting removes it), its vendor id. */
const vendorRow = () => ({
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  integrationId: uuid('integration_id')
    .notNull()
    .references(() => integrations.id, { onDelete: 'cascade' }),
  /** The vendor's own id: unique per business, so a page stored twice is one row. */
  vendorId: text('vendor_id').notNull(),
  /** When the vendor created the object. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
/** Money as integer minor units (cents), with its ISO currency in lower case as the vendor gives it. */
const money = (name: string) => bigint(name, { mode: 'number' });

export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    ...vendorRow(),
    email: text('email'),
    name: text('name'),
    phone: text('phone'),
    currency: text('currency'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_customers_email').on(t.businessId, t.email),
  ],
);

export const stripeCharges = pgTable(
  'stripe_charges',
  {
    ...vendorRow(),
    amount: money('amount').notNull(),
    amountRefunded: money('amount_refunded').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    paid: boolean('paid').notNull(),
    customerId: text('customer_id'),
    paymentIntentId: text('payment_intent_id'),
    balanceTransactionId: text('balance_transaction_id'),
    billingEmail: text('billing_email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_charges_created').on(t.businessId, t.createdAt),
  ],
);

export const stripeRefunds = pgTable(
  'stripe_refunds',
  {
    ...vendorRow(),
    chargeId: text('charge_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status'),
    reason: text('reason'),
    balanceTransactionId: text('balance_transaction_id'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    ...vendorRow(),
    chargeId: text('charge_id'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    ...vendorRow(),
    customerId: text('customer_id'),
    status: text('status').notNull(),
    /** What one period costs, summed over the items (minor units). */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval'),
    intervalCount: integer('interval_count'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const stripeInvoices = pgTable(
  'stripe_invoices',
  {
    ...vendorRow(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    status: text('status'),
    amountDue: money('amount_due').notNull(),
    amountPaid: money('amount_paid').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/**
 * Money as it reached the account: amounts, fees and net in the account's settlement currency (converted by
 * Stripe when the charge was in another), the source of truth for net revenue.
 */
export const stripeBalanceTransactions = pgTable(
  'stripe_balance_transactions',
  {
    ...vendorRow(),
    type: text('type').notNull(),
    reportingCategory: text('reporting_category'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate'),
    sourceId: text('source_id'),
    availableOn: timestamp('available_on', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('stripe_bt_created').on(t.businessId, t.createdAt),
  ],
);

/** One sync of an integration: its phases run in order; a run cut short resumes from its phases' cursors. */
export const integrationSyncRuns = pgTable(
  'integration_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'manual' | 'scheduled' | 'connect'>().notNull(),
    /** running, partial, timeout_resuming, completed or failed (the spec's overall_status). */
    status: text('status').$type<'running' | 'partial' | 'timeout_resuming' | 'completed' | 'failed'>().notNull(),
    message: text('message'),
    /** When a run paused by a rate limit or its time budget continues. */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    /** A process working on the run holds it until then; another takes it over only after (a crash). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('integration_sync_runs_integration').on(t.integrationId, t.startedAt)],
);

/** A phase of a run (Stripe: customers, charges, …): where it got to, committed with each page it stored. */
export const integrationSyncPhases = pgTable(
  'integration_sync_phases',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => integrationSyncRuns.id, { onDelete: 'cascade' }),
    phase: text('phase').notNull(),
    position: integer('position').notNull(),
    status: text('status').$type<'pending' | 'running' | 'completed' | 'failed'>().notNull(),
    /** The vendor's paging cursor after the last page stored (null before the first). */
    cursor: text('cursor'),
    /** Objects created at or after this are fetched (an incremental run); null: everything. */
    since: timestamp('since', { withTimezone: true }),
    processedItems: integer('processed_items').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.phase] })],
);

/** Vendor webhook events received, by the vendor's event id: an event delivered twice is applied once. */
export const integrationWebhookEvents = pgTable(
  'integration_webhook_events',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.eventId] })],
);

// Google Ads (decision 0022): campaigns, ad groups and ads by their Google ids, and daily metrics per ad. Google Ads
// does not say when an object was created, so `created_at` is when a sync first stored it. Money is in minor units
// of the account currency (cost_micros / 10^(6 − exponent)), the currency in lower case as Stripe's.

export const googleCampaigns = pgTable(
  'google_campaigns',
  {
    ...vendorRow(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    channelType: text('channel_type'),
    biddingStrategyType: text('bidding_strategy_type'),
    /** The campaign budget's daily amount (minor units). */
    dailyBudget: money('daily_budget'),
    currency: text('currency').notNull(),
    trackingUrlTemplate: text('tracking_url_template'),
    finalUrlSuffix: text('final_url_suffix'),
    /** The `utm_campaign` its clicks land with (from the final URL suffix or tracking template), for attribution. */
    utmCampaign: text('utm_campaign'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('google_campaigns_utm').on(t.businessId, t.utmCampaign),
  ],
);

export const googleAdGroups = pgTable(
  'google_ad_groups',
  {
    ...vendorRow(),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    type: text('type'),
    cpcBid: money('cpc_bid'),
    trackingUrlTemplate: text('tracking_url_template'),
    finalUrlSuffix: text('final_url_suffix'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/** An ad in an ad group (Google's ad_group_ad): vendor id `<ad group id>~<ad id>`, as its resource name ends. */
export const googleAds = pgTable(
  'google_ads',
  {
    ...vendorRow(),
    adId: text('ad_id').notNull(),
    adGroupId: text('ad_group_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    name: text('name'),
    type: text('type'),
    status: text('status').notNull(),
    finalUrls: jsonb('final_urls').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    trackingUrlTemplate: text('tracking_url_template'),
    finalUrlSuffix: text('final_url_suffix'),
    /** A responsive search ad's headlines and descriptions. */
    headlines: jsonb('headlines').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    descriptions: jsonb('descriptions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('google_ads_campaign').on(t.businessId, t.campaignId),
  ],
);

/** One ad's figures on one day in the account's time zone, keyed by (ad, date): a restated day overwrites its row. */
export const googleAdMetrics = pgTable(
  'google_ad_metrics',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    /** The ad's vendor id in google_ads (`<ad group id>~<ad id>`). */
    adKey: text('ad_key').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    campaignId: text('campaign_id').notNull(),
    adGroupId: text('ad_group_id').notNull(),
    cost: money('cost').notNull(),
    currency: text('currency').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    /** Google counts fractions of conversions under data-driven attribution. */
    conversions: doublePrecision('conversions').notNull(),
    conversionsValue: money('conversions_value').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.adKey, t.date] }),
    index('google_ad_metrics_date').on(t.businessId, t.date),
    index('google_ad_metrics_campaign').on(t.businessId, t.campaignId, t.date),
  ],
);

// ───────────────────────── GoHighLevel (CRM) ─────────────────────────

/** A GoHighLevel pipeline of the location (its stages are rows of ghl_pipeline_stages). */
export const ghlPipelines = pgTable(
  'ghl_pipelines',
  {
    ...vendorRow(),
    name: text('name'),
    stageCount: integer('stage_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/** A stage of a pipeline, in its order: what an opportunity's stage id names. */
export const ghlPipelineStages = pgTable(
  'ghl_pipeline_stages',
  {
    ...vendorRow(),
    pipelineId: text('pipeline_id').notNull(),
    name: text('name'),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/** Where a lead came from, as GoHighLevel's AttributionSource says (first or latest touch). */
export type GhlAttributionRow = {
  url: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  referrer: string | null;
  fbclid: string | null;
  gclid: string | null;
};

/**
 * A contact (lead or customer) of the location: e-mail normalised (trimmed, lower case) so it joins payments and
 * sessions, first-touch UTM values as columns and both touches whole, the visitor id our tracking script gave them
 * when the location keeps it in a custom field, and every custom field by its id. `updated_at` is GoHighLevel's
 * dateUpdated, the incremental sync's bookmark.
 */
export const ghlContacts = pgTable(
  'ghl_contacts',
  {
    ...vendorRow(),
    email: text('email'),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    source: text('source'),
    type: text('type'),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    attribution: jsonb('attribution').$type<GhlAttributionRow | null>(),
    lastAttribution: jsonb('last_attribution').$type<GhlAttributionRow | null>(),
    visitorId: text('visitor_id'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('ghl_contacts_email').on(t.businessId, t.email),
    index('ghl_contacts_visitor').on(t.businessId, t.visitorId),
  ],
);

/**
 * An opportunity: its pipeline and stage, status (open, won, lost, abandoned), value in minor units with the
 * location's currency when GoHighLevel states it (null otherwise), and the contact it is for.
 */
export const ghlOpportunities = pgTable(
  'ghl_opportunities',
  {
    ...vendorRow(),
    name: text('name'),
    pipelineId: text('pipeline_id'),
    stageId: text('stage_id'),
    status: text('status').notNull(),
    monetaryValue: money('monetary_value').notNull(),
    currency: text('currency'),
    contactId: text('contact_id'),
    source: text('source'),
    assignedTo: text('assigned_to'),
    lastStatusChangeAt: timestamp('last_status_change_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('ghl_opportunities_contact').on(t.businessId, t.contactId),
    index('ghl_opportunities_status').on(t.businessId, t.status, t.createdAt),
  ],
);

/** Meta's answer to the request that carried an event, or its refusal (Graph error fields; never a token). */
export type ConversionsApiAnswer = {
  events_received?: number;
  fbtrace_id?: string | null;
  messages?: string[];
  error?: { message: string; code?: string; fbtrace_id?: string };
};

/**
 * The Conversions API's outbox and send log: every event meant for the pixel, keyed by (integration, event id),
 * so an event recorded twice (a retried batch, a second process) is one row and is sent once. A row is claimed
 * (`claimed_until`) by the sender that posts it, then holds Meta's answer. The visitor's address and user agent
 * are kept only until the event is sent or given up (Meta needs them; we do not), then cleared.
 */
export const conversionsApiEvents = pgTable(
  'conversions_api_events',
  {
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Meta's dedupe key: the tracked event's id (a conversion), or `predicted-<session id>`. */
    eventId: text('event_id').notNull(),
    kind: text('kind').$type<'conversion' | 'predicted_value'>().notNull(),
    eventName: text('event_name').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    sessionId: uuid('session_id'),
    visitorId: uuid('visitor_id'),
    eventSourceUrl: text('event_source_url'),
    clientIp: text('client_ip'),
    clientUserAgent: text('client_user_agent'),
    value: doublePrecision('value'),
    currency: text('currency'),
    /** More of the event's `custom_data` (a predicted-value event's probability and readiness score). */
    customData: jsonb('custom_data').$type<Record<string, unknown> | null>(),
    status: text('status').$type<ConversionsApiEventStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending event is not tried again before this (a pause after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender posting the event holds it until then; a sender that died lets it go. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    matchKeys: text('match_keys').array().notNull().default([]),
    testEventCode: text('test_event_code'),
    answer: jsonb('answer').$type<ConversionsApiAnswer | null>(),
    error: text('error'),
    note: text('note'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.eventId] }),
    index('conversions_api_events_due').on(t.integrationId, t.status, t.nextAttemptAt),
    index('conversions_api_events_log').on(t.integrationId, t.createdAt),
  ],
);
