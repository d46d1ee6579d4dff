import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferPageType, PAGE_TYPES, type PageType, pagePathOf } from './page-types.js';

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
