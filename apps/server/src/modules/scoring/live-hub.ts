import type { LiveSessionEvent } from '@ri/contracts';

type Listener = (event: LiveSessionEvent) => void;

/** Fan-out of scored session changes to the open live streams of each business (in this process). */
export type LiveHub = {
  publish(businessId: string, event: LiveSessionEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(businessId: string, listener: Listener): () => void;
  listeners(): number;
};

export function createLiveHub(): LiveHub {
  const byBusiness = new Map<string, Set<Listener>>();
  let count = 0;
  return {
    publish(businessId, event) {
      for (const listener of byBusiness.get(businessId) ?? []) listener(event);
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
