import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

// Each business's page-type rules.

/** A business's own page-type rules: pages whose path starts with `match` are of `page_type`. */
export const pageTypeOverrides = pgTable(
  'page_type_overrides',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** A path prefix, lower case, starting with '/'. The longest matching prefix wins. */
    match: text('match').notNull(),
    pageType: text('page_type').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.match] })],
);
