import type { ActionOutcome, ActionStatus, Recommendation } from '@ri/contracts';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// The Revenue Strategist: what the rules found (kept with history so a regeneration updates rather than duplicates),
// the actions people took on it with their status history and measured outcome, and the competitor prices owners
// enter for the market figures (docs/strategy.md, decision 0033).

const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** The latest generation of a business: its window and the rules that found nothing or could not run. */
export const strategyGenerations = pgTable('strategy_generations', {
  businessId: businessId().primaryKey(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  windowDays: doublePrecision('window_days').notNull(),
  windowFrom: text('window_from').notNull(),
  windowTo: text('window_to').notNull(),
  checked: jsonb('checked').$type<string[]>().notNull(),
  skipped: jsonb('skipped').$type<{ rule: string; reason: string }[]>().notNull(),
});

/** A recommendation by its stable id (`rule:subject`); `current` when the latest generation found it again. */
export const strategyRecommendations = pgTable(
  'strategy_recommendations',
  {
    businessId: businessId(),
    id: text('id').notNull(),
    /** The recommendation as the API answers it (engine fields, wording, next steps). */
    body: jsonb('body').$type<Omit<Recommendation, 'status' | 'first_generated_at' | 'generated_at'>>().notNull(),
    /** Steps as the engine planned them, for the actions Implement creates. */
    stepPlans: jsonb('step_plans')
      .$type<{ effort_score: number; lift_share: number; implementation_time: string }[]>()
      .notNull(),
    current: boolean('current').notNull().default(true),
    implementedAt: timestamp('implemented_at', { withTimezone: true }),
    implementedBy: uuid('implemented_by').references(() => users.id, { onDelete: 'set null' }),
    firstGeneratedAt: timestamp('first_generated_at', { withTimezone: true }).notNull().defaultNow(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

export type ActionHistoryEntry = { status: ActionStatus; at: string; by: string | null; by_name: string | null };
/** What an action is measured on: a rate at the time it started, read again once it is completed. */
export type ActionMetric = { key: string; label: string; higher_is_better: boolean };

/** A small compounding action, by its stable id (`recommendation#step`, `insight#step`). */
export const strategyActions = pgTable(
  'strategy_actions',
  {
    businessId: businessId(),
    id: text('id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<ActionStatus>().notNull().default('suggested'),
    /** False once the recommendation it came from is no longer found (kept while someone acted on it). */
    current: boolean('current').notNull().default(true),
    history: jsonb('history').$type<ActionHistoryEntry[]>().notNull().default([]),
    metric: jsonb('metric').$type<ActionMetric | null>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    outcome: jsonb('outcome').$type<ActionOutcome | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('strategy_actions_status').on(t.businessId, t.status)],
);

/** A competitor's price for a product, with the business's own, as an owner entered it (major units). */
export const competitorPrices = pgTable(
  'competitor_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    competitor: text('competitor').notNull(),
    product: text('product').notNull(),
    price: doublePrecision('price').notNull(),
    ownPrice: doublePrecision('own_price').notNull(),
    currency: text('currency').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('competitor_prices_business').on(t.businessId, t.enteredAt)],
);
