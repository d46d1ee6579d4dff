import { D, leave, on, page, run, startPage } from './core';
import { flush } from './transport';

const where = () => location.pathname + location.search;

// Lets modules send what they hold (`left`: the page is gone; as the pagehide listener it gets the event), then
// flushes by beacon.
const bye = (left?: unknown) => {
  leave(left);
  flush(true);
};

/**
 * Drives the page hooks: a new page on every single-page-app route change (pushState, replaceState,
 * popstate; the same path and query is the same page, so hash jumps are not pages); on hide and on page
 * exit lets modules send, then flushes by beacon. Set up once, after every module registered its hooks.
 */
export const initLifecycle = (current?: string): void => {
  // Every page start records where it is (the SDK may start after route changes it did not follow).
  page.push(() => {
    current = where();
  });
  // Not only a listener: the history wrappers call it too, so it checks `run` itself.
  const route = () => {
    if (run && where() !== current) {
      leave(true);
      startPage();
    }
  };
  for (const k of ['pushState', 'replaceState'] as const) {
    const original = history[k];
    // An arrow passing every argument on; it calls the original on `history`, the only object it lives on.
    history[k] = (...a: Parameters<History['pushState']>) => {
      original.apply(history, a);
      route();
    };
  }
  on('popstate', route);
  on('visibilitychange', () => D.hidden && bye());
  on('pagehide', bye);
};
