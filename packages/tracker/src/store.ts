// Used when storage throws (private modes, blocked cookies): ids then stay stable for the page instead of
// making a new session on every event, and the host page never sees an exception.
const mem: Record<string, string | null | undefined> = {};

const io =
  (name: 'localStorage' | 'sessionStorage') =>
  (k: string, v?: string | null): string | null | undefined => {
    try {
      const s = window[name];
      if (v === undefined) return s.getItem(k);
      if (v === null) s.removeItem(k);
      else s.setItem(k, v);
    } catch {
      if (v === undefined) return mem[k];
      mem[k] = v;
    }
  };

/** Reads (`ls(k)`), writes (`ls(k, v)`) or removes (`ls(k, null)`) a localStorage key without throwing. */
export const ls = io('localStorage');
/** The same for sessionStorage. */
export const ss = io('sessionStorage');

/** Parses stored JSON, or undefined when missing or corrupt. */
export const parse = (s: string | null | undefined): unknown => {
  try {
    return JSON.parse(s as string);
  } catch {}
};
