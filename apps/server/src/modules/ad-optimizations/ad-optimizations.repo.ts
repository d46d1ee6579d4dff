import { type AnyColumn, and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { adOptimizationActions, users } from '../../db/schema.js';
import type { AdActionStatus } from './ad-optimizations.schema.js';

export type AdActionRow = typeof adOptimizationActions.$inferSelect;
/** A row with the names (or e-mails) of who implemented and who undid it. */
export type AdActionView = AdActionRow & { createdByName: string | null; undoneByName: string | null };
type NewAction = Omit<typeof adOptimizationActions.$inferInsert, 'status'>;

/** How long a process may hold a row while it changes the platform; a crashed one's row is free after. */
export const LOCK_SECONDS = 120;

const creator = alias(users, 'creator');
const undoer = alias(users, 'undoer');
/** A person as others read them: their name, else their e-mail. */
const nameOf = (t: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<string | null>`coalesce(nullif(trim(${t.firstName} || ' ' || ${t.lastName}), ''), ${t.email})`;

const withNames = (db: Db) =>
  db
    .select({ row: adOptimizationActions, createdByName: nameOf(creator), undoneByName: nameOf(undoer) })
    .from(adOptimizationActions)
    .leftJoin(creator, eq(creator.id, adOptimizationActions.createdBy))
    .leftJoin(undoer, eq(undoer.id, adOptimizationActions.undoneBy));

const flat = (r: { row: AdActionRow; createdByName: string | null; undoneByName: string | null }): AdActionView => ({
  ...r.row,
  createdByName: r.createdByName,
  undoneByName: r.undoneByName,
});

/**
 * Inserts the row of an implementation about to start (status pending, held for LOCK_SECONDS), or answers null when
 * the same change of the same recommendation is already pending, applied or a task (the unique index).
 */
export async function insertPending(db: Db, values: NewAction): Promise<AdActionRow | null> {
  const [row] = await db
    .insert(adOptimizationActions)
    .values({ ...values, status: 'pending', lockedUntil: sql`now() + ${`${LOCK_SECONDS} seconds`}::interval` })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The pending, applied or task row of a change, if any. */
export async function findActive(
  db: Db,
  key: { businessId: string; campaignId: string; recommendationId: string; actionKey: string },
): Promise<AdActionRow | undefined> {
  const [row] = await db
    .select()
    .from(adOptimizationActions)
    .where(
      and(
        eq(adOptimizationActions.businessId, key.businessId),
        eq(adOptimizationActions.campaignId, key.campaignId),
        eq(adOptimizationActions.recommendationId, key.recommendationId),
        eq(adOptimizationActions.actionKey, key.actionKey),
        inArray(adOptimizationActions.status, ['pending', 'applied', 'task']),
      ),
    );
  return row;
}

/** Ends a pending row whose process stopped holding it (a crash mid-change) as failed; true when it did. */
export async function failAbandoned(db: Db, id: string, message: string): Promise<boolean> {
  const rows = await db
    .update(adOptimizationActions)
    .set({ status: 'failed', message, lockedUntil: null })
    .where(
      and(
        eq(adOptimizationActions.id, id),
        eq(adOptimizationActions.status, 'pending'),
        lt(adOptimizationActions.lockedUntil, sql`now()`),
      ),
    )
    .returning({ id: adOptimizationActions.id });
  return rows.length > 0;
}

/** Writes the outcome of an implementation or an undo and frees the row. */
export async function finish(
  db: Db,
  id: string,
  fields: Partial<Pick<AdActionRow, 'status' | 'before' | 'after' | 'currency' | 'message' | 'undoneBy' | 'undoneAt'>>,
): Promise<void> {
  await db
    .update(adOptimizationActions)
    .set({ ...fields, lockedUntil: null })
    .where(eq(adOptimizationActions.id, id));
}

/**
 * Takes an applied row or task of the business for an undo: held for LOCK_SECONDS unless another process holds it.
 * Null when no such row is free (absent, not undoable, or being changed).
 */
export async function claimForUndo(db: Db, businessId: string, id: string): Promise<AdActionRow | null> {
  const statuses: AdActionStatus[] = ['applied', 'task'];
  const [row] = await db
    .update(adOptimizationActions)
    .set({ lockedUntil: sql`now() + ${`${LOCK_SECONDS} seconds`}::interval` })
    .where(
      and(
        eq(adOptimizationActions.businessId, businessId),
        eq(adOptimizationActions.id, id),
        inArray(adOptimizationActions.status, statuses),
        or(isNull(adOptimizationActions.lockedUntil), lt(adOptimizationActions.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** One action of the business with names, or undefined (another business's id reads as absent). */
export async function findAction(db: Db, businessId: string, id: string): Promise<AdActionView | undefined> {
  const [row] = await withNames(db).where(
    and(eq(adOptimizationActions.businessId, businessId), eq(adOptimizationActions.id, id)),
  );
  return row ? flat(row) : undefined;
}

/** The business's actions, newest first (pending ones are still under way and not listed). */
export async function listActions(
  db: Db,
  businessId: string,
  options: { campaignId?: string; limit: number },
): Promise<AdActionView[]> {
  const rows = await withNames(db)
    .where(
      and(
        eq(adOptimizationActions.businessId, businessId),
        ne(adOptimizationActions.status, 'pending'),
        options.campaignId ? eq(adOptimizationActions.campaignId, options.campaignId) : undefined,
      ),
    )
    .orderBy(desc(adOptimizationActions.createdAt), desc(adOptimizationActions.id))
    .limit(options.limit);
  return rows.map(flat);
}
