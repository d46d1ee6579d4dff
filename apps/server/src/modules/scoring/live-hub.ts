import type { LiveSessionEvent } from '@ri/contracts';

type Listener = (event: LiveSessionEvent) => void;

/** Fan-out of scored session changes to the open live streams of each business (in this process). */
export type LiveHub = {
  publish(businessId: string, event: LiveSessionEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(businessId: string, listener: Listener): () => void;
  /** Every business's changes (modules that act on scores, wired by the app); returns the unsubscribe function. */
  subscribeAll(listener: (businessId: string, event: LiveSessionEvent) => void): () => void;
  listeners(): number;
};

export function createLiveHub(): LiveHub {
  const byBusiness = new Map<string, Set<Listener>>();
  const everyBusiness = new Set<(businessId: string, event: LiveSessionEvent) => void>();
  let count = 0;
  return {
    publish(businessId, event) {
      for (const listener of byBusiness.get(businessId) ?? []) listener(event);
      for (const listener of everyBusiness) listener(businessId, event);
    },
    subscribeAll(listener) {
      everyBusiness.add(listener);
      return () => everyBusiness.delete(listener);
    },
    subscribe(businessId, listener) {
      const set = byBusiness.get(businessId) ?? new Set<Listener>();
      byBusiness.set(businessId, set);
      set.add(listener);
      count++;
      return () => {
        if (set.delete(listener)) count--;
        if (set.size === 0) byBusiness.delete(businessId);
      };
    },
    listeners: () => count,
  };
}
