import type { OptimizationAction } from '@ri/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// Implemented optimisations of Ad Intelligence (decision 0027).

/** `pending` while the platform is being changed (never answered); the rest as the API names them. */
export type AdActionStatus = 'pending' | 'applied' | 'task' | 'undone' | 'failed';
/** What the platform held before and after: `{ daily_budget: 50 }` (major units) or `{ status: 'ACTIVE' }`. */
export type AdActionValues = Record<string, string | number | null>;

/**
 * An Implement Optimization: the recommendation it came from, the change it made on the platform (or the task it
 * became), before and after, who did it and who undid it. At most one row per (business, campaign, recommendation,
 * change) is pending, applied or a task at a time: a second submit of the same change finds the first.
 */
export const adOptimizationActions = pgTable(
  'ad_optimization_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** `${platform}_${vendorId}`, as Ad Intelligence names campaigns. */
    campaignId: text('campaign_id').notNull(),
    campaignName: text('campaign_name').notNull(),
    platform: text('platform').notNull(),
    recommendationId: text('recommendation_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    action: jsonb('action').$type<OptimizationAction>().notNull(),
    /** The change in one text (kind, level, target, new value): what tells two submits of the same change apart. */
    actionKey: text('action_key').notNull(),
    status: text('status').$type<AdActionStatus>().notNull(),
    before: jsonb('before').$type<AdActionValues>().notNull(),
    after: jsonb('after').$type<AdActionValues>().notNull(),
    currency: text('currency'),
    message: text('message').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** A process changing the platform for this row (implementing or undoing) holds it until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    index('ad_optimization_actions_business').on(t.businessId, t.createdAt),
    index('ad_optimization_actions_campaign').on(t.businessId, t.campaignId, t.createdAt),
    uniqueIndex('ad_optimization_actions_active')
      .on(t.businessId, t.campaignId, t.recommendationId, t.actionKey)
      .where(sql`status in ('pending', 'applied', 'task')`),
  ],
);
