import { describe, expect, it } from 'vitest';
import { ctaKindOf, elementNameOf } from './element-kinds.js';

describe('element names and call-to-action kinds', () => {
  it('names marked elements by data-ri, else class, else id', () => {
    expect(elementNameOf('[data-ri=testimonial]')).toBe('testimonial');
    expect(elementNameOf('section#stats-home.stat')).toBe('stat');
    expect(elementNameOf('div#guarantee')).toBe('guarantee');
    expect(elementNameOf('')).toBeNull();
  });

  it('reads what a call to action offers from its id, label and link', () => {
    expect(ctaKindOf('button#plan-basic.btn')).toBe('plans');
    expect(ctaKindOf('a#pricing-trial.btn')).toBe('trial');
    expect(ctaKindOf('div#badge-bcorp.badge')).toBe('credentials');
    expect(ctaKindOf('div#badge-faq.badge')).toBe('reassurance');
    expect(ctaKindOf('a#compare-bundle.btn', 'Add bundle to cart')).toBe('purchase');
    expect(ctaKindOf('button.cta', 'Read all reviews', '/reviews')).toBe('proof');
    expect(ctaKindOf('button#x.btn')).toBe('other');
  });
});
