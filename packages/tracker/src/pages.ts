import { D, emit, hide, now, on, page } from './core';
import { cleanUrl } from './mask';
import { depth } from './scroll';
import { T } from './wire';

/**
 * Page views and page summaries: `page_view` when a page starts (`ref`, possibly '', on the first page of a
 * page load only: the server reads a route change from its absence, takes the path from the event's url
 * and derives revisits) and `page_hide` when it is left, with the time it was visible and attended (an
 * interaction, or the page start, within the last 30 s). Pointer events cover touch: every browser that
 * runs this es2020 script has them, so a tap is a `pointerdown`.
 */
export const initPages = (): void => {
  let first = true;
  let start = 0;
  let active = 0;
  let counted = 0;
  let last = 0;
  // Credits the time since the last count if the tab was visible all along (`visible`, by default: it is
  // visible now, since every change of visibility counts), but never more than 30 s past the last interaction.
  const credit = (visible: unknown = !D.hidden, t = now()) => {
    if (visible) active += Math.max(0, Math.min(t, last + 3e4) - counted);
    counted = t;
  };
  for (const k of ['mousemove', 'keydown', 'scroll', 'pointerdown'])
    on(k, () => {
      credit();
      last = counted;
    });
  // A change of visibility: the stretch before it was visible if the tab is hidden now. Registered before
  // the lifecycle's listener, so the visible stretch is credited before hide hooks run.
  on('visibilitychange', () => credit(D.hidden));
  hide.push((left) => {
    credit();
    // Wire v2 keys: A active_ms, T total_ms, d depth.
    if (left) emit(T.page_hide, { A: active, T: now() - start, d: depth });
  });
  page.push(() => {
    start = counted = last = now();
    active = 0;
    // Wire v2 keys: R ref (the server adds p path, S spa and V revisit).
    emit(T.page_view, {
      R: first ? cleanUrl(D.referrer) : undefined,
    });
    first = false;
  });
};
