import type {
  ConversionsSettings,
  IntegrationProvider,
  IntegrationStatus,
  OAuthProvider,
  PaymentAccountInfo,
  PermissionLevel,
  VendorAccount,
} from '@ri/contracts';
import {
  bigint,
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
export const vendorRow = () => ({
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
export const money = (name: string) => bigint(name, { mode: 'number' });

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
    /**
     * The vendor object the event carried, and when the vendor created the event: a later-arriving older event must
     * not overwrite what a newer one wrote (Stripe does not deliver in order).
     */
    objectId: text('object_id'),
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.eventId] }),
    index('integration_webhook_events_object').on(t.integrationId, t.objectId, t.eventCreatedAt),
  ],
);
