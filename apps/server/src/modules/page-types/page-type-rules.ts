import { isPageType, type PageTypeOverride } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { listRules } from './page-types.repo.js';

/** The page-type rules of each business, as the engine reads them, kept in this process. */
export type PageTypeRules = {
  /** The business's rules: loaded from the table on first use, then kept until `invalidate`. */
  rulesFor(businessId: string): Promise<PageTypeOverride[]>;
  /** Drops the kept rules and tells the change listeners; call it after the change has committed. */
  invalidate(businessId: string): void;
  /** Calls `listener` with the business id whenever its rules change; answers the unsubscribe. */
  onChange(listener: (businessId: string) => void): () => void;
};

/**
 * An in-process cache of the page-type rules. Only this process's writes invalidate it: a server that
 * shares its database with others sees their rule changes after a restart.
 */
export function createPageTypeRules(db: Db, log?: Pick<FastifyBaseLogger, 'error'>): PageTypeRules {
  // The load in flight is kept, not only its result: concurrent first uses share one query, and an
  // invalidate during a load drops it, so a load that read the old rules is never kept.
  const loads = new Map<string, Promise<PageTypeOverride[]>>();
  const listeners = new Set<(businessId: string) => void>();

  const load = async (businessId: string): Promise<PageTypeOverride[]> => {
    const rows = await listRules(db, businessId);
    return rows.flatMap((r) => (isPageType(r.pageType) ? [{ match: r.match, page_type: r.pageType }] : []));
  };

  return {
    rulesFor(businessId) {
      let pending = loads.get(businessId);
      if (!pending) {
        pending = load(businessId);
        loads.set(businessId, pending);
        // A failed load is not kept, so the next use asks again.
        pending.catch(() => {
          if (loads.get(businessId) === pending) loads.delete(businessId);
        });
      }
      return pending.then((rules) => rules.map((r) => ({ ...r })));
    },
    invalidate(businessId) {
      loads.delete(businessId);
      for (const listener of [...listeners]) {
        try {
          listener(businessId);
        } catch (error) {
          // One listener's failure must not stop the others nor fail the write that changed the rules.
          log?.error({ err: error, businessId }, 'page-type rules change listener failed');
        }
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
