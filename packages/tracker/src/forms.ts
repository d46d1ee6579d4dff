import { full } from './config';
import { emit, hide, now, on } from './core';
import { attr } from './element';
import { T } from './wire';

// Names only, from attributes: a field's value is never read anywhere in the SDK.
const name = (el: Element | null) => (el && (attr(el, 'name') || attr(el, 'id'))) || undefined;

/**
 * `form_interaction`: focus, blur (with ms focused), submit, and abandon when a page is left after a
 * form's field was focused but the form was not submitted. In full mode a submit on a thank-you page
 * also sends a `conversion`.
 */
export const initForms = (): void => {
  // Forms touched on this page and not submitted, with the last field focused.
  const touched = new Map<Element, string | undefined>();
  let focused = 0;
  // Wire v2 data keys: a action, o form, f field, u dur (undefined ones are not sent). Submit and abandon
  // are actions (sent promptly); focus and blur pass `soon` 0.
  for (const type of ['focus', 'blur'])
    on(type, (_, t) => {
      if (/^(input|select|textarea)$/.test(t.localName)) {
        const { form } = t as HTMLInputElement;
        const field = name(t);
        let dur: number | undefined;
        if (type === 'blur') dur = now() - focused;
        else {
          focused = now();
          if (form) touched.set(form, field);
        }
        emit(T.form_interaction, { a: type, o: name(form), f: field, u: dur }, undefined, 0);
      }
    });
  on('submit', (_, f) => {
    touched.delete(f);
    emit(T.form_interaction, { a: 'submit', o: name(f) });
    if (full && /thank-you|thanks|order-confirmation|success/.test(location.href))
      emit(T.conversion, { name: name(f) || 'form_submit' });
  });
  hide.push((left) => {
    if (left) {
      for (const [f, field] of touched) emit(T.form_interaction, { a: 'abandon', o: name(f), f: field });
      touched.clear();
    }
  });
};
