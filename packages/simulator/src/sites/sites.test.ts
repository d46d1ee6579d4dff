// @vitest-environment node
import { attentionKindOf, type PageType, typePage } from '@ri/engine';
import { describe, expect, it } from 'vitest';
import { SOURCE_WEIGHTS, type TrafficSource } from '../landing';
import { navLinkId, type PageCategory, type TrackedKind } from '../site';
import { layoutOf, renderDocument } from '../site-render';
import { getSite, SITE_IDS } from '.';

const CATEGORIES: PageCategory[] = [
  'home',
  'pricing',
  'product',
  'proof',
  'reassurance',
  'authority',
  'experience',
  'cart',
  'checkout',
  'compare',
  'blog',
  'terms',
  'confirmation',
];
/** What the engine must type each category as (a thank-you page as the flow it ends). */
const TYPE_OF: Record<Exclude<PageCategory, 'confirmation'>, PageType> = {
  home: 'home',
  pricing: 'pricing',
  product: 'product',
  proof: 'reviews',
  reassurance: 'faq',
  terms: 'faq',
  authority: 'about',
  experience: 'demo',
  cart: 'cart',
  checkout: 'cart',
  compare: 'comparison',
  blog: 'blog',
};
/** The classifier's attention kind of each kind of marked element. */
const ATTENTION_OF: Record<TrackedKind, string> = {
  testimonial: 'testimonial',
  stat: 'stat',
  guarantee: 'guarantee',
  policy: 'policy',
  credential: 'authority',
  press: 'authority',
  team: 'authority',
  author: 'authority',
  plans: 'plans',
  comparison: 'comparison',
  video: 'video',
};
const sites = SITE_IDS.map(getSite);

describe.each(sites)('site $id', (site) => {
  it('has 14-30 pages with unique paths and a page in every category', () => {
    expect(site.pages.length).toBeGreaterThanOrEqual(14);
    expect(site.pages.length).toBeLessThanOrEqual(30);
    expect(new Set(site.pages.map((p) => p.path)).size).toBe(site.pages.length);
    for (const c of CATEGORIES) expect(site.pathsByCategory[c]?.length, c).toBeGreaterThan(0);
  });

  it('has every page typed by the engine as its category says', () => {
    const { ordered, trialStarted } = site.flows;
    const expected = (p: { path: string; category: PageCategory }): PageType =>
      p.category !== 'confirmation' ? TYPE_OF[p.category] : p.path === ordered ? 'cart' : 'demo';
    const wrong = site.pages
      .map((p) => ({
        path: p.path,
        title: p.title,
        want: expected(p),
        got: typePage(`https://x.example${p.path}`, p.title).type,
      }))
      .filter((r) => r.got !== r.want);
    expect(wrong).toEqual([]);
    expect(site.pathsByCategory.confirmation.sort()).toEqual([ordered, trialStarted].sort());
  });

  it('has both conversion flows: product → cart → checkout → order, and a trial sign-up', () => {
    const { cart, checkout, ordered, trial, trialStarted } = site.flows;
    expect(site.getPage(cart).category).toBe('cart');
    expect(site.getPage(checkout).category).toBe('checkout');
    const checkoutForm = site.getPage(checkout).forms.find((f) => f.kind === 'checkout');
    expect(checkoutForm?.to).toBe(ordered);
    expect(checkoutForm?.conversion?.value).toBeGreaterThan(0);
    expect(site.getPage(trial).category).toBe('experience');
    const trialForm = site.getPage(trial).forms.find((f) => f.kind === 'trial');
    expect(trialForm?.to).toBe(trialStarted);
    expect(trialForm?.conversion?.name).toBeTruthy();
    for (const path of site.pathsByCategory.product)
      expect(
        site.getPage(path).ctas.some((c) => c.role === 'add-to-cart'),
        path,
      ).toBe(true);
    expect(site.getPage(cart).ctas.some((c) => c.role === 'checkout' && c.to === checkout)).toBe(true);
  });

  it('lands every traffic source on pages of the site', () => {
    for (const source of Object.keys(SOURCE_WEIGHTS) as TrafficSource[]) {
      expect(site.landing[source].paths.length, source).toBeGreaterThan(0);
      for (const path of site.landing[source].paths) expect(() => site.getPage(path), path).not.toThrow();
    }
    for (const path of [...site.menu, ...site.footer.map((l) => l.path)])
      expect(() => site.getPage(path)).not.toThrow();
  });

  it('links only to its own pages and gives ids once per page', () => {
    for (const page of site.pages) {
      for (const c of page.ctas) if (c.to) expect(() => site.getPage(c.to!), `${page.path} ${c.id}`).not.toThrow();
      const ids = [
        ...page.ctas.map((c) => c.id),
        ...page.tracked.map((t) => t.id),
        ...page.forms.flatMap((f) => [f.id, f.submit.id, ...f.fields.map((x) => x.id)]),
      ];
      expect(new Set(ids).size, page.path).toBe(ids.length);
      // Every laid-out element is on the page (thank-you pages are reached by forms, not from the menu).
      const html = renderDocument(page, site);
      const unlisted = new Set(site.pathsByCategory.confirmation.map(navLinkId));
      for (const id of layoutOf(page, site).keys())
        if (!unlisted.has(id)) expect(html, `${page.path} #${id}`).toContain(`id="${id}"`);
    }
  });

  it('names marked elements so that the classifier reads their kind', () => {
    for (const page of site.pages)
      for (const t of page.tracked)
        expect(attentionKindOf(t.name ?? t.kind), `${page.path} ${t.id}`).toBe(ATTENTION_OF[t.kind]);
  });

  it('offers the calls to action the personas look for', () => {
    const roles = new Set(site.pages.flatMap((p) => p.ctas.map((c) => c.role)));
    for (const role of [
      'plan-option',
      'billing-toggle',
      'play-video',
      'interactive',
      'faq-toggle',
      'guarantee',
      'credential',
    ])
      expect(roles.has(role as never), role).toBe(true);
  });
});

describe('the sites', () => {
  it('share no path, title, heading, CTA or marked-element name beyond the root and the shared words', () => {
    const [trail, ...others] = sites;
    for (const site of others) {
      const shared = (f: (s: typeof site) => string[]) => f(site).filter((x) => new Set(f(trail!)).has(x));
      expect(shared((s) => s.pages.map((p) => p.title))).toEqual([]);
      expect(shared((s) => s.pages.flatMap((p) => p.ctas.map((c) => c.id)))).toEqual([]);
      expect(shared((s) => s.pages.flatMap((p) => p.tracked.map((t) => t.name ?? t.kind)))).toEqual([]);
      expect(shared((s) => s.pages.flatMap((p) => p.forms.map((f) => f.id)))).toEqual([]);
    }
    // Each site's own vocabulary: page counts and heights differ.
    expect(new Set(sites.map((s) => s.pages.length)).size).toBeGreaterThan(1);
  });
});
