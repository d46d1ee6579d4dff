// Used when storage throws (private modes, blocked cookies): ids then stay stable for the page, and the host
// page never sees an exception.
const mem: Record<string, string | undefined> = {};

/** Reads a key of localStorage without throwing. */
export const get = (k: string): string | null | undefined => {
  try {
    return localStorage.getItem(k);
  } catch {
    return mem[k];
  }
};

/** Writes a key of localStorage without throwing; `v` undefined removes the key. */
export const set = (k: string, v?: string): void => {
  mem[k] = v;
  try {
    if (v == null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  } catch {}
};

/** Parses stored JSON, or undefined when missing or corrupt. */
export const parse = (s: string | null | undefined): unknown => {
  try {
    return JSON.parse(s as string);
  } catch {}
};
