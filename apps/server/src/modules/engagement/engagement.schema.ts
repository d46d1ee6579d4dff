import type { EngagementAction } from '@ri/contracts';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// Engage and Take Action decisions.

/** Engage and Take Action: what a business chose to do, with its status and history. */
export const engagementActions = pgTable(
  'engagement_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['engage', 'take_action'] }).notNull(),
    status: text('status', { enum: ['recorded', 'delivered', 'failed', 'cancelled'] }).notNull(),
    sessionId: uuid('session_id'),
    insightId: text('insight_id'),
    title: text('title').notNull(),
    actionItems: jsonb('action_items').$type<string[]>().notNull(),
    note: text('note'),
    statusDetail: text('status_detail').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    history: jsonb('history').$type<EngagementAction['history']>().notNull(),
  },
  (t) => [index('engagement_actions_business_idx').on(t.businessId, t.createdAt)],
);
