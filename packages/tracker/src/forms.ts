import { C, has } from './config';
import { D, emit, hide, now, on } from './core';

// Names only, from attributes (a form's `name`/`id` properties can be shadowed by its fields): a field's
// value is never read anywhere in the SDK.
const name = (el: Element | null) => (el && (el.getAttribute('name') || el.getAttribute('id'))) || undefined;

/**
 * `form_interaction`: focus, blur (with ms focused), submit, and abandon when a page is left after a
 * form's field was focused but the form was not submitted. In full mode a submit on a thank-you page
 * also sends a `conversion`.
 */
export const initForms = (): void => {
  const track = has('form');
  // Forms touched on this page and not submitted, with the last field focused.
  const touched = new Map<Element, string | undefined>();
  let focused = 0;
  const act = (action: string, form: Element | null, data?: object) => {
    if (track) emit('form_interaction', { action, form: name(form), ...data });
  };
  for (const type of ['focus', 'blur'])
    on(D, type, (e) => {
      const t = e.target as HTMLInputElement;
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) {
        const field = name(t);
        if (type === 'blur') act(type, t.form, { field, dur: now() - focused });
        else {
          focused = now();
          if (t.form) touched.set(t.form, field);
          act(type, t.form, { field });
        }
      }
    });
  on(D, 'submit', (e) => {
    const f = e.target as HTMLFormElement;
    touched.delete(f);
    act('submit', f);
    if (C.full && /thank-you|thanks|order-confirmation|success/.test(location.href))
      emit('conversion', { name: name(f) || 'form_submit' });
  });
  hide.push((left) => {
    if (left) {
      for (const [f, field] of touched) act('abandon', f, { field });
      touched.clear();
    }
  });
};
