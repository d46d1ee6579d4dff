import { Script } from 'node:vm';
import { buildTracker } from '@ri/tracker/build';

let compiled: Promise<Script> | undefined;

/**
 * The real browser SDK, built from packages/tracker with its own build (the minified bundle a site
 * loads) and compiled once; every visitor's window runs the same compiled script.
 */
export const loadTrackerScript = (): Promise<Script> => {
  compiled ??= buildTracker().then(({ min }) => new Script(min, { filename: 'ri-tracker.min.js' }));
  return compiled;
};
