import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { engagementActions } from '../../db/schema.js';

export type EngagementActionRow = typeof engagementActions.$inferSelect;

/** Stores a new action and answers it as stored. */
export async function insertAction(
  db: Executor,
  values: typeof engagementActions.$inferInsert,
): Promise<EngagementActionRow> {
  const [row] = await db.insert(engagementActions).values(values).returning();
  return row!;
}

/** The business's actions, newest first, optionally for one session or one insight. */
export function listActions(
  db: Executor,
  businessId: string,
  filter: { sessionId?: string; insightId?: string; limit: number },
): Promise<EngagementActionRow[]> {
  const conditions: SQL[] = [eq(engagementActions.businessId, businessId)];
  if (filter.sessionId) conditions.push(eq(engagementActions.sessionId, filter.sessionId));
  if (filter.insightId) conditions.push(eq(engagementActions.insightId, filter.insightId));
  return db
    .select()
    .from(engagementActions)
    .where(and(...conditions))
    .orderBy(desc(engagementActions.createdAt))
    .limit(filter.limit);
}
