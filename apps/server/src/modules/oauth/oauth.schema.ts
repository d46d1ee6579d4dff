import type { IntegrationProvider, OAuthHints, OAuthProvider } from '@ri/contracts';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { businesses } from '../businesses/businesses.schema.js';

/**
 * A sign-in under way: created when an owner or admin asks for the vendor's authorization address, deleted
 * when the vendor sends the browser back (single use) or once expired. Only hashes of the state and of the
 * browser's binding cookie are kept, so a database dump cannot finish someone's sign-in.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 (hex) of the `state` the vendor carries back. */
    stateHash: text('state_hash').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<OAuthProvider>().notNull(),
    /** The integration the sign-in is for (Meta: ads or the Conversions API). */
    integration: text('integration').$type<IntegrationProvider>().notNull(),
    /** SHA-256 (hex) of the cookie set in the browser that started the sign-in. */
    browserHash: text('browser_hash').notNull(),
    /** Google's PKCE code verifier, sealed by the vault for this state (it must be sent back in clear to Google). */
    codeVerifier: text('code_verifier'),
    hints: jsonb('hints').$type<OAuthHints>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_at').on(t.expiresAt)],
);
