import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IntegrationProvider, OAuthHints, OAuthProvider } from '@ri/contracts';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthStates } from '../../db/schema.js';

/** How long a sign-in may take, from the authorization address to the vendor's redirect back. */
export const STATE_TTL_MS = 10 * 60_000;

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** 32 random bytes, base64url: a state, a browser binding or (48 bytes) a PKCE verifier. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256Challenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Whether a presented secret hashes to the stored hash, compared in constant time. */
export function matchesHash(presented: string | undefined, storedHex: string): boolean {
  if (!presented) return false;
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(storedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function saveState(
  db: Db,
  state: {
    stateHash: string;
    businessId: string;
    userId: string;
    provider: OAuthProvider;
    integration: IntegrationProvider;
    browserHash: string;
    codeVerifier: string | null;
    hints: OAuthHints;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(oauthStates).values(state);
}

/** Takes the sign-in of a state out of the table: a state opens at most one callback, whatever comes next. */
export async function consumeState(db: Db, state: string): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256Hex(state)))
    .returning();
  return row;
}

/** Forgets sign-ins that were never finished. */
export async function deleteExpiredStates(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, now))
    .returning({ stateHash: oauthStates.stateHash });
  return deleted.length;
}
