import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

// The outbox of every e-mail the product writes.

/** Every e-mail the product writes, committed with the change that caused it, then delivered. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_messages_to_idx').on(sql`lower(${t.to})`), index('email_messages_status_idx').on(t.status)],
);
