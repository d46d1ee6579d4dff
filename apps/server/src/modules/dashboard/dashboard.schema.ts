import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// The main dashboard: the owner's goals, and daily rollups of the tracked sessions and the payment account's money
// (decision 0032). The rollups are derived: dropping them loses nothing, the next refresh builds them again.

const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** What the owner wants per month; null clears a goal. */
export const dashboardGoals = pgTable('dashboard_goals', {
  businessId: businessId().primaryKey(),
  /** Major units of `currency` (the payment account's when the goals were set). */
  monthlyRevenue: doublePrecision('monthly_revenue'),
  /** Percent of sessions. */
  conversionRate: doublePrecision('conversion_rate'),
  averageOrderValue: doublePrecision('average_order_value'),
  currency: text('currency'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Per business: from which day the rollups must be rebuilt, and when they last were. */
export const dashboardRefreshState = pgTable('dashboard_refresh_state', {
  businessId: businessId().primaryKey(),
  /** Sessions started on or after this day changed (events, scores); null when none did. */
  sessionsDirtyFrom: date('sessions_dirty_from', { mode: 'string' }),
  /** A payment sync stored pages since the last refresh. */
  moneyDirty: boolean('money_dirty').notNull().default(true),
  /** Raised by every mark: a refresh clears only the marks it saw. */
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  /** Whether the sessions' rollup was ever built (the first build reads every session). */
  sessionsBuilt: boolean('sessions_built').notNull().default(false),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
});

/** Tracked sessions per UTC day of their start (suspect sessions left out). */
export const dashboardSessionDaily = pgTable(
  'dashboard_session_daily',
  {
    businessId: businessId(),
    date: date('date', { mode: 'string' }).notNull(),
    sessions: count('sessions'),
    /** One page view or none, and no conversion. */
    bounced: count('bounced'),
    /** Sum of (last event − start) over the day's sessions, milliseconds. */
    durationMs: count('duration_ms'),
    convertedSessions: count('converted_sessions'),
    conversions: count('conversions'),
    rageClicks: count('rage_clicks'),
    /** Sessions with at least one rage click. */
    frictionSessions: count('friction_sessions'),
    readinessSum: doublePrecision('readiness_sum').notNull().default(0),
    readinessN: count('readiness_n'),
    /** Sessions whose readiness reached the ready band (80+). */
    readySessions: count('ready_sessions'),
    /** Sessions from paid search or paid social, and those of them that did not bounce. */
    paidSessions: count('paid_sessions'),
    paidEngaged: count('paid_engaged'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date] })],
);

/** The payment account's money per UTC day, in its balance currency (major units): Stripe balance transactions. */
export const dashboardMoneyDaily = pgTable(
  'dashboard_money_daily',
  {
    businessId: businessId(),
    date: date('date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** Charges (and payments) settled. */
    gross: doublePrecision('gross').notNull().default(0),
    /** Refunds (negative) net of failed refunds. */
    refunds: doublePrecision('refunds').notNull().default(0),
    /** Disputes withdrawn (negative) net of disputes won back. */
    disputes: doublePrecision('disputes').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date, t.currency] })],
);
