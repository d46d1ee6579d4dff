import { emit, hide, now, on, round } from './core';
import { T } from './wire';

/**
 * `mouse_movement`: moves sampled at most every 100 ms, sent after 5 s of movement and on hide: the count,
 * the distance in px and up to 20 `[x, y, t]` samples (one per 250 ms; t in ms since page load).
 */
export const initMouse = (): void => {
  let moves = 0;
  let dist = 0;
  let samples: number[][] = [];
  let x = 0;
  let y = 0;
  let sampled = 0;
  let kept = 0;
  let sent = now();
  const send = () => {
    // Wire v2 keys: m moves, i dist, s samples.
    if (moves) emit(T.mouse_movement, { m: moves, i: round(dist), s: samples });
    moves = dist = 0;
    samples = [];
    sent = now();
  };
  on<MouseEvent>('mousemove', (e, _, t = now()) => {
    if (t - sampled > 99) {
      sampled = t;
      if (moves++) dist += Math.hypot(e.pageX - x, e.pageY - y);
      x = round(e.pageX);
      y = round(e.pageY);
      if (t - kept > 249 && samples.length < 20) {
        kept = t;
        samples.push([x, y, round(performance.now())]);
      }
      if (t - sent > 4999) send();
    }
  });
  hide.push(send);
};
