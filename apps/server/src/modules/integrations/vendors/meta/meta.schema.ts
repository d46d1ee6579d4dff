import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from '../../../businesses/businesses.schema.js';
import { integrations, money } from '../../integrations.schema.js';

// Meta Ads as the analytics to come read it (decision 0022): the account's campaigns, ad sets, ads and creatives
// keyed by (business, Meta id), and one row of figures per ad and day keyed by (business, ad, date). Money is in
// the account currency's minor units as Meta's currency offsets define them (cents for USD, yen for JPY).

/** Columns every Meta object row has. Creatives carry no creation time on Graph, so `created_at` may be null. */
const metaRow = () => ({
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  integrationId: uuid('integration_id')
    .notNull()
    .references(() => integrations.id, { onDelete: 'cascade' }),
  /** Meta's id of the object (a decimal string). */
  vendorId: text('vendor_id').notNull(),
  /** The ad account's number (without `act_`). */
  accountId: text('account_id').notNull(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }),
  /** Meta's `updated_time`. */
  updatedTime: timestamp('updated_time', { withTimezone: true }),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
const count = (name: string) => bigint(name, { mode: 'number' });

/** Budgets in the account currency's minor units; which of the two is set depends on how the budget is run. */
const budgets = () => ({
  dailyBudget: money('daily_budget'),
  lifetimeBudget: money('lifetime_budget'),
  /** ISO currency of the budgets and spend, lower case (the ad account's). */
  currency: text('currency').notNull(),
});

export const metaCampaigns = pgTable(
  'meta_campaigns',
  {
    ...metaRow(),
    objective: text('objective'),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    ...budgets(),
    startTime: timestamp('start_time', { withTimezone: true }),
    stopTime: timestamp('stop_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

export const metaAdsets = pgTable(
  'meta_adsets',
  {
    ...metaRow(),
    campaignId: text('campaign_id'),
    status: text('status'),
    effectiveStatus: text('effective_status'),
    ...budgets(),
    optimizationGoal: text('optimization_goal'),
    billingEvent: text('billing_event'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.vendorId] }),
    index('meta_adsets_campaign').on(t.businessId, t.campaignId),
  ],
);

export const metaAds = pgTable(
  'meta_ads',
  {
    ...metaRow(),
    campaignId: text('campaign_id'),
    adsetId: text('adset_id'),
    creativeId: text('creative_id'),
    status: text('status'),
    effectiveStatus: text('effective_status'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] }), index('meta_ads_adset').on(t.businessId, t.adsetId)],
);

/** What an ad shows and where it leads: texts, image, call to action, and the UTM values its links carry. */
export const metaCreatives = pgTable(
  'meta_creatives',
  {
    ...metaRow(),
    status: text('status'),
    title: text('title'),
    body: text('body'),
    objectType: text('object_type'),
    callToAction: text('call_to_action'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    /** Meta's `url_tags` as written (the query string Meta appends to the ad's links). */
    urlTags: text('url_tags'),
    /** utm_source, utm_medium, utm_campaign, utm_content, utm_term from url_tags (or the link itself). */
    utm: jsonb('utm').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.vendorId] })],
);

/**
 * One ad's delivery on one day (the ad account's time zone), as Meta reports it and restates it for about 28 days:
 * a later sync overwrites the row. Counts as integers; `actions` as `{action_type: count}`, `action_values` as
 * `{action_type: minor units}`, `purchase_roas` as `{action_type: ratio}`. CTR, CPC and CPM are left to the reader
 * (clicks, impressions and spend are here).
 */
export const metaAdInsights = pgTable(
  'meta_ad_insights',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    adId: text('ad_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id'),
    adsetId: text('adset_id'),
    currency: text('currency').notNull(),
    spend: money('spend').notNull(),
    impressions: count('impressions').notNull(),
    reach: count('reach'),
    frequency: doublePrecision('frequency'),
    clicks: count('clicks'),
    actions: jsonb('actions').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    actionValues: jsonb('action_values').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    purchaseRoas: jsonb('purchase_roas').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.adId, t.date] }),
    index('meta_ad_insights_date').on(t.businessId, t.date),
    index('meta_ad_insights_campaign').on(t.businessId, t.campaignId, t.date),
  ],
);
