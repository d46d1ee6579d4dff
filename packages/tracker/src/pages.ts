import { D, emit, hide, now, on, page } from './core';
import { sessionId } from './ids';
import { cleanUrl, mask } from './mask';
import { depth } from './scroll';
import { get, parse, set } from './store';
import { T } from './wire';

/**
 * Page views and page summaries: `page_view` when a page starts (spa for route changes, revisit when this
 * session saw the path before, ref on the first page only) and `page_hide` when it is left, with the time
 * it was visible and attended (an interaction, or the page start, within the last 30 s).
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
  for (const k of ['mousemove', 'keydown', 'scroll', 'pointerdown', 'touchstart'])
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
  page.push((path = location.pathname) => {
    start = counted = last = now();
    active = 0;
    // The visited set belongs to one session: its first entry is the session id.
    const s = sessionId(start);
    let seen = parse(get('ri_pv', true)) as string[] | undefined;
    if (seen?.[0] !== s) seen = [s];
    const revisit = seen.includes(path);
    if (!revisit) seen.push(path);
    set('ri_pv', JSON.stringify(seen.slice(0, 200)), true);
    // Wire v2 keys: p path, S spa, V revisit, R ref.
    emit(T.page_view, {
      p: mask(path),
      S: !first,
      V: revisit,
      R: (first && cleanUrl(D.referrer)) || undefined,
    });
    first = false;
  });
};
