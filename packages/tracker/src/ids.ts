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
