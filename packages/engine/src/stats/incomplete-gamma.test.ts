import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logGamma, regularizedGammaQ } from './incomplete-gamma.js';

describe('logGamma', () => {
  it('matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(1)).toBeCloseTo(0, 13);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(logGamma(100)).toBeCloseTo(359.1342053695754, 10);
  });
});

/** Q(n, x) for whole n in closed form: e^−x Σ_{k<n} x^k / k! (the Poisson distribution function). */
const poissonQ = (n: number, x: number) => {
  let term = Math.exp(-x);
  let sum = term;
  for (let k = 1; k < n; k++) {
    term *= x / k;
    sum += term;
  }
  return sum;
};

describe('regularizedGammaQ', () => {
  it('is 1 at 0, 0 at infinity and NaN outside its domain', () => {
    expect(regularizedGammaQ(2, 0)).toBe(1);
    expect(regularizedGammaQ(2, Number.POSITIVE_INFINITY)).toBe(0);
    expect(regularizedGammaQ(0, 1)).toBeNaN();
    expect(regularizedGammaQ(1, -1)).toBeNaN();
  });

  it('agrees with the closed form for whole a, on both sides of a + 1 (series and continued fraction)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0.001, max: 150, noNaN: true }), (n, x) => {
        expect(regularizedGammaQ(n, x)).toBeCloseTo(poissonQ(n, x), 10);
      }),
    );
  });

  it('falls as x grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (a, x, dx) => {
          expect(regularizedGammaQ(a, x + dx)).toBeLessThanOrEqual(regularizedGammaQ(a, x) + 1e-12);
        },
      ),
    );
  });
});
