// Used when storage throws (private modes, blocked cookies): ids then stay stable for the page instead of
// making a new session on every event, and the host page never sees an exception.
const mem: Record<string, string | undefined> = {};

/** localStorage, or sessionStorage when `session` (may throw where storage is blocked). */
const area = (session?: boolean) => (session ? sessionStorage : localStorage);

/** Reads a key of localStorage (sessionStorage when `session`) without throwing. */
export const get = (k: string, session?: boolean): string | null | undefined => {
  try {
    return area(session).getItem(k);
  } catch {
    return mem[k];
  }
};

/**
 * Writes a key of localStorage (sessionStorage when `session`) without throwing; `v` undefined removes the
 * key from both storages (the SDK's keys are distinct).
 */
export const set = (k: string, v?: string, session?: boolean): void => {
  mem[k] = v;
  try {
    if (v == null) {
      localStorage.removeItem(k);
      sessionStorage.removeItem(k);
    } else area(session).setItem(k, v);
  } catch {}
};

/** Parses stored JSON, or undefined when missing or corrupt. */
export const parse = (s: string | null | undefined): unknown => {
  try {
    return JSON.parse(s as string);
  } catch {}
};
