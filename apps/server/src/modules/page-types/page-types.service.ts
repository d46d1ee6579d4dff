import {
  MAX_OBSERVED_PAGES,
  type ObservedPage,
  PAGE_TYPES_WINDOW_DAYS,
  type PageTypeRule,
  type PageTypesResponse,
} from '@ri/contracts';
import { inferPageType, isPageType, type PageTypeOverride, pagePathOf, typePage } from '@ri/engine';
import type { Db } from '../../db/client.js';
import type { PageTypeRules } from './page-type-rules.js';
import * as repo from './page-types.repo.js';

type ViewGroup = Awaited<ReturnType<typeof repo.pageViewGroups>>[number];

/** The match of the rule the engine applies to `path`: the longest prefix, or null. */
function ruleFor(path: string, rules: readonly PageTypeOverride[]): string | null {
  let best: string | null = null;
  for (const { match } of rules)
    if (path.startsWith(match) && (best === null || match.length > best.length)) best = match;
  return best;
}

/**
 * Folds page-view groups into page paths as the engine's journey reads a page view: the path from the
 * SDK's `data.path`, else the URL; the type from the URL (else that path) and the title. A path whose
 * views were typed differently (titles differ) shows the typing of most of its views, with the confidence
 * of its most viewed URL and title (the groups come most viewed first).
 */
function observedPages(groups: readonly ViewGroup[], rules: readonly PageTypeOverride[]): ObservedPage[] {
  const byPath = new Map<string, { views: number; typings: Map<string, { page: ObservedPage; views: number }> }>();
  for (const g of groups) {
    const source = g.dataPath || g.url;
    if (!source) continue;
    const path = pagePathOf(source);
    const typed = g.url ?? path;
    const inferred = typePage(typed, g.title);
    const page: ObservedPage = {
      path,
      views: 0,
      inferred_type: inferred.type,
      inferred_confidence: inferred.confidence,
      effective_type: inferPageType(typed, g.title, rules),
      rule: ruleFor(pagePathOf(typed), rules),
    };
    const entry = byPath.get(path) ?? { views: 0, typings: new Map() };
    byPath.set(path, entry);
    entry.views += g.views;
    const key = `${page.inferred_type} ${page.effective_type} ${page.rule}`;
    const typing = entry.typings.get(key) ?? { page, views: 0 };
    entry.typings.set(key, typing);
    typing.views += g.views;
  }
  return [...byPath.values()]
    .map(({ views, typings }) => {
      const [top] = [...typings.values()].sort((a, b) => b.views - a.views);
      return { ...top!.page, views };
    })
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
    .slice(0, MAX_OBSERVED_PAGES);
}

/** The business's rules and its most viewed pages of the window, typed with and without them. */
export async function readPageTypes(db: Db, businessId: string): Promise<PageTypesResponse> {
  const [rows, groups] = await Promise.all([
    repo.listRules(db, businessId),
    repo.pageViewGroups(db, businessId, PAGE_TYPES_WINDOW_DAYS),
  ]);
  const rules = rows.flatMap((r) =>
    isPageType(r.pageType) ? [{ match: r.match, page_type: r.pageType, updated_at: r.updatedAt.toISOString() }] : [],
  );
  return { rules, pages: observedPages(groups, rules) };
}

/** Replaces the business's rules, then drops the kept copy (the scorer re-types recent sessions). */
export async function replacePageTypes(
  db: Db,
  pageTypes: PageTypeRules,
  businessId: string,
  rules: PageTypeRule[],
  userId: string,
): Promise<PageTypesResponse> {
  await repo.replaceRules(db, businessId, rules, userId);
  pageTypes.invalidate(businessId);
  return readPageTypes(db, businessId);
}
