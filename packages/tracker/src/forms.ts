import { emit, hide, on } from './core';
import { attr } from './element';
import { T } from './wire';

// Names only, from attributes: a field's value is never read anywhere in the SDK.
const name = (el: Element | null) => (el && (attr(el, 'name') || attr(el, 'id'))) || undefined;

/**
 * `form_interaction`: focus, blur (the server derives the time focused), submit, and abandon when a page
 * is left after a form's field was focused but the form was not submitted (in full mode the server reads a
 * submit on a thank-you page as a conversion).
 */
export const initForms = (): void => {
  // Forms touched on this page and not submitted, with the last field focused.
  const touched = new Map<Element, string | undefined>();
  // Wire data keys: a action, o form, f field (undefined ones are not sent). Submit and abandon
  // are actions (sent promptly); focus and blur pass `soon` 0.
  for (const type of ['focus', 'blur'])
    on(type, (_, t) => {
      if (/^(input|select|textarea)$/.test(t.localName)) {
        const { form } = t as HTMLInputElement;
        const field = name(t);
        if (form && type === 'focus') touched.set(form, field);
        emit(T.form_interaction, { a: type, o: name(form), f: field }, undefined, 0);
      }
    });
  on('submit', (_, f) => {
    touched.delete(f);
    emit(T.form_interaction, { a: 'submit', o: name(f) });
  });
  hide.push((left) => {
    if (left) {
      for (const [f, field] of touched) emit(T.form_interaction, { a: 'abandon', o: name(f), f: field });
      touched.clear();
    }
  });
};
