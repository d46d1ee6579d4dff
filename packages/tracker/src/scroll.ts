import { D, emit, hide, now, on, page, round } from './core';
import { T } from './wire';

/** The deepest point of the current page seen so far, in % of its height (0-100). */
export let depth = 0;

const seen = () => round(Math.min(1, (scrollY + innerHeight) / D.documentElement.scrollHeight) * 100) || 0;

/**
 * Scroll depth (always measured: page summaries need it); `scroll` events at most every 2 s while
 * scrolling and on hide: max depth, direction reversals (from which the server derives `scroll_back_forth`
 * hesitations), and the distance scrolled with the time it took, pauses left out (the server divides them
 * into `velocity`). The listener only schedules: one measurement per 100 ms at most, 100 ms after the
 * first scroll event since the last one.
 *
 * Time spent scrolling: a measurement within 250 ms of the previous one took the time since it (a steady
 * scroll's measurements follow each other at 100 to 200 ms, at any rate of scroll events). The first
 * measurement after a pause has no previous one: it is taken to have lasted as long as the next one, or
 * 250 ms if none follows (a lone wheel turn). So a 60 Hz touch scroll and an 8 Hz wheel moving at the
 * same speed read the same, and a reading pause counts for nothing.
 */
export const initScroll = (): void => {
  let y = 0;
  // The last movement (its sign is the direction; 0: none yet on this page).
  let dir = 0;
  let reversals = 0;
  // Distance and time of the scrolling not yet reported (px, ms).
  let dist = 0;
  let busy = 0;
  // Whether the last measurement began a scroll (its 250 ms are provisional); a boolean or 0.
  let lone: unknown = 0;
  let last = 0;
  let sent = 0;
  let pending: ReturnType<typeof setTimeout> | 0 = 0;
  // `moved`: report even with nothing timed yet (a scroll starting now is reported at once; its distance
  // and time go with the next report, once its duration is known).
  const send = (_?: unknown, moved?: unknown) => {
    if (dist || moved)
      // Wire v2 keys: d depth, i dist, u dur, c dir_changes.
      emit(T.scroll, { d: depth, i: dist, u: busy, c: reversals });
    dist = busy = lone = 0;
    sent = now();
  };
  const measure = (t = now(), dy = scrollY - y, g = t - last) => {
    pending = 0;
    y = scrollY;
    depth = Math.max(depth, seen());
    if (dir * dy < 0) reversals++;
    // A report holds depth and reversals up to now, distance and time up to the previous measurement.
    if (t - sent > 1999) send(0, dy);
    if (dy) {
      dir = dy;
      dist += Math.abs(dy);
      // A scroll's first measurement counts 250 ms until the next one shows how long it took.
      busy += g > 249 ? 250 : g + (lone as number) * (g - 250);
      lone = g > 249;
      last = t;
    }
  };
  on('scroll', () => {
    if (!pending) pending = setTimeout(measure, 100);
  });
  page.push(() => {
    y = scrollY;
    reversals = dir = dist = busy = lone = 0;
    sent = now();
    depth = seen();
  });
  // Hide hooks get `left` first: `moved` stays undefined, so nothing is sent without a movement.
  hide.push(send);
};
