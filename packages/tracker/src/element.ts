import { mask } from './mask';

/**
 * A short descriptor of an element for `el`: `[data-ri=x]` when the owner named it, else
 * `tag#id.class1.class2`; masked and at most 120 characters. Attributes, never properties: a form's
 * `id` property can be shadowed by a field named "id".
 */
export const describe = (el: Element): string => {
  const named = el.getAttribute('data-ri');
  const id = el.getAttribute('id');
  return mask(
    named != null
      ? `[data-ri=${named}]`
      : el.localName +
          (id ? `#${id}` : '') +
          [...el.classList]
            .slice(0, 2)
            .map((c) => `.${c}`)
            .join(''),
  ).slice(0, 120);
};
