import { C, has } from './config';
import { D, emit, hide, now, on, round } from './core';
import { cleanUrl, mask } from './mask';

/**
 * Clicks and hovers. `click` carries page coordinates, the CTA flag and the text and href of the link or
 * control clicked. Clicks following each other within 1 s and 30 px form a burst; one of 3 or more sends
 * `rage_click` with its count when it ends (a click elsewhere or later, or the page hidden). `cta_hover`
 * is sent when the pointer leaves a call to action after 300 ms or more, the `hover_no_click` hesitation
 * after 2 s without a click. In full mode an element marked `data-ri-conversion` sends a `conversion`.
 */
export const initPointer = (): void => {
  let burst: { x: number; y: number; t: number; n: number; el: Element } | undefined;
  let hovered: Element | undefined;
  let since = 0;
  let clicked = false;
  const unhover = () => {
    const dur = now() - since;
    if (hovered) {
      if (dur > 299 && has('cta')) emit('cta_hover', { dur, clicked }, hovered);
      if (dur > 1999 && !clicked && has('hesit')) emit('hesitation', { kind: 'hover_no_click', dur }, hovered);
    }
    hovered = undefined;
  };
  on(D, 'mouseenter', (e) => {
    const t = e.target as Element;
    // biome-ignore lint/complexity/useOptionalChain: the es2018 build spells `?.` out at twice the size
    if (t.matches && t.matches(C.cta)) {
      unhover();
      hovered = t;
      since = now();
      clicked = false;
    }
  });
  on(D, 'mouseleave', (e) => {
    if (e.target === hovered) unhover();
  });
  const rage = () => {
    if (burst && burst.n > 2) emit('rage_click', { count: burst.n }, burst.el);
    burst = undefined;
  };
  hide.push(() => {
    unhover();
    rage();
  });
  on<MouseEvent>(D, 'click', (e) => {
    const t = e.target as Element;
    // A page script may dispatch clicks on the document itself; an exception here would reach its error reports.
    if (!t.closest) return;
    const x = round(e.pageX);
    const y = round(e.pageY);
    const ts = now();
    // Text only from links and controls (a big container's text costs time and may hold personal data),
    // never where people type: editable text is a typed value.
    const control = t.closest(`a,[data-ri],${C.cta}`);
    const editable = '[contenteditable]';
    const readable = control && !t.closest(editable) && !control.querySelector(editable);
    const link = t.closest('a');
    const conversion = C.full && t.closest('[data-ri-conversion]');
    // biome-ignore lint/complexity/useOptionalChain: the es2018 build spells `?.` out at twice the size
    if (hovered && hovered.contains(t)) clicked = true;
    if (has('click')) {
      emit(
        'click',
        {
          x,
          y,
          cta: !!t.closest(C.cta),
          text: readable ? mask(`${control!.textContent}`.replace(/\s+/g, ' ').trim()).slice(0, 60) : undefined,
          href: link ? cleanUrl(link.getAttribute('href') || '', C.full) : undefined,
        },
        control || t,
      );
      if (burst && ts - burst.t < 1000 && Math.hypot(x - burst.x, y - burst.y) < 30) {
        burst.t = ts;
        burst.n++;
      } else {
        rage();
        burst = { x, y, t: ts, n: 1, el: control || t };
      }
    }
    if (conversion)
      emit('conversion', { name: conversion.getAttribute('data-ri-conversion') || undefined }, conversion);
  });
};
