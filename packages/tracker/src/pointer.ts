import { cta, full } from './config';
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
  // The current burst of clicks: its first click's data (x, y), its last click's time, its size and element.
  let first: { x: number; y: number };
  let bt = 0;
  let count = 0;
  let burst: Element;
  // The call to action under the pointer, since when, and whether it was clicked.
  let hovered: Element | null | undefined;
  let since = 0;
  let clicked = false;
  const unhover = (dur = now() - since) => {
    if (hovered) {
      // Wire v2 keys: u dur, k clicked, n kind.
      if (dur > 299) emit(T.cta_hover, { u: dur, k: clicked }, hovered);
      if (dur > 1999 && !clicked) emit(T.hesitation, { n: 'hover_no_click', u: dur }, hovered);
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
  // mouseover, not mouseenter and mouseleave: browsers do not show those two to a listener on the window,
  // even capturing. The CTA is the nearest one around the element under the pointer; the hover ends when the
  // pointer is over something else (or the page is hidden).
  on('mouseover', (_, t) => {
    const c = t.closest?.(cta);
    if (c !== hovered) {
      unhover();
      if (c) {
        hovered = c;
        since = now();
        clicked = false;
      }
    }
  });
  on<MouseEvent>('click', (e, t, ts = now()) => {
    // A page script may dispatch clicks on the document itself; an exception here would reach its error reports.
    if (!t.closest) return;
    // Text only from links and controls (a big container's text costs time and may hold personal data),
    // never where people type: editable text is a typed value.
    const control = t.closest(`a,[data-ri],${cta}`);
    const el = control || t;
    const link = t.closest('a');
    // Wire v2 keys: x, y, C cta, t text, h href.
    const d = {
      x: round(e.pageX),
      y: round(e.pageY),
      C: !!t.closest(cta),
      t:
        control && !t.closest(EDITABLE) && !control.querySelector(EDITABLE)
          ? cut(control.textContent!.replace(/\s+/g, ' ').trim(), 60)
          : undefined,
      h: link ? cleanUrl(attr(link, 'href') || '') : undefined,
    };
    if (hovered?.contains(t)) clicked = true;
    emit(T.click, d, el);
    if (count && ts - bt < 1e3 && Math.hypot(d.x - first.x, d.y - first.y) < 30) count++;
    else {
      rage();
      count = 1;
      burst = el;
      first = d;
    }
    bt = ts;
    const conversion = full && t.closest('[data-ri-conversion]');
    if (conversion) emit(T.conversion, { name: attr(conversion, 'data-ri-conversion') || undefined }, conversion);
  });
};
