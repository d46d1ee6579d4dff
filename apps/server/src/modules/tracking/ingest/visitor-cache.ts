import type { VisitorState } from '@ri/engine';

/** A visitor's state as this process last wrote or read it, and the version stored with it (0: no row). */
export type KnownVisitor = { state: VisitorState | null; version: number };

export type VisitorCache = {
  get(key: string): KnownVisitor | undefined;
  set(key: string, known: KnownVisitor): void;
  delete(key: string): void;
  readonly size: number;
};

/** The cache key of a visitor: business and visitor id (lower case). */
export const visitorKey = (businessId: string, visitorId: string) => `${businessId}|${visitorId.toLowerCase()}`;

/**
 * The visitor states this process knows, so a flush can assign sessions without reading them (decision
 * 0012). A hint, never the truth: the write stores a state only over the version it was planned from, so a
 * stale or missing entry costs a redo under locks, not a wrong session. The least recently used entry goes
 * first once `max` are held.
 */
export function createVisitorCache(max = 50_000): VisitorCache {
  const entries = new Map<string, KnownVisitor>();
  return {
    get(key) {
      const known = entries.get(key);
      if (known) {
        entries.delete(key);
        entries.set(key, known);
      }
      return known;
    },
    set(key, known) {
      entries.delete(key);
      entries.set(key, known);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    delete: (key) => void entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
