import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMeans, compareRates, confidenceFrom, impactOf, priorityOf } from './evidence-strength.js';

describe('confidenceFrom', () => {
  it('is the share of the estimate left at the cautious end of its 95 % interval', () => {
    expect(confidenceFrom(0.25, 0.03687)).toBe(0.71); // 1 − 1.96 × 0.03687 / 0.25
    expect(confidenceFrom(1.96, 1)).toBe(0); // at the edge of significance
    expect(confidenceFrom(4, 1)).toBe(0.51);
    expect(confidenceFrom(10, 1)).toBe(0.8);
    expect(confidenceFrom(100, 1)).toBe(0.95); // never certainty
    expect(confidenceFrom(1, 2)).toBe(0);
    expect(confidenceFrom(0, 1)).toBe(0);
    expect(confidenceFrom(-4, 1)).toBe(0.51);
  });

  it('grows with the sample for the same rates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 2000 }),
        fc.double({ min: 0.05, max: 0.45, noNaN: true }),
        fc.double({ min: 0.05, max: 0.4, noNaN: true }),
        (n, p, gap) => {
          const at = (m: number) => {
            const c = compareRates(
              { successes: Math.round((p + gap) * m), trials: m },
              { successes: Math.round(p * m), trials: m },
            )!;
            return confidenceFrom(c.diff, c.se);
          };
          expect(at(4 * n)).toBeGreaterThanOrEqual(at(n) - 0.011); // rounding of the counts aside
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('compareRates', () => {
  it('computes the two-proportion z-test by hand', () => {
    // 440 / 800 against 60 / 200: pooled 0.5, SE √(.25 × (1/800 + 1/200)) = 0.03953, z = 0.25 / 0.03953 = 6.32.
    const c = compareRates({ successes: 440, trials: 800 }, { successes: 60, trials: 200 })!;
    expect(c.diff).toBeCloseTo(0.25, 12);
    expect(c.z).toBeCloseTo(0.25 / Math.sqrt(0.25 * (1 / 800 + 1 / 200)), 12);
    expect(c.se).toBeCloseTo(Math.sqrt((0.55 * 0.45) / 800 + (0.3 * 0.7) / 200), 12);
    expect(c.p).toBeLessThan(1e-9);
    expect(compareRates({ successes: 1, trials: 0 }, { successes: 1, trials: 2 })).toBeNull();
  });

  it('gives p = 1 for equal rates', () => {
    const c = compareRates({ successes: 50, trials: 100 }, { successes: 50, trials: 100 })!;
    expect(c.p).toBe(1);
  });
});

describe('compareMeans', () => {
  it("computes Welch's statistic", () => {
    const c = compareMeans([2, 4, 6], [1, 2, 3])!;
    // Means 4 and 2; variances 4 and 1; SE √(4/3 + 1/3) = 1.291.
    expect(c.diff).toBe(2);
    expect(c.se).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(compareMeans([1], [1, 2])).toBeNull();
  });
});

describe('priorityOf and impactOf', () => {
  it('ranks by the cautious lift: 2 % and more high, 0.5 % and more medium', () => {
    expect(priorityOf(0.04, 0.5)).toBe('high');
    expect(priorityOf(0.04, 0.49)).toBe('medium');
    expect(priorityOf(0.01, 0.5)).toBe('medium');
    expect(priorityOf(0.01, 0.49)).toBe('low');
    expect([impactOf(0.05), impactOf(0.2), impactOf(-1)]).toEqual([0.5, 1, 0]);
  });
});
