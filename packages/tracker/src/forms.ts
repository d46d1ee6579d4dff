import { full, has } from './config';
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
  // Data keys in wire v2: a action, o form, f field, u dur (undefined ones are not sent).
  const act = (a: string, form: Element | null, f?: string, u?: number) => {
    if (has('form')) emit(T.form_interaction, { a, o: name(form), f, u });
  };
  for (const type of ['focus', 'blur'])
    on(type, (_, t) => {
      const { form, tagName } = t as HTMLInputElement;
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(tagName)) {
        const field = name(t);
        if (type === 'blur') act(type, form, field, now() - focused);
        else {
          focused = now();
          if (form) touched.set(form, field);
          act(type, form, field);
        }
      }
    });
  on('submit', (_, f) => {
    touched.delete(f);
    act('submit', f);
    if (full && /thank-you|thanks|order-confirmation|success/.test(location.href))
      emit(T.conversion, { name: name(f) || 'form_submit' });
  });
  hide.push((left) => {
    if (left) {
      for (const [f, field] of touched) act('abandon', f, field);
      touched.clear();
    }
  });
};
