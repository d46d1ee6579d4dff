import { PAGE_SPECS } from './site-pages';

/** What a page is about; the behaviour models choose pages by category. */
export type PageCategory =
  | 'home'
  | 'pricing'
  | 'product'
  | 'proof'
  | 'reassurance'
  | 'authority'
  | 'experience'
  | 'cart'
  | 'checkout'
  | 'compare'
  | 'blog'
  | 'terms'
  | 'confirmation';

/** What a call to action does: the models hover and click by role. */
export type CtaRole =
  | 'buy'
  | 'add-to-cart'
  | 'checkout'
  | 'plan-option'
  | 'billing-toggle'
  | 'start-trial'
  | 'book-demo'
  | 'play-video'
  | 'interactive'
  | 'faq-toggle'
  | 'guarantee'
  | 'credential'
  | 'read-more';

/** Kinds of elements marked `data-ri-track`, whose time in view the SDK measures. */
export type TrackedKind =
  | 'testimonial'
  | 'stat'
  | 'guarantee'
  | 'credential'
  | 'press'
  | 'team'
  | 'author'
  | 'video'
  | 'plans'
  | 'comparison'
  | 'policy';

export type FormKind = 'newsletter' | 'checkout' | 'trial' | 'question' | 'coupon' | 'estimate' | 'return';

/** A vertical position on the page in CSS px at desktop width (scaled per device). */
export type Box = { y: number; h: number };

export type Cta = Box & { id: string; role: CtaRole; label: string; x: number; to?: string };
export type Tracked = Box & { id: string; kind: TrackedKind };
export type FormField = {
  id: string;
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password' | 'textarea';
};
export type Form = Box & {
  id: string;
  kind: FormKind;
  fields: (FormField & Box)[];
  submit: Cta;
  /** Where a successful submit leads (a thank-you page), if anywhere. */
  to?: string;
  /** What the site reports with `RI('conversion', …)` on submit. */
  conversion?: { name: string; value?: number; currency?: string };
};

/** One synthetic page: its meaning for the models and the positioned elements they act on. */
export type Page = {
  path: string;
  category: PageCategory;
  title: string;
  heading: string;
  height: number;
  ctas: Cta[];
  tracked: Tracked[];
  forms: Form[];
  /** The HTML of <main>. */
  html: string;
};

/** The site's brand, shown in titles. */
export const SITE_NAME = 'Northwind Trail Co.';
/** The sticky header's height: nav links are always on screen there. */
export const HEADER_HEIGHT = 64;

/** Every page of the synthetic site by path. */
export const PAGES: ReadonlyMap<string, Page> = new Map(PAGE_SPECS.map((p) => [p.path, p]));

/** Paths grouped by category, in declaration order. */
export const PATHS_BY_CATEGORY: Readonly<Record<PageCategory, readonly string[]>> = (() => {
  const by = {} as Record<PageCategory, string[]>;
  for (const p of PAGE_SPECS) by[p.category] = [...(by[p.category] ?? []), p.path];
  return by;
})();

/** The page at a path; throws on an unknown one (a plan bug). */
export const getPage = (path: string): Page => {
  const page = PAGES.get(path);
  if (!page) throw new Error(`the simulated site has no page ${path}`);
  return page;
};

/** The id of the header link to a path (every page is reachable from the header's menu). */
export const navLinkId = (path: string): string =>
  `nav-${path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/g, '-')}`;

const NAV_MAIN = [
  '/',
  '/products/trail-runner',
  '/pricing',
  '/compare',
  '/reviews',
  '/demo',
  '/about',
  '/blog/expert-guide',
];

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const header = (): string => {
  const link = (path: string) => {
    const page = PAGES.get(path)!;
    return `<a id="${navLinkId(path)}" href="${path}">${escapeHtml(page.heading)}</a>`;
  };
  const more = PAGE_SPECS.filter((p) => p.category !== 'confirmation' && !NAV_MAIN.includes(p.path));
  return `<header class="site-header" style="position:sticky;top:0;height:${HEADER_HEIGHT}px">
<a class="logo" href="/" id="logo">${SITE_NAME}</a>
<nav aria-label="Main">${NAV_MAIN.map(link).join('')}</nav>
<nav aria-label="More" class="mega-menu">${more.map((p) => link(p.path)).join('')}</nav>
<a id="nav-cart" class="cart-link" href="/cart">Cart (<span id="cart-count">0</span>)</a>
</header>`;
};

/** The body of a page (header, main, footer): what a single-page app swaps in on a route change. */
export const renderBody = (page: Page): string =>
  `${header()}<main id="main" data-page="${page.path}">${page.html}</main>
<footer class="site-footer"><p>© ${SITE_NAME} · <a href="/terms" id="footer-terms">Terms</a> · <a href="/returns" id="footer-returns">Returns</a></p></footer>`;

/** The full HTML document of a page, as the site would serve it. */
export const renderDocument = (page: Page): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${renderBody(page)}</body></html>`;

/** Layout boxes of a page's positioned elements by id (desktop px; the browser scales them per device). */
export const layoutOf = (page: Page): Map<string, Box & { x?: number; sticky?: boolean }> => {
  const boxes = new Map<string, Box & { x?: number; sticky?: boolean }>();
  for (const c of page.ctas) boxes.set(c.id, c);
  for (const t of page.tracked) boxes.set(t.id, t);
  for (const f of page.forms) {
    boxes.set(f.id, f);
    boxes.set(f.submit.id, f.submit);
    for (const field of f.fields) boxes.set(field.id, { ...field, x: 320 });
  }
  for (const p of PAGE_SPECS) boxes.set(navLinkId(p.path), { y: 20, h: 24, x: 400, sticky: true });
  boxes.set('nav-cart', { y: 20, h: 24, x: 1200, sticky: true });
  return boxes;
};
