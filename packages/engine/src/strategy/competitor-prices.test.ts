import { describe, expect, it } from 'vitest';
import { competitorPriceDiffs, median } from './competitor-prices.js';
import { competitorPrices } from './snapshot.fixture.js';

describe('competitorPriceDiffs', () => {
  it('compares own prices with the competitors’ medians (worked example)', () => {
    // Pro plan: 49 against the median of 39, 44, 49 = 44 → +11.36 %. Starter: 19 against the median of 25 and 20
    // = 22.5 → −15.56 % (Hooli's price from 2023 is too old). Business: median of the two = −2.1 %.
    expect(competitorPriceDiffs(competitorPrices, '2024-05-30')).toEqual({
      products: [
        {
          product: 'Pro plan',
          currency: 'USD',
          own_price: 49,
          median_competitor_price: 44,
          competitors: 3,
          diff: 0.1136,
        },
        {
          product: 'Starter',
          currency: 'USD',
          own_price: 19,
          median_competitor_price: 22.5,
          competitors: 2,
          diff: -0.1556,
        },
      ],
      diff: -0.021,
      entries: 5,
      first_entered: '2024-03-15',
      last_entered: '2024-05-02',
      stale: 1,
    });
  });

  it('keeps each competitor’s latest price and never mixes currencies', () => {
    const prices = [
      { competitor: 'Acme', product: 'Pro', price: 50, own_price: 40, currency: 'USD', entered_at: '2024-01-01' },
      { competitor: 'Acme', product: 'Pro', price: 40, own_price: 40, currency: 'USD', entered_at: '2024-05-01' },
      { competitor: 'Acme', product: 'Pro', price: 30, own_price: 36, currency: 'EUR', entered_at: '2024-05-01' },
    ];
    expect(competitorPriceDiffs(prices, '2024-05-30').products.map((p) => [p.currency, p.diff])).toEqual([
      ['EUR', 0.2],
      ['USD', 0],
    ]);
  });

  it('is null with nothing to compare', () => {
    expect(competitorPriceDiffs([], '2024-05-30')).toMatchObject({ diff: null, products: [] });
    expect(median([3, 1, 2])).toBe(2);
  });
});
