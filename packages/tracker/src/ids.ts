import { C } from './config';
import { get, set } from './store';

/**
 * A random v4 UUID: the path of a blob URL (`blob:<origin>/<uuid>`) is one (File API: "generate a random
 * UUID"), shorter to ask for than building one from getRandomValues, and unlike crypto.randomUUID it works
 * on plain-http pages. The URL is revoked at once, so nothing stays registered.
 */
export const uuid = (u = URL.createObjectURL(new Blob())): string => {
  URL.revokeObjectURL(u);
  return u.slice(-36);
};

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
