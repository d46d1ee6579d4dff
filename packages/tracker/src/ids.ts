import { C } from './config';
import { ls } from './store';

/** A random v4 UUID from getRandomValues (randomUUID is missing on plain-http pages). */
export const uuid = (): string => {
  const r = crypto.getRandomValues(new Uint8Array(32));
  let i = 0;
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (+c ^ (r[i++]! & (15 >> (+c / 4)))).toString(16),
  );
};

/** The browser's visitor id, made on first use and kept in localStorage `ri_vid`. */
export const visitorId = (): string => {
  let v = ls('ri_vid');
  if (!v) {
    v = uuid();
    ls('ri_vid', v);
  }
  return v;
};

/**
 * The current session id (`ri_sid`), replaced when `ri_sat`, the last activity, is the configured
 * sessionTimeout old or more; records `now` as the new last activity. Shared by every tab through localStorage.
 */
export const sessionId = (now: number): string => {
  let s = ls('ri_sid');
  if (!s || !(now - Number(ls('ri_sat')) < (C.sessionTimeout || 1_800_000))) {
    s = uuid();
    ls('ri_sid', s);
  }
  ls('ri_sat', `${now}`);
  return s;
};
