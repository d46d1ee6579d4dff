import { D, emit, hide, now, on, page, round } from './core';
import { T } from './wire';

/** The deepest point of the current page seen so far, in % of its height (0-100). */
export let depth = 0;

const seen = () => round(Math.min(1, (scrollY + innerHeight) / D.documentElement.scrollHeight) * 100) || 0;

/**
 * Scroll depth (always measured: page summaries need it); `scroll` events at most every 2 s while
 * scrolling and on hide (max depth, px/s since the window's first movement, direction reversals, from
 * which the server derives `scroll_back_forth` hesitations). The listener only schedules: one computation
 * per 100 ms at most.
 */
export const initScroll = (): void => {
  let y = 0;
  // The last movement (its sign is the direction; 0: none yet on this page).
  let dir = 0;
  let reversals = 0;
  let dist = 0;
  let first = 0;
  let sent = 0;
  let pending: ReturnType<typeof setTimeout> | 0 = 0;
  const send = () => {
    // The first movement was measured up to one throttle period (100 ms) after it began.
    if (dist)
      // Wire v2 keys: d depth, v velocity, c dir_changes.
      emit(T.scroll, { d: depth, v: round((dist * 1e3) / (now() - first + 100)), c: reversals });
    dist = first = 0;
    sent = now();
  };
  const measure = (t = now(), dy = scrollY - y) => {
    pending = 0;
    y = scrollY;
    if (dy) {
      if (dir * dy < 0) reversals++;
      dir = dy;
      dist += Math.abs(dy);
      first ||= t;
    }
    depth = Math.max(depth, seen());
    if (t - sent > 1999) send();
  };
  on('scroll', () => {
    if (!pending) pending = setTimeout(measure, 100);
  });
  page.push(() => {
    y = scrollY;
    dir = reversals = dist = first = 0;
    sent = now();
    depth = seen();
  });
  hide.push(send);
};
