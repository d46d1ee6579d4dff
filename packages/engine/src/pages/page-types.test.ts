import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD_OUT, TABLE, type TypedPage } from './page-types.fixture.js';
import { inferPageType, PAGE_TYPES, type PageType, type PageTypeOverride, pagePathOf, typePage } from './page-types.js';

const cases = (rows: [string, PageType][]) =>
  it.each(rows)('%s → %s', (url, type) => expect(inferPageType(url, null)).toBe(type));

describe('inferPageType from real-world URLs', () => {
  describe('pricing', () =>
    cases([
      ['https://www.notion.so/pricing', 'pricing'],
      ['https://slack.com/intl/en-gb/pricing', 'pricing'],
      ['/plans', 'pricing'],
      ['https://example.com/en-us/pricing-plans/', 'pricing'],
      ['https://gym.example/memberships', 'pricing'],
    ]));
  describe('product', () =>
    cases([
      ['https://shop.example/products/trail-runner', 'product'],
      ['https://www.amazon.com/Trail-Shoe/dp/B0C1234567', 'product'],
      ['https://store.example/collections/summer/products/linen-shirt', 'product'],
      ['/shop', 'product'],
      ['https://saas.example/features', 'product'],
      ['https://www.ikea.com/gb/en/p/billy-bookcase-white-00263850/', 'product'],
    ]));
  describe('reviews and case studies', () =>
    cases([
      ['/reviews', 'reviews'],
      ['https://www.hubspot.com/case-studies/acme', 'reviews'],
      ['/testimonials', 'reviews'],
      ['https://shop.example/products/trail-runner/reviews', 'reviews'],
      ['https://www.salesforce.com/customer-stories/', 'reviews'],
      ['/customers/ridgeline', 'reviews'],
    ]));
  describe('FAQ, returns, shipping, guarantee, terms', () =>
    cases([
      ['/faq', 'faq'],
      ['/returns', 'faq'],
      ['https://shop.example/pages/shipping-and-returns', 'faq'],
      ['/guarantee', 'faq'],
      ['https://help.example.com/help/', 'faq'],
      ['https://store.example/policies/refund-policy', 'faq'],
      ['/terms-of-service', 'faq'],
      ['/frequently-asked-questions', 'faq'],
      ['/contact-us', 'faq'],
    ]));
  describe('about, team, press, credentials', () =>
    cases([
      ['/about-us', 'about'],
      ['/about', 'about'],
      ['/company/team', 'about'],
      ['/press', 'about'],
      ['/certifications', 'about'],
      ['/our-story', 'about'],
      ['/company/leadership', 'about'],
    ]));
  describe('demo, trial, video', () =>
    cases([
      ['/demo', 'demo'],
      ['/free-trial', 'demo'],
      ['/video-tour', 'demo'],
      ['https://www.example.com/book-a-demo', 'demo'],
      ['/webinars/spring-launch', 'demo'],
      ['/product-tour', 'demo'],
    ]));
  describe('cart and checkout', () =>
    cases([
      ['/cart', 'cart'],
      ['/checkout', 'cart'],
      ['https://shop.example/checkouts/c/2f1a9b?step=payment', 'cart'],
      ['https://www.apple.com/shop/bag', 'cart'],
      ['/checkout/thank-you', 'cart'],
      ['/order-confirmation', 'cart'],
    ]));
  describe('comparison', () =>
    cases([
      ['/compare', 'comparison'],
      ['/vs/competitor', 'comparison'],
      ['https://www.example.com/alternatives/mailchimp', 'comparison'],
      ['/hoka-speedgoat-vs-salomon-speedcross', 'comparison'],
      ['/products/compare', 'comparison'],
    ]));
  describe('blog', () =>
    cases([
      ['/blog/expert-guide', 'blog'],
      ['https://example.com/blog/pricing-mistakes-to-avoid', 'blog'],
      ['/news/2024/05/new-store-opening', 'blog'],
      ['/resources/articles/how-to-choose', 'blog'],
    ]));
  describe('home and other', () =>
    cases([
      ['https://shop.example/', 'home'],
      ['https://shop.example', 'home'],
      ['/index.html', 'home'],
      ['/en/', 'home'],
      ['/account/settings', 'other'],
      ['/search?q=shoes', 'other'],
    ]));

  it('reads a product by its product segment and a trial sign-up thank-you page as demo', () => {
    // Reported: "board" inside "boards" made this about, and every thank-you page was cart.
    expect(inferPageType('https://shop.example/product/boards', 'Boards | Swell Co.')).toBe('product');
    expect(inferPageType('https://saas.example/thank-you', 'Thanks for starting your free trial')).toBe('demo');
  });

  it('reads hash routes of single-page apps', () => {
    expect(inferPageType('https://app.example/#/pricing', null)).toBe('pricing');
    expect(inferPageType('https://app.example/#!/checkout', null)).toBe('cart');
  });

  it('ignores query strings and fragments that are not routes', () => {
    expect(inferPageType('https://shop.example/pricing?utm_source=google#faq', null)).toBe('pricing');
    expect(pagePathOf('https://shop.example/Pricing/?x=1')).toBe('/pricing/');
  });
});

describe('inferPageType from titles', () => {
  it('falls back to the title when the URL says nothing', () => {
    expect(inferPageType('/p2/8812', 'Case study: Acme Running Club | Northwind')).toBe('reviews');
    expect(inferPageType('/page?id=12', 'Frequently asked questions - Shop')).toBe('faq');
    expect(inferPageType('/x/42', 'Nike Pegasus vs Hoka Clifton')).toBe('comparison');
    expect(inferPageType('/node/7', 'Plans & Pricing | Acme')).toBe('pricing');
    expect(inferPageType(null, 'Book a demo')).toBe('demo');
    expect(inferPageType(null, 'Meet the team')).toBe('about');
  });

  it('lets a clear URL win over a misleading title', () => {
    // A single-page app's summary event can carry the next page's title.
    expect(inferPageType('/products/summit-pack', 'Pricing | Northwind Trail Co.')).toBe('product');
    expect(inferPageType('/', 'Northwind Trail Co. | Trail running shoes and coaching')).toBe('home');
  });

  it('is other when neither URL nor title names a type', () => {
    expect(inferPageType('/x/42', 'Summit Pack 12L | Northwind Trail Co.')).toBe('other');
    expect(inferPageType(null, null)).toBe('other');
  });
});

describe('per-business overrides', () => {
  const overrides = [
    { match: '/offers', page_type: 'pricing' as const },
    { match: '/offers/bundles', page_type: 'comparison' as const },
    { match: '/Stories', page_type: 'reviews' as const },
  ];

  it('apply before every other rule, the longest matching prefix winning', () => {
    expect(inferPageType('https://shop.example/offers/summer', null, overrides)).toBe('pricing');
    expect(inferPageType('https://shop.example/offers/bundles/trail', null, overrides)).toBe('comparison');
    expect(inferPageType('/stories/maria-100-miles', 'Blog', overrides)).toBe('reviews');
    expect(inferPageType('/stories/maria-100-miles', 'Blog')).toBe('blog');
  });

  it('leave other paths to the rules', () => {
    expect(inferPageType('/pricing', null, overrides)).toBe('pricing');
    expect(inferPageType('/', null, overrides)).toBe('home');
  });
});

describe('the synthetic shop of the simulator', () => {
  it('maps every page to the category it stands for', () => {
    const site: [string, string, PageType][] = [
      ['/', 'Northwind Trail Co. | Trail running shoes and coaching', 'home'],
      ['/pricing', 'Pricing | Northwind Trail Co.', 'pricing'],
      ['/products/trail-runner', 'Trail Runner 3 | Northwind Trail Co.', 'product'],
      ['/reviews', 'Reviews | Northwind Trail Co.', 'reviews'],
      ['/case-studies/acme', 'Case study: Acme Running Club | Northwind Trail Co.', 'reviews'],
      ['/faq', 'Frequently asked questions | Northwind Trail Co.', 'faq'],
      ['/shipping', 'Shipping | Northwind Trail Co.', 'faq'],
      ['/guarantee', 'Our guarantee | Northwind Trail Co.', 'faq'],
      ['/terms', 'Terms and conditions | Northwind Trail Co.', 'faq'],
      ['/team', 'Our team | Northwind Trail Co.', 'about'],
      ['/press', 'Press | Northwind Trail Co.', 'about'],
      ['/certifications', 'Certifications | Northwind Trail Co.', 'about'],
      ['/demo', 'Product demo | Northwind Trail Co.', 'demo'],
      ['/video-tour', 'Video tour | Northwind Trail Co.', 'demo'],
      ['/trial-started', 'Your trial has started | Northwind Trail Co.', 'demo'],
      ['/cart', 'Your cart | Northwind Trail Co.', 'cart'],
      ['/compare', 'Compare | Northwind Trail Co.', 'comparison'],
      ['/blog/training-science', 'The science of trail training | Northwind Trail Co.', 'blog'],
    ];
    for (const [path, title, type] of site)
      expect([path, inferPageType(`https://shop.example${path}`, title)]).toEqual([path, type]);
  });
});

describe('inferPageType on any input', () => {
  it('returns one of the page types and never throws', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (url, title) => {
        expect(PAGE_TYPES).toContain(inferPageType(url, title));
      }),
    );
  });

  it('is case-insensitive in the URL', () => {
    fc.assert(
      fc.property(fc.constantFrom('/pricing', '/Case-Studies/x', '/FAQ', '/blog/Post', '/CART'), (path) => {
        expect(inferPageType(path.toUpperCase(), null)).toBe(inferPageType(path.toLowerCase(), null));
      }),
    );
  });
});

// ───────────────────────── typePage: whole paths, titles and confidence ─────────────────────────

const accuracyOf = (rows: readonly TypedPage[]) =>
  rows.filter(([url, title, type]) => typePage(url, title).type === type).length / rows.length;

describe('typePage on pages of real kinds of site', () => {
  it('types the table right', () => {
    const wrong = TABLE.filter(([url, title, type]) => typePage(url, title).type !== type);
    expect(wrong).toEqual([]);
  });

  it('types at least 80% of the pages it was not tuned on right, and 90% of both tables together', () => {
    expect(accuracyOf(HELD_OUT)).toBeGreaterThanOrEqual(0.8);
    expect(accuracyOf([...TABLE, ...HELD_OUT])).toBeGreaterThanOrEqual(0.9);
  });

  it('reads a product segment as product whatever words follow it', () => {
    expect(typePage('/product/boards', null)).toMatchObject({ type: 'product' });
    expect(typePage('/product/compare', null).type).toBe('product');
    expect(typePage('/p/about-our-team', null).type).toBe('product');
    expect(typePage('/shop/women/item/pay-later-tote', null).type).toBe('product');
    // A sub-page after the product's name keeps its own type.
    expect(typePage('/product/boards/reviews', null).type).toBe('reviews');
  });

  it('matches whole words, never part of one', () => {
    expect(typePage('/boards', null).type).toBe('other');
    expect(typePage('/dashboard', 'Dashboard').type).toBe('other');
    expect(typePage('/board-of-directors', null).type).toBe('about');
    expect(typePage('/about-our-boards', null)).toMatchObject({ type: 'about' });
    // "about" is only a word inside a slug there: a guess, not a certainty.
    expect(typePage('/about-our-boards', null).confidence).toBeLessThan(0.6);
  });

  it('lets a section decide over the words of the slugs under it', () => {
    expect(typePage('/blog/pricing-strategies', null).type).toBe('blog');
    expect(typePage('/blog/pricing-strategies', 'Pricing strategies for SaaS | Acme').type).toBe('blog');
    expect(typePage('/docs/billing/plans', null).type).toBe('faq');
    expect(typePage('/checkout/shipping', null).type).toBe('cart');
    expect(typePage('/compare/x-vs-y', null).type).toBe('comparison');
    expect(typePage('/2024/03/how-to-price-a-side-project', null).type).toBe('blog');
  });

  it('gives the plain pages their types with high confidence', () => {
    for (const [path, type] of [
      ['/pricing', 'pricing'],
      ['/reviews', 'reviews'],
      ['/checkout', 'cart'],
      ['/demo', 'demo'],
      ['/compare', 'comparison'],
    ] as const)
      expect(typePage(path, null)).toMatchObject({ type, confidence: 0.85 });
    expect(typePage('/pricing', 'Pricing | Acme').confidence).toBe(0.95);
    expect(typePage('/', null)).toMatchObject({ type: 'home', confidence: 0.95 });
  });

  it('lets a clear title confirm or overturn a guess from a word in a slug', () => {
    const guess = typePage('/hoka-vs-nike', null);
    expect(guess.type).toBe('comparison');
    expect(typePage('/hoka-vs-nike', 'Hoka vs Nike: which trail shoe?').confidence).toBeGreaterThan(guess.confidence);
    expect(typePage('/summer-sale-faq-and-tips', null).type).toBe('faq');
    expect(typePage('/summer-sale-faq-and-tips', 'Pricing | Acme')).toMatchObject({ type: 'pricing', confidence: 0.6 });
    // A title never overturns a structural segment: a single-page app's summary can carry the next page's title.
    expect(typePage('/faq', 'Pricing | Acme')).toMatchObject({ type: 'faq', confidence: 0.7 });
  });
});

describe('typePage on thank-you pages', () => {
  it('types a thank-you page by the flow it ends', () => {
    expect(typePage('/thank-you', 'Thanks for starting your free trial | Acme').type).toBe('demo');
    expect(typePage('/thank-you', 'Thank you for your order | Shop').type).toBe('cart');
    expect(typePage('/signup/thanks', null).type).toBe('demo');
    expect(typePage('/checkout/thank-you', null).type).toBe('cart');
    expect(typePage('/order-received', null).type).toBe('cart');
    expect(typePage('/trial-started', null).type).toBe('demo');
  });

  it('takes the flow of the page before when the URL and title name none', () => {
    expect(typePage('/thank-you', 'Thank you! | Acme', [], 'demo')).toMatchObject({ type: 'demo', confidence: 0.6 });
    expect(typePage('/thanks', null, [], 'cart').type).toBe('cart');
    expect(typePage('/thank-you', null)).toMatchObject({ type: 'other', confidence: 0.3 });
    expect(typePage('/thank-you', null, [], 'other').type).toBe('other');
    // Only a thank-you page follows the page before.
    expect(typePage('/dashboard', null, [], 'demo').type).toBe('other');
  });
});

// ───────────────────────── properties ─────────────────────────

const WORDS = ['pricing', 'products', 'product', 'p', 'blog', 'faq', 'vs', 'thank', 'you', 'boards', 'about', 'docs'];
const word = fc.oneof(fc.constantFrom(...WORDS), fc.stringMatching(/^[a-z0-9]{1,8}$/));
const slug = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join('-'));
const pathArb = fc.array(slug, { maxLength: 5 }).map((ss) => `/${ss.join('/')}`);
const titleArb = fc.option(
  fc
    .array(fc.oneof(word, fc.constantFrom('|', '–', 'Case study:', 'free trial', 'vs', 'Your cart')), { maxLength: 8 })
    .map((ws) => ws.join(' ')),
  { nil: null },
);
const previousArb = fc.option(fc.constantFrom(...PAGE_TYPES), { nil: null });
const flipCase = (s: string, flips: boolean[]) =>
  [...s].map((c, i) => (flips[i % Math.max(1, flips.length)] ? c.toUpperCase() : c.toLowerCase())).join('');

describe('typePage on any input', () => {
  it('gives one of the page types with a confidence in [0, 1] and never throws', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), previousArb, (url, title, previous) => {
        const t = typePage(url, title, [], previous);
        expect(PAGE_TYPES).toContain(t.type);
        expect(t.confidence).toBeGreaterThanOrEqual(0);
        expect(t.confidence).toBeLessThanOrEqual(1);
        expect(t.reason).not.toBe('');
      }),
    );
  });

  it('lets the longest matching rule win, with confidence 1', () => {
    const ruleArb = fc.record({ match: pathArb, page_type: fc.constantFrom(...PAGE_TYPES) });
    fc.assert(
      fc.property(pathArb, fc.array(ruleArb, { maxLength: 4 }), fc.nat(), titleArb, (path, others, cut, title) => {
        const prefix = path.slice(0, 1 + (cut % path.length));
        const rules: PageTypeOverride[] = [...others, { match: prefix.toUpperCase(), page_type: 'reviews' }];
        const matching = rules.filter((r) => path.startsWith(r.match.toLowerCase()));
        const longest = Math.max(...matching.map((r) => r.match.length));
        const t = typePage(`https://shop.example${path}`, title, rules, 'cart');
        expect(t.confidence).toBe(1);
        expect(matching.filter((r) => r.match.length === longest).map((r) => r.page_type)).toContain(t.type);
      }),
    );
  });

  it('is deterministic and case-insensitive in the URL and the title', () => {
    fc.assert(
      fc.property(
        pathArb,
        titleArb,
        previousArb,
        fc.array(fc.boolean(), { minLength: 1 }),
        (path, title, previous, flips) => {
          const t = typePage(`https://shop.example${path}`, title, [], previous);
          expect(typePage(`https://shop.example${path}`, title, [], previous)).toEqual(t);
          const flipped = typePage(
            `https://shop.example${flipCase(path, flips)}`,
            title === null ? null : flipCase(title, flips),
            [],
            previous,
          );
          expect({ ...flipped, reason: flipped.reason.toLowerCase() }).toEqual({
            ...t,
            reason: t.reason.toLowerCase(),
          });
        },
      ),
    );
  });

  it('agrees with inferPageType', () => {
    fc.assert(
      fc.property(pathArb, titleArb, (path, title) => {
        expect(inferPageType(path, title)).toBe(typePage(path, title).type);
      }),
    );
  });
});
