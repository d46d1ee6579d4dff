import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { money, vendorRow } from '../../integrations.schema.js';

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
