import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { businesses } from '../businesses/businesses.schema.js';

/**
 * A long job a business started (profile generation; later the dashboard sync): its status and progress as the
 * screens poll them, the checkpoint a resumed run continues from, and its result. `heartbeat_at` moves while a
 * process works on it; a running task whose heartbeat stopped (the process died) is taken up again.
 */
export const analyticsTasks = pgTable(
  'analytics_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'running', 'completed', 'failed'] }).notNull(),
    /** What the starter asked for (e.g. force). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    percentage: integer('percentage').notNull().default(0),
    currentStep: text('current_step').notNull().default('Queued'),
    completed: integer('completed').notNull().default(0),
    total: integer('total').notNull().default(0),
    checkpoint: jsonb('checkpoint').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('analytics_tasks_business_idx').on(t.businessId, t.kind, t.createdAt),
    index('analytics_tasks_open_idx').on(t.status),
  ],
);
