// Used when storage throws (private modes, blocked cookies): ids then stay stable for the page instead of
// making a new session on every event, and the host page never sees an exception.
const mem: Record<string, string | undefined> = {};

type Area = 'localStorage' | 'sessionStorage';

/** Reads a key of localStorage (or `area`) without throwing. */
export const get = (k: string, area: Area = 'localStorage'): string | null | undefined => {
  try {
    return window[area].getItem(k);
  } catch {
    return mem[k];
  }
};

/**
 * Writes a key of localStorage (or `area`) without throwing; `v` undefined removes the key from both
 * storages (the SDK's keys are distinct).
 */
export const set = (k: string, v?: string, area: Area = 'localStorage'): void => {
  mem[k] = v;
  try {
    if (v == null) {
      localStorage.removeItem(k);
      sessionStorage.removeItem(k);
    } else window[area].setItem(k, v);
  } catch {}
};

/** Parses stored JSON, or undefined when missing or corrupt. */
export const parse = (s: string | null | undefined): unknown => {
  try {
    return JSON.parse(s as string);
  } catch {}
};
