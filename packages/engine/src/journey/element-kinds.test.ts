import { describe, expect, it } from 'vitest';
import { ctaKindOf, ELEMENT_NAME_MAX, elementNameOf } from './element-kinds.js';

describe('element names and call-to-action kinds', () => {
  it('names marked elements by data-ri, else class, else id', () => {
    expect(elementNameOf('[data-ri=testimonial]')).toBe('testimonial');
    expect(elementNameOf('section#stats-home.stat')).toBe('stat');
    expect(elementNameOf('div#guarantee')).toBe('guarantee');
    expect(elementNameOf('')).toBeNull();
  });

  it('keeps the words of an owner-given name apart, up to ELEMENT_NAME_MAX characters', () => {
    expect(elementNameOf('[data-ri=money-back guarantee]')).toBe('money-back-guarantee');
    expect(elementNameOf('[data-ri=Customer Testimonials]')).toBe('customer-testimonials');
    expect(elementNameOf('[data-ri= Press & awards ]')).toBe('press-awards');
    expect(elementNameOf(`[data-ri=${'a'.repeat(50)}]`)).toHaveLength(ELEMENT_NAME_MAX);
    expect(elementNameOf('[data-ri=!!!]')).toBeNull();
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
