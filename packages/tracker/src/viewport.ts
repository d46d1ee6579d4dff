import { D, emit, hide, now, on, page } from './core';
import { T } from './wire';

/**
 * `viewport` for elements marked `data-ri-track` or `data-ri-view`: how long each stayed at least half
 * visible, sent when it leaves view, when the tab is hidden (timing restarts when it is shown again) and
 * when the page is left. IntersectionObserver is not checked for: every browser that parses this es2020
 * script has it.
 */
export const initViewport = (): void => {
  // Each element in view: since when, and how much of it was visible then.
  const visible = new Map<Element, number[]>();
  // Ends an element's time in view (`v`: its entry, if it was in view); a Map's forEach passes (v, el).
  const end = (v: number[] | undefined, el: Element) => {
    // Wire v2 keys: u dur, r ratio.
    if (v) emit(T.viewport, { u: now() - v[0]!, r: v[1] }, el);
    visible.delete(el);
  };
  const io = new IntersectionObserver(
    (entries) => {
      for (const { target, intersectionRatio: r } of entries)
        if (r < 0.5) end(visible.get(target), target);
        else if (!visible.has(target)) visible.set(target, [now(), r]);
    },
    { threshold: 0.5 },
  );
  // Observing again makes the observer report the current state, which restarts timing for visible ones.
  const observe = () => {
    for (const el of D.querySelectorAll('[data-ri-track],[data-ri-view]')) io.observe(el);
  };
  page.push(observe);
  on('visibilitychange', () => D.hidden || observe());
  hide.push(() => {
    // Deleting the current entry while iterating a Map is safe.
    visible.forEach(end);
    io.disconnect();
  });
};
