import { describe, expect, it } from 'vitest';
import { digamma, fitOrderValue, trigamma } from './order-value.js';
import { pathRandom, sampleGamma, samplePoisson } from './sampling.js';

describe('digamma and trigamma', () => {
  it('match known values', () => {
    expect(digamma(1)).toBeCloseTo(-0.5772156649, 9);
    expect(digamma(0.5)).toBeCloseTo(-1.963510026, 9);
    expect(trigamma(1)).toBeCloseTo(Math.PI ** 2 / 6, 9);
    expect(trigamma(0.5)).toBeCloseTo(Math.PI ** 2 / 2, 9);
  });
});

describe('fitOrderValue', () => {
  it('recovers the mean order value and its spread from daily totals', () => {
    const random = pathRandom(5, 0);
    const orders = Array.from({ length: 180 }, () => samplePoisson(random, 12));
    // Gamma(shape 2) order values of mean 50: a day's revenue is Gamma(2n) × 25.
    const revenue = orders.map((n) => (n > 0 ? sampleGamma(random, 2 * n) * 25 : 0));
    const fit = fitOrderValue(orders, revenue);
    expect(Math.exp(fit.state.mean[0] + fit.state.mean[2]) / 50).toBeCloseTo(1, 1);
    expect(fit.shape).toBeGreaterThan(1.4);
    expect(fit.shape).toBeLessThan(2.8);
  });
});
