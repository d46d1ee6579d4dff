import { C } from './config';
import { get, set } from './store';

/** A random v4 UUID from getRandomValues (randomUUID is missing on plain-http pages). */
export const uuid = (): string =>
  // Each digit (a string, which `^` and `/` read as a number) becomes a random hex digit or, for the version
  // and variant digits, a fixed one.
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
    (
      (c as unknown as number) ^
      (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> ((c as unknown as number) / 4)))
    ).toString(16),
  );

/** The browser's visitor id, made on first use and kept in localStorage `ri_vid`. */
export const visitorId = (v = get('ri_vid') || uuid()): string => {
  set('ri_vid', v);
  return v;
};

/**
 * The current session id (`ri_sid`), replaced when `ri_sat`, the last activity, is the configured
 * sessionTimeout old or more; records `now` as the new last activity. Shared by every tab through localStorage.
 */
export const sessionId = (now: number, s = get('ri_sid')): string => {
  // A missing `ri_sat` (null) makes the difference `now` itself: a new session.
  if (!(now - (get('ri_sat') as unknown as number) < (C.sessionTimeout || 18e5) && s)) {
    s = uuid();
    set('ri_sid', s);
  }
  set('ri_sat', `${now}`);
  return s;
};
