import { full, has } from './config';
import { D, emit, hide, now, on } from './core';
import { attr } from './element';

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
  const act = (action: string, form: Element | null, data?: object) => {
    if (has('form')) emit('form_interaction', { action, form: name(form), ...data });
  };
  for (const type of ['focus', 'blur'])
    on(D, type, (_, t) => {
      const { form, tagName } = t as HTMLInputElement;
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(tagName)) {
        const field = name(t);
        if (type === 'blur') act(type, form, { field, dur: now() - focused });
        else {
          focused = now();
          if (form) touched.set(form, field);
          act(type, form, { field });
        }
      }
    });
  on(D, 'submit', (_, f) => {
    touched.delete(f);
    act('submit', f);
    if (full && /thank-you|thanks|order-confirmation|success/.test(location.href))
      emit('conversion', { name: name(f) || 'form_submit' });
  });
  hide.push((left) => {
    if (left) {
      for (const [f, field] of touched) act('abandon', f, { field });
      touched.clear();
    }
  });
};
