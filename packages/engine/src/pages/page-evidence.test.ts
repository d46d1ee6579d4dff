import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPathEvidence, readTitleEvidence, wordsOf } from './page-evidence.js';

const path = (p: string) => {
  const e = readPathEvidence(p);
  return { type: e.type, strength: e.strength, cue: e.cue, confirmation: e.confirmation };
};

describe('readPathEvidence', () => {
  it('reads the root, also after locale prefixes, as home', () => {
    expect(path('/').strength).toBe('root');
    expect(path('/en-gb/')).toMatchObject({ type: 'home', strength: 'root' });
    expect(path('/gb/en/')).toMatchObject({ type: 'home', strength: 'root' });
  });

  it('takes the deepest structural segment, not a word inside a slug', () => {
    expect(path('/products/trail-runner')).toMatchObject({ type: 'product', strength: 'strong', cue: 'products' });
    expect(path('/products/trail-runner/reviews')).toMatchObject({ type: 'reviews', cue: 'reviews' });
    expect(path('/pricing/faq')).toMatchObject({ type: 'faq', strength: 'strong' });
    expect(path('/pricing/acme-vs-rival')).toMatchObject({ type: 'pricing', strength: 'strong' });
  });

  it('reads the segment after a product marker as the product name', () => {
    expect(path('/product/boards')).toMatchObject({ type: 'product', cue: 'product' });
    expect(path('/p/security')).toMatchObject({ type: 'product', cue: 'p' });
    expect(path('/trail-shoe/dp/b0c1234567')).toMatchObject({ type: 'product', cue: 'dp' });
  });

  it('lets blog, help, checkout, comparison and dated sections type what is under them', () => {
    expect(path('/blog/category/pricing')).toMatchObject({ type: 'blog', cue: 'blog' });
    expect(path('/help/contact/billing')).toMatchObject({ type: 'faq', cue: 'help' });
    expect(path('/checkout/shipping')).toMatchObject({ type: 'cart', cue: 'checkout' });
    expect(path('/compare/pricing')).toMatchObject({ type: 'comparison' });
    expect(path('/tech/2025/01/acme-pricing')).toMatchObject({ type: 'blog', cue: '2025' });
  });

  it('falls back on a keyword in the earliest slug that has one, as weak evidence', () => {
    expect(path('/hoka-vs-nike')).toMatchObject({ type: 'comparison', strength: 'weak', cue: 'vs' });
    expect(path('/how-to-pay/acme-reviews-roundup')).toMatchObject({ type: 'cart', strength: 'weak', cue: 'pay' });
    // One- and two-letter words inside a slug say nothing.
    expect(path('/trail-shoe-p-2')).toMatchObject({ type: null, strength: 'none' });
  });

  it('marks thank-you pages, typed by their flow when the path names it', () => {
    expect(path('/thank-you')).toMatchObject({ type: null, confirmation: true });
    expect(path('/order-confirmation')).toMatchObject({ type: 'cart', strength: 'strong', confirmation: true });
    expect(path('/trial/thank-you')).toMatchObject({ type: 'demo', confirmation: true });
    expect(path('/pricing').confirmation).toBe(false);
  });

  it('matches whole words only', () => {
    expect(path('/boards').type).toBeNull();
    expect(path('/dashboard').type).toBeNull();
    expect(path('/checkouts/c/2f1a').type).toBe('cart');
  });
});

describe('readTitleEvidence', () => {
  it('reads phrases and whole parts as strong, words inside a part as weak', () => {
    expect(readTitleEvidence('Case study: Acme | Shop')).toMatchObject({ type: 'reviews', strength: 'strong' });
    expect(readTitleEvidence('Plans & Pricing | Acme')).toMatchObject({ type: 'pricing', strength: 'strong' });
    expect(readTitleEvidence('Acme Blog')).toMatchObject({ type: 'blog', strength: 'weak', cue: 'blog' });
    expect(readTitleEvidence('Summit Pack 12L | Northwind')).toMatchObject({ type: null, strength: 'none' });
  });

  it('names every type it mentions, the first strong one deciding', () => {
    const e = readTitleEvidence('Shipping – Checkout – Swell Co.');
    expect(e.type).toBe('faq');
    expect([...e.named].sort()).toEqual(['cart', 'faq']);
  });

  it('reads home only as a whole part', () => {
    expect(readTitleEvidence('Home | Acme').type).toBe('home');
    expect(readTitleEvidence('Acme Home Office').type).toBeNull();
  });

  it('marks thank-you titles and reads their flow', () => {
    expect(readTitleEvidence('Thank you!')).toMatchObject({ type: null, confirmation: true });
    expect(readTitleEvidence('Thank you for your order')).toMatchObject({ type: 'cart', confirmation: true });
    expect(readTitleEvidence('Thanks for signing up')).toMatchObject({ type: 'demo', confirmation: true });
  });
});

describe('wordsOf', () => {
  it('drops stop words, file extensions and punctuation', () => {
    expect(wordsOf('Shipping-and-Returns.html')).toEqual(['shipping', 'returns']);
    expect(wordsOf('about_us')).toEqual(['about']);
  });

  it('gives lower-case words of letters and digits only', () => {
    fc.assert(fc.property(fc.string(), (s) => wordsOf(s).every((w) => /^[a-z0-9]+$/.test(w))));
  });
});
