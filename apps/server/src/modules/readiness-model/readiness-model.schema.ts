import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.schema.js';

/** A fitted model packed for JSON (the engine's storeConversionModel), with whether it reads the page value. */
export type StoredModel = { usesPageValue?: boolean };
type FitFigures = { auc: number; brier: number };
/** The refit's figures: page statistics, and the business model's and the prior's cross-validated figures. */
export type ModelMetrics = {
  pageValueScale: number | null;
  pages: number;
  folds?: number;
  business?: FitFigures;
  prior?: FitFigures;
};

// Per-business page statistics and readiness models.

/**
 * Per-page statistics from a business's history, recomputed periodically: what the page-value signal
 * and the pages' bounce and exit rates are read from (docs/scoring.md, "Per-business model").
 */
export const pageStats = pgTable(
  'page_stats',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** Page views. */
    views: integer('views').notNull(),
    /** Sessions that viewed the page (unique page views). */
    sessions: integer('sessions').notNull(),
    /** Sessions that started on the page, and those of them that viewed no other page. */
    entrances: integer('entrances').notNull(),
    bounces: integer('bounces').notNull(),
    /** Sessions whose last page view was this page. */
    exits: integer('exits').notNull(),
    /** Revenue of converting sessions that viewed the page before converting. */
    revenue: doublePrecision('revenue').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.path] })],
);

/** The readiness model fitted on a business's own sessions, or why it has none yet. */
export const businessModels = pgTable('business_models', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** 'active': scoring uses `model`; 'not_enough_data' or 'not_better': the prior is used, `reason` says why. */
  status: text('status', { enum: ['active', 'not_enough_data', 'not_better'] }).notNull(),
  model: jsonb('model').$type<StoredModel>(),
  sessions: integer('sessions').notNull(),
  conversions: integer('conversions').notNull(),
  /** Cross-validated figures of the business model and of the prior on the same sessions. */
  metrics: jsonb('metrics').$type<ModelMetrics>(),
  reason: text('reason').notNull(),
  fittedAt: timestamp('fitted_at', { withTimezone: true }).notNull().defaultNow(),
});
