import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authSessions, emailTokens, refreshTokens, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; returns undefined when the e-mail is taken (a concurrent sign-up won). */
export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export function setPassword(db: Executor, userId: string, passwordHash: string) {
  return db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export function confirmEmail(db: Executor, userId: string) {
  return db
    .update(users)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

export async function insertSession(db: Executor, values: typeof authSessions.$inferInsert) {
  const [row] = await db.insert(authSessions).values(values).returning();
  return row!;
}

export async function findActiveSession(db: Executor, sessionId: string) {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .limit(1);
  return row;
}

export function revokeSession(db: Executor, sessionId: string, reason: string) {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every session of a user, optionally sparing one (logout scope 'others'). */
export function revokeUserSessions(db: Executor, userId: string, reason: string, except?: string) {
  return db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        except ? ne(authSessions.id, except) : undefined,
      ),
    );
}

export function insertRefreshToken(db: Executor, sessionId: string, tokenHash: string) {
  return db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** Finds a refresh token with its session, locking the token row so concurrent rotations serialise. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: refreshTokens });
  return row;
}

/** Marks a refresh token used; false when another request used it first. */
export async function markRefreshTokenUsed(db: Executor, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export function touchSession(db: Executor, sessionId: string) {
  return db.update(authSessions).set({ refreshedAt: new Date() }).where(eq(authSessions.id, sessionId));
}

export function insertEmailToken(db: Executor, values: typeof emailTokens.$inferInsert) {
  return db.insert(emailTokens).values(values);
}

/** Consumes a valid, unexpired, unused e-mailed token in one statement; undefined when it is not usable. */
export async function consumeEmailToken(db: Executor, tokenHash: string, purpose: 'reset' | 'confirm') {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row;
}

/** Earlier unused tokens of the same purpose stop working when a new one is issued or one is used. */
export function invalidateEmailTokens(db: Executor, userId: string, purpose: 'reset' | 'confirm') {
  return db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
