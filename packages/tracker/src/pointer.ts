import { cta, full, has } from './config';
import { emit, hide, now, on, round } from './core';
import { attr } from './element';
import { cleanUrl, cut } from './mask';
import { T } from './wire';

const EDITABLE = '[contenteditable]';

/**
 * Clicks and hovers. `click` carries page coordinates, the CTA flag and the text and href of the link or
 * control clicked. Clicks following each other within 1 s and 30 px form a burst; one of 3 or more sends
 * `rage_click` with its count when it ends (a click elsewhere or later, or the page hidden). `cta_hover`
 * is sent when the pointer leaves a call to action after 300 ms or more, the `hover_no_click` hesitation
 * after 2 s without a click. In full mode an element marked `data-ri-conversion` sends a `conversion`.
 */
export const initPointer = (): void => {
  // The current burst of clicks: its first click's position, its last click's time, its size and element.
  let bx = 0;
  let by = 0;
  let bt = 0;
  let count = 0;
  let burst: Element;
  // The call to action under the pointer, since when, and whether it was clicked.
  let hovered: Element | null = null;
  let since = 0;
  let clicked = false;
  const unhover = (dur = now() - since) => {
    if (hovered) {
      // Wire v2 keys: u dur, k clicked, n kind.
      if (dur > 299 && has('cta')) emit(T.cta_hover, { u: dur, k: clicked }, hovered);
      if (dur > 1999 && !clicked && has('hesit')) emit(T.hesitation, { n: 'hover_no_click', u: dur }, hovered);
    }
    hovered = null;
  };
  const rage = () => {
    if (count > 2) emit(T.rage_click, { N: count }, burst);
    count = 0;
  };
  hide.push(() => {
    unhover();
    rage();
  });
  on('mouseenter', (_, t) => {
    if (t.matches?.(cta)) {
      unhover();
      hovered = t;
      since = now();
      clicked = false;
    }
  });
  on('mouseleave', (_, t) => {
    if (t === hovered) unhover();
  });
  on<MouseEvent>('click', (e, t) => {
    // A page script may dispatch clicks on the document itself; an exception here would reach its error reports.
    if (!t.closest) return;
    const x = round(e.pageX);
    const y = round(e.pageY);
    const ts = now();
    // Text only from links and controls (a big container's text costs time and may hold personal data),
    // never where people type: editable text is a typed value.
    const control = t.closest(`a,[data-ri],${cta}`);
    const el = control || t;
    const link = t.closest('a');
    const conversion = full && t.closest('[data-ri-conversion]');
    if (hovered?.contains(t)) clicked = true;
    if (has('click')) {
      // Wire v2 keys: x, y, C cta, t text, h href.
      emit(
        T.click,
        {
          x,
          y,
          C: !!t.closest(cta),
          t:
            control && !t.closest(EDITABLE) && !control.querySelector(EDITABLE)
              ? cut(`${control.textContent}`.replace(/\s+/g, ' ').trim(), 60)
              : undefined,
          h: link ? cleanUrl(attr(link, 'href') || '') : undefined,
        },
        el,
      );
      if (count && ts - bt < 1e3 && Math.hypot(x - bx, y - by) < 30) count++;
      else {
        rage();
        count = 1;
        burst = el;
        bx = x;
        by = y;
      }
      bt = ts;
    }
    if (conversion) emit(T.conversion, { name: attr(conversion, 'data-ri-conversion') || undefined }, conversion);
  });
};
