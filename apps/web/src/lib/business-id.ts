import { useSyncExternalStore } from 'react';

/** localStorage key of the business the user chose; absent means the server picks the user's own. */
export const BUSINESS_STORAGE_KEY = 'ri.business';

const listeners = new Set<() => void>();
let cached: string | null | undefined;

function read(): string | null {
  try {
    return localStorage.getItem(BUSINESS_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getBusinessId(): string | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function setBusinessId(id: string | null) {
  try {
    if (id === null) localStorage.removeItem(BUSINESS_STORAGE_KEY);
    else localStorage.setItem(BUSINESS_STORAGE_KEY, id);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  if (cached === id) return;
  cached = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BUSINESS_STORAGE_KEY) return;
    cached = event.newValue;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen business id, re-rendering when it changes (also from another tab). */
export function useBusinessId(): string | null {
  return useSyncExternalStore(subscribe, getBusinessId, getBusinessId);
}

/** Test helper: drop the in-memory copy so the next read comes from storage. */
export function resetBusinessIdForTests() {
  cached = undefined;
}
