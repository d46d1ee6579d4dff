import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';

// Businesses and who belongs to them.

export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    industry: text('industry').notNull().default('other'),
    website: text('website').notNull().default(''),
    color: text('color').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('businesses_slug_key').on(t.slug)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_pkey_idx').on(t.userId, t.businessId),
    index('memberships_business_idx').on(t.businessId),
  ],
);
