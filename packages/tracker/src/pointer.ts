import { cta, full } from './config';
import { emit, hide, now, on, round } from './core';
import { attr } from './element';
import { cleanUrl, cut } from './mask';
import { T } from './wire';

const EDITABLE = '[contenteditable]';

/**
 * Clicks and hovers. `click` carries page coordinates, the CTA flag and the text and href of the link or
 * control clicked (the server derives rage clicks from them). `cta_hover` is sent when the pointer leaves a
 * call to action after 300 ms or more, with its duration (the server derives whether it was clicked from
 * the clicks within it, and `hover_no_click`). In full mode an element marked `data-ri-conversion` sends a
 * `conversion`.
 */
export const initPointer = (): void => {
  // The call to action under the pointer, and since when.
  let hovered: Element | null | undefined;
  let since = 0;
  const unhover = (dur = now() - since) => {
    if (hovered) {
      // Wire v2 keys: u dur.
      if (dur > 299) emit(T.cta_hover, { u: dur }, hovered);
    }
    hovered = null;
  };
  hide.push(() => unhover());
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
      }
    }
  });
  on<MouseEvent>('click', (e, t) => {
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
    emit(T.click, d, el);
    const conversion = full && t.closest('[data-ri-conversion]');
    if (conversion) emit(T.conversion, { name: attr(conversion, 'data-ri-conversion') || undefined }, conversion);
  });
};
