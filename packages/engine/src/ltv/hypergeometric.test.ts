import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypergeometric2F1, hypergeometric2F1A1 } from './hypergeometric.js';

describe('hypergeometric2F1', () => {
  it('matches closed forms', () => {
    for (const z of [0, 0.1, 0.5, 0.9, 0.99]) {
      // ₂F₁(1, 1; 2; z) = −ln(1 − z)/z
      expect(hypergeometric2F1(1, 1, 2, z)).toBeCloseTo(z === 0 ? 1 : -Math.log(1 - z) / z, 10);
      // ₂F₁(a, b; b; z) = (1 − z)^−a
      expect(hypergeometric2F1(0.7, 2.5, 2.5, z)).toBeCloseTo((1 - z) ** -0.7, 8);
    }
    // ₂F₁(½, ½; 3/2; z²) = arcsin(z)/z
    expect(hypergeometric2F1(0.5, 0.5, 1.5, 0.25)).toBeCloseTo(Math.asin(0.5) / 0.5, 12);
  });

  it('is a polynomial when a is a non-positive integer', () => {
    // ₂F₁(−2, b; c; z) = 1 − 2bz/c + b(b+1)z²/(c(c+1))
    const [b, c, z] = [1.5, 3.2, 0.7];
    expect(hypergeometric2F1(-2, b, c, z)).toBeCloseTo(1 - (2 * b * z) / c + (b * (b + 1) * z * z) / (c * (c + 1)), 12);
  });

  it('answers NaN outside its domain', () => {
    expect(hypergeometric2F1(1, 1, 2, 1)).toBeNaN();
    expect(hypergeometric2F1(1, 1, 2, -0.1)).toBeNaN();
    expect(hypergeometric2F1(1, 1, -1, 0.5)).toBeNaN();
  });

  it('satisfies Euler’s transformation ₂F₁(a, b; c; z) = (1 − z)^(c−a−b) ₂F₁(c−a, c−b; c; z)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 5, noNaN: true }),
        fc.double({ min: 0.05, max: 5, noNaN: true }),
        fc.double({ min: 0.5, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 0.8, noNaN: true }),
        (a, b, c, z) => {
          const direct = hypergeometric2F1(a, b, c, z);
          const euler = (1 - z) ** (c - a - b) * hypergeometric2F1(c - a, c - b, c, z);
          expect(Math.abs(direct - euler)).toBeLessThan(1e-9 * Math.max(1, Math.abs(direct)));
        },
      ),
    );
  });

  it('evaluates ₂F₁(1, b; c; z) by continued fraction near z = 1, where the series is slow', () => {
    for (const z of [0.6, 0.99, 0.9999, 0.999999]) {
      expect(hypergeometric2F1A1(1, 2, z)).toBeCloseTo(-Math.log(1 - z) / z, 8);
    }
    // ₂F₁(1, b; b; z) = 1/(1 − z)
    expect(hypergeometric2F1A1(3.7, 3.7, 0.999)).toBeCloseTo(1000, 6);
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 150, noNaN: true }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.double({ min: 0.5, max: 0.95, noNaN: true }),
        (b, extra, z) => {
          const series = hypergeometric2F1(1, b, b + extra, z);
          expect(Math.abs(hypergeometric2F1A1(b, b + extra, z) - series)).toBeLessThan(1e-10 * series);
        },
      ),
    );
  });
});
