import {
  type Cta,
  type CtaRole,
  type Form,
  type FormField,
  type FormKind,
  HEADER_HEIGHT,
  type Page,
  type PageCategory,
  type Tracked,
  type TrackedKind,
} from './site';

// Builds the synthetic site's pages from stacked blocks, giving every element a vertical position, since
// jsdom has no layout.

/** A call to action before layout; `to` makes it a link to another page. */
export type CtaSpec = { id: string; role: CtaRole; label: string; to?: string };
/** A form field before layout (its id defaults to `<form>-<name>`). */
export type FieldSpec = Omit<FormField, 'id'> & { id?: string };
/** One block of a page, stacked top to bottom. */
export type Block =
  | { t: 'text'; h: number; heading: string; body: string; ctas?: CtaSpec[] }
  | {
      t: 'tracked';
      h: number;
      kind: TrackedKind;
      id: string;
      name?: string;
      heading: string;
      body: string;
      ctas?: CtaSpec[];
    }
  | {
      t: 'form';
      id: string;
      kind: FormKind;
      heading: string;
      fields: FieldSpec[];
      submit: string;
      to?: string;
      conversion?: Form['conversion'];
    };

const HEADER = HEADER_HEIGHT;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const ctaHtml = (c: CtaSpec): string => {
  if (c.to) return `<a class="btn" id="${c.id}" href="${c.to}">${esc(c.label)}</a>`;
  if (c.role === 'guarantee' || c.role === 'credential')
    return `<div class="badge" id="${c.id}" data-ri-cta="${c.role}" tabindex="0">${esc(c.label)}</div>`;
  return `<button type="button" class="btn" id="${c.id}" data-action="${c.role}">${esc(c.label)}</button>`;
};

/** A block of copy, optionally with calls to action at its foot. */
export const text = (heading: string, body: string, h = 480, ctas?: CtaSpec[]): Block => ({
  t: 'text',
  h,
  heading,
  body,
  ctas,
});
/** A block marked `data-ri-track` (testimonial, stat, badge…): the SDK times how long it is in view. */
export const tracked = (
  kind: TrackedKind,
  id: string,
  heading: string,
  body: string,
  h = 360,
  ctas?: CtaSpec[],
): Block => ({
  t: 'tracked',
  h,
  kind,
  id,
  heading,
  body,
  ctas,
});
/**
 * A block marked `data-ri-track="<name>"`, as a site's own developers name their sections
 * (`client-quote`, `money-back-guarantee`); the id is the name unless given.
 */
export const mark = (
  kind: TrackedKind,
  name: string,
  heading: string,
  body: string,
  h = 360,
  ctas?: CtaSpec[],
  id = name,
): Block => ({ t: 'tracked', h, kind, id, name, heading, body, ctas });
/** A call to action: a link when `to` is given, a badge for guarantees and credentials, else a button. */
export const cta = (id: string, role: CtaRole, label: string, to?: string): CtaSpec => ({ id, role, label, to });
/** A form field. */
export const field = (name: string, label: string, type: FormField['type'] = 'text'): FieldSpec => ({
  name,
  label,
  type,
});

/**
 * A page builder for a brand: lays a page's blocks out top to bottom and renders its <main> (positions,
 * CTAs, marked elements, forms). The title defaults to `<heading> | <brand>`.
 */
export const pageBuilder =
  (brand: string) =>
  (path: string, category: PageCategory, heading: string, blocks: Block[], title?: string): Page => {
    const ctas: Cta[] = [];
    const trackedEls: Tracked[] = [];
    const forms: Form[] = [];
    const html: string[] = [];
    let y = HEADER;
    const placeCtas = (specs: CtaSpec[] | undefined, top: number) =>
      (specs ?? []).forEach((c, i) => {
        ctas.push({ ...c, y: top + Math.floor(i / 3) * 56, h: 44, x: 160 + (i % 3) * 260 });
      });
    for (const b of blocks) {
      if (b.t === 'form') {
        const fields = b.fields.map((f, i) => ({ ...f, id: f.id ?? `${b.id}-${f.name}`, y: y + 80 + i * 64, h: 44 }));
        const h = 120 + fields.length * 64 + 80;
        const submit: Cta = { id: `${b.id}-submit`, role: 'buy', label: b.submit, y: y + h - 100, h: 44, x: 320 };
        forms.push({ id: b.id, kind: b.kind, fields, submit, to: b.to, conversion: b.conversion, y, h });
        const inputs = fields.map((f) =>
          f.type === 'textarea'
            ? `<label>${esc(f.label)}<textarea id="${f.id}" name="${f.name}"></textarea></label>`
            : `<label>${esc(f.label)}<input id="${f.id}" name="${f.name}" type="${f.type}" autocomplete="off"></label>`,
        );
        html.push(
          `<section class="form-block" style="height:${h}px"><h2>${esc(b.heading)}</h2><form id="${b.id}" name="${b.id}" data-kind="${b.kind}">${inputs.join('')}<button type="submit" id="${submit.id}">${esc(b.submit)}</button></form></section>`,
        );
        y += h;
        continue;
      }
      placeCtas(b.ctas, y + b.h - 90);
      const buttons = (b.ctas ?? []).map(ctaHtml).join('');
      if (b.t === 'tracked') {
        const name = b.name ?? b.kind;
        trackedEls.push(b.name ? { id: b.id, kind: b.kind, name, y, h: b.h } : { id: b.id, kind: b.kind, y, h: b.h });
        html.push(
          `<section id="${b.id}" class="${name}" data-ri-track="${name}" style="height:${b.h}px"><h2>${esc(b.heading)}</h2><p>${esc(b.body)}</p>${buttons}</section>`,
        );
      } else {
        html.push(
          `<section style="height:${b.h}px"><h2>${esc(b.heading)}</h2><p>${esc(b.body)}</p>${buttons}</section>`,
        );
      }
      y += b.h;
    }
    return {
      path,
      category,
      heading,
      title: title ?? `${heading} | ${brand}`,
      height: y + 320,
      ctas,
      tracked: trackedEls,
      forms,
      html: `<h1>${esc(heading)}</h1>${html.join('')}`,
    };
  };
