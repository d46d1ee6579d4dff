import { full } from './config';
import { D, emit, hide, now, on, page } from './core';
import { sessionId } from './ids';
import { cleanUrl, mask } from './mask';
import { depth } from './scroll';
import { get, parse, set } from './store';

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
  let visible = true;
  // Credits the time since the last count if the tab was visible, but never more than 30 s past the
  // last interaction.
  const credit = (t = now()) => {
    if (visible) active += Math.max(0, Math.min(t, last + 3e4) - counted);
    counted = t;
  };
  for (const k of ['mousemove', 'keydown', 'scroll', 'pointerdown', 'touchstart'])
    on(D, k, () => {
      credit();
      last = counted;
    });
  // Registered before the lifecycle's listener, so the visible stretch is credited before hide hooks run.
  on(D, 'visibilitychange', () => {
    credit();
    visible = !D.hidden;
  });
  hide.push((left) => {
    credit();
    if (left) emit('page_hide', { active_ms: active, total_ms: now() - start, depth });
  });
  page.push((path = location.pathname) => {
    start = counted = last = now();
    active = 0;
    visible = !D.hidden;
    // The visited set belongs to one session: its first entry is the session id.
    const s = sessionId(start);
    let seen = (parse(get('ri_pv', 'sessionStorage')) as string[]) || [];
    if (seen[0] !== s) seen = [s];
    const revisit = seen.includes(path);
    if (!revisit) seen.push(path);
    set('ri_pv', JSON.stringify(seen.slice(0, 200)), 'sessionStorage');
    emit('page_view', {
      path: mask(path),
      spa: !first,
      revisit,
      ref: first && D.referrer ? cleanUrl(D.referrer, full) : undefined,
    });
    first = false;
  });
};
