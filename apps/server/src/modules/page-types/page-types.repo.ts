import type { PageTypeRule } from '@ri/contracts';
import { and, asc, desc, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { businesses, pageTypeOverrides, trackingEvents } from '../../db/schema.js';

export type PageTypeRuleRow = typeof pageTypeOverrides.$inferSelect;

/**
 * The most (url, data.path, title) groups the page read folds into paths. Query strings make one path
 * many URLs; past this many groups the rarest are left out, which only touches pages far below the top 200.
 */
export const MAX_PAGE_VIEW_GROUPS = 5_000;

/** The business's rules, by path prefix. */
export function listRules(db: Executor, businessId: string): Promise<PageTypeRuleRow[]> {
  return db
    .select()
    .from(pageTypeOverrides)
    .where(eq(pageTypeOverrides.businessId, businessId))
    .orderBy(asc(pageTypeOverrides.match));
}

/**
 * Replaces the business's rules with `rules` in one transaction. A rule that keeps its page type keeps
 * its updated_at and updated_by, so they say when each rule last changed. Concurrent replacements of one
 * business queue on its row, so the result is always one whole rule set.
 */
export async function replaceRules(db: Db, businessId: string, rules: PageTypeRule[], userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
    const matches = rules.map((r) => r.match);
    await tx
      .delete(pageTypeOverrides)
      .where(
        and(
          eq(pageTypeOverrides.businessId, businessId),
          matches.length > 0 ? notInArray(pageTypeOverrides.match, matches) : undefined,
        ),
      );
    if (rules.length === 0) return;
    await tx
      .insert(pageTypeOverrides)
      .values(rules.map((r) => ({ businessId, match: r.match, pageType: r.page_type, updatedBy: userId })))
      .onConflictDoUpdate({
        target: [pageTypeOverrides.businessId, pageTypeOverrides.match],
        set: { pageType: sql`excluded.page_type`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
        setWhere: sql`${pageTypeOverrides.pageType} <> excluded.page_type`,
      });
  });
}

/** Page views of the last `days` days grouped by URL, the `data.path` the SDK sent, and title; most viewed first. */
export function pageViewGroups(db: Executor, businessId: string, days: number) {
  const dataPath = sql<
    string | null
  >`case when jsonb_typeof(${trackingEvents.data}->'path') = 'string' then ${trackingEvents.data}->>'path' end`;
  return db
    .select({ url: trackingEvents.url, dataPath, title: trackingEvents.title, views: sql<number>`count(*)::int` })
    .from(trackingEvents)
    .where(
      and(
        eq(trackingEvents.businessId, businessId),
        eq(trackingEvents.type, 'page_view'),
        gte(trackingEvents.occurredAt, sql`now() - (${days} * interval '1 day')`),
      ),
    )
    .groupBy(trackingEvents.url, dataPath, trackingEvents.title)
    .orderBy(desc(sql`count(*)`))
    .limit(MAX_PAGE_VIEW_GROUPS);
}
