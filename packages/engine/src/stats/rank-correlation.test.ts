import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRanks, spearmanCorrelation } from './rank-correlation.js';

describe('averageRanks', () => {
  it('ranks from 1 and gives ties the mean of their ranks', () => {
    expect(averageRanks([30, 10, 20, 10])).toEqual([4, 1.5, 3, 1.5]);
  });
});

describe('spearmanCorrelation', () => {
  it('matches a textbook example', () => {
    // IQ against hours of television (Wikipedia, "Spearman's rank correlation coefficient"): ρ = −29/165.
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(spearmanCorrelation(iq, tv)).toBeCloseTo(-29 / 165, 12);
  });

  it('is 1 for any increasing relation and −1 for a decreasing one', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 30 }), (xs) => {
        expect(
          spearmanCorrelation(
            xs,
            xs.map((x) => x ** 3 + 5),
          ),
        ).toBeCloseTo(1, 12);
        expect(
          spearmanCorrelation(
            xs,
            xs.map((x) => -Math.exp(x / 100)),
          ),
        ).toBeCloseTo(-1, 12);
      }),
    );
  });

  it('is null when nothing can be ranked', () => {
    expect(spearmanCorrelation([1], [2])).toBeNull();
    expect(spearmanCorrelation([1, 2], [3, 3])).toBeNull();
    expect(spearmanCorrelation([1, 2], [3])).toBeNull();
  });
});
