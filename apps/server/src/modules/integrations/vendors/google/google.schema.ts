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
import { integrations, money, vendorRow } from '../../integrations.schema.js';

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
    /** The ad's vendor id in google_ads (`<ad group id>~<ad id>`), or `campaign~<id>` for a Performance Max campaign. */
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
