import type { ConversionsApiEventStatus } from '@ri/contracts';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { businesses } from '../../../businesses/businesses.schema.js';
import { integrations } from '../../integrations.schema.js';

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
