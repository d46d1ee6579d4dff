import { cut } from './mask';

/** An attribute, never a property: a form's `id` or `name` property can be shadowed by a field so named. */
export const attr = (el: Element, name: string): string | null => el.getAttribute(name);

/**
 * A short descriptor of an element for `el`: `[data-ri=x]` when the owner named it, with `data-ri="x"` or,
 * as the Instructions tab tells owners to mark sections, `data-ri-track="x"` (data-ri first; an empty name
 * names nothing), else `tag#id.class1.class2`; masked and at most 120 characters.
 */
export const describe = (
  el: Element,
  named = attr(el, 'data-ri') || attr(el, 'data-ri-track'),
  id = attr(el, 'id'),
): string =>
  cut(named ? `[data-ri=${named}]` : [el.localName + (id ? `#${id}` : ''), ...el.classList].slice(0, 3).join('.'), 120);
