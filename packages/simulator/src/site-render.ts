import { type Box, HEADER_HEIGHT, navLinkId, type Page, type Site } from './site';
import { TRAIL_SHOP } from './sites/trail-shop';

// What a site serves: the header whose menu links every page, the page's <main>, the footer, and the
// layout boxes jsdom lacks.

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const header = (site: Site): string => {
  const link = (path: string) =>
    `<a id="${navLinkId(path)}" href="${path}">${escapeHtml(site.getPage(path).heading)}</a>`;
  const more = site.pages.filter((p) => p.category !== 'confirmation' && !site.menu.includes(p.path));
  return `<header class="site-header" style="position:sticky;top:0;height:${HEADER_HEIGHT}px">
<a class="logo" href="/" id="logo">${escapeHtml(site.name)}</a>
<nav aria-label="Main">${site.menu.map(link).join('')}</nav>
<nav aria-label="More" class="mega-menu">${more.map((p) => link(p.path)).join('')}</nav>
<a id="${site.cartLink.id}" class="cart-link" href="${site.flows.cart}">${escapeHtml(site.cartLink.label)} (<span id="cart-count">0</span>)</a>
</header>`;
};

const footer = (site: Site): string =>
  `<footer class="site-footer"><p>© ${escapeHtml(site.name)}${site.footer
    .map((l) => ` · <a href="${l.path}" id="${l.id}">${escapeHtml(l.label)}</a>`)
    .join('')}</p></footer>`;

/** The body of a page (header, main, footer): what a single-page app swaps in on a route change. */
export const renderBody = (page: Page, site: Site = TRAIL_SHOP): string =>
  `${header(site)}<main id="main" data-page="${page.path}">${page.html}</main>
${footer(site)}`;

/** The full HTML document of a page, as its site would serve it (the trail shop's by default). */
export const renderDocument = (page: Page, site: Site = TRAIL_SHOP): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${renderBody(page, site)}</body></html>`;

/** Layout boxes of a page's positioned elements by id (desktop px; the browser scales them per device). */
export const layoutOf = (page: Page, site: Site = TRAIL_SHOP): Map<string, Box & { x?: number; sticky?: boolean }> => {
  const boxes = new Map<string, Box & { x?: number; sticky?: boolean }>();
  for (const c of page.ctas) boxes.set(c.id, c);
  for (const t of page.tracked) boxes.set(t.id, t);
  for (const f of page.forms) {
    boxes.set(f.id, f);
    boxes.set(f.submit.id, f.submit);
    for (const field of f.fields) boxes.set(field.id, { ...field, x: 320 });
  }
  for (const p of site.pages) boxes.set(navLinkId(p.path), { y: 20, h: 24, x: 400, sticky: true });
  boxes.set(site.cartLink.id, { y: 20, h: 24, x: 1200, sticky: true });
  return boxes;
};
