import { describe, expect, it } from 'vitest';
import { hasSignal, pricingViews, reachedCart, signalValue, transitionCount, viewsOf } from './session-record.js';
import { flowsOf, makeRecord } from './session-records.fixture.js';

describe('session record readers', () => {
  it('treats null, non-finite and negative values as absent, and presence as a value above 0', () => {
    const r = makeRecord({
      signals: { a: null, b: Number.NaN, c: -1, d: 0, e: 2 },
      pageTypeViews: { pricing: Number.POSITIVE_INFINITY },
    });
    expect(['a', 'b', 'c', 'missing'].map((n) => signalValue(r, n))).toEqual([null, null, null, null]);
    expect(['d', 'e'].map((n) => hasSignal(r, n))).toEqual([false, true]);
    expect(viewsOf(r, 'pricing')).toBe(0);
    expect(viewsOf(r, 'demo')).toBe(0);
  });

  it('takes pricing views and cart visits from either the catalogue signal or the page types', () => {
    expect(pricingViews(makeRecord({ signals: { pricing_page_views: 3 }, pageTypeViews: { pricing: 1 } }))).toBe(3);
    expect(pricingViews(makeRecord({ signals: { pricing_page_views: 0 }, pageTypeViews: { pricing: 2 } }))).toBe(2);
    expect(reachedCart(makeRecord({ signals: { cart_or_checkout_reached: 1 } }))).toBe(true);
    expect(reachedCart(makeRecord({ pageTypeViews: { cart: 1 } }))).toBe(true);
    expect(reachedCart(makeRecord({ signals: { cart_or_checkout_reached: 0 } }))).toBe(false);
  });

  it('counts direct transitions between two signals', () => {
    const r = makeRecord({
      flows: flowsOf(['pricing_page_views', 'hesitation_loops', 'pricing_page_views', 'hesitation_loops']),
    });
    expect(transitionCount(r, 'pricing_page_views', 'hesitation_loops')).toBe(2);
    expect(transitionCount(r, 'hesitation_loops', 'rage_clicks')).toBe(0);
  });
});
