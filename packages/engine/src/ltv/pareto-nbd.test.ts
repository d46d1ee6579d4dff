import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cdnowSampleWeekly } from './cdnow-sample.fixture.js';
import {
  fitParetoNbd,
  type ParetoNbdParams,
  paretoNbdExpectedPurchases,
  paretoNbdLogLikelihood,
  paretoNbdProbabilityAlive,
} from './pareto-nbd.js';

/** Fader & Hardie (2005), "A Note on Deriving the Pareto/NBD Model": the CDNOW sample, 39 weeks, LL −9,595.0. */
const PUBLISHED: ParetoNbdParams = { r: 0.5533, alpha: 10.5776, s: 0.6061, beta: 11.665 };

/** Simpson's rule over [lo, hi] with n (even) intervals. */
function integrate(f: (t: number) => number, lo: number, hi: number, n = 20_000): number {
  const h = (hi - lo) / n;
  let sum = f(lo) + f(hi);
  for (let i = 1; i < n; i++) sum += (i % 2 === 1 ? 4 : 2) * f(lo + i * h);
  return (sum * h) / 3;
}

/** P(alive) from the model's definition: alive-at-T density over (alive + died at τ in (tₓ, T]) densities. */
function aliveByIntegration({ r, alpha, s, beta }: ParetoNbdParams, x: number, tx: number, T: number): number {
  const alive = (alpha + T) ** -(r + x) * (beta + T) ** -s;
  const died = integrate((tau) => s * (alpha + tau) ** -(r + x) * (beta + tau) ** -(s + 1), tx, T);
  return alive / (alive + died);
}

describe('Pareto/NBD on the CDNOW sample', () => {
  it('reproduces the published log-likelihood and parameters', () => {
    const customers = cdnowSampleWeekly();
    expect(paretoNbdLogLikelihood(PUBLISHED, customers)).toBeCloseTo(-9594.98, 1);
    const { params, logLikelihood, converged } = fitParetoNbd(customers);
    expect(converged).toBe(true);
    expect(logLikelihood).toBeCloseTo(-9594.976, 2);
    expect(params.r).toBeCloseTo(PUBLISHED.r, 3);
    expect(params.alpha).toBeCloseTo(PUBLISHED.alpha, 2);
    expect(params.s).toBeCloseTo(PUBLISHED.s, 3);
    expect(params.beta).toBeCloseTo(PUBLISHED.beta, 2);
  });
});

describe('Pareto/NBD expressions', () => {
  it('agrees with direct integration over the death time, whichever of α and β is larger', () => {
    for (const params of [
      PUBLISHED,
      { r: 0.6, alpha: 81, s: 0.52, beta: 62 },
      { r: 1.3, alpha: 5, s: 2.5, beta: 40 },
    ]) {
      for (const [x, tx, T] of [
        [0, 0, 38],
        [2, 30.43, 38.86],
        [7, 5, 60],
        [25, 180, 200],
      ] as const) {
        const expected = aliveByIntegration(params, x, tx, T);
        expect(paretoNbdProbabilityAlive(params, { frequency: x, recency: tx, age: T })).toBeCloseTo(expected, 7);
      }
    }
  });

  it('becomes the NBD, (r+x)t/(α+T), when nobody dies', () => {
    const immortal: ParetoNbdParams = { r: 2, alpha: 10, s: 1e-9, beta: 1 };
    const customer = { frequency: 3, recency: 20, age: 40 };
    expect(paretoNbdProbabilityAlive(immortal, customer)).toBeCloseTo(1, 6);
    expect(paretoNbdExpectedPurchases(immortal, customer, 25)).toBeCloseTo((5 * 25) / 50, 5);
  });

  it('treats a one-time buyer as less and less likely alive as time passes (unlike the BG/NBD)', () => {
    const at = (age: number) => paretoNbdProbabilityAlive(PUBLISHED, { frequency: 0, recency: 0, age });
    expect(at(0)).toBe(1);
    expect(at(10)).toBeLessThan(1);
    expect(at(40)).toBeLessThan(at(10));
  });

  it('is continuous through s = 1', () => {
    const customer = { frequency: 4, recency: 30, age: 39 };
    const at = (s: number) => paretoNbdExpectedPurchases({ ...PUBLISHED, s }, customer, 39);
    expect(at(1)).toBeCloseTo((at(1 - 1e-6) + at(1 + 1e-6)) / 2, 6);
  });

  it('keeps P(alive) in [0, 1] and expected purchases non-negative and growing with the horizon', () => {
    const arbParams = fc.record({
      r: fc.double({ min: 0.05, max: 5, noNaN: true }),
      alpha: fc.double({ min: 0.5, max: 200, noNaN: true }),
      s: fc.double({ min: 0.05, max: 5, noNaN: true }),
      beta: fc.double({ min: 0.5, max: 200, noNaN: true }),
    });
    const arbCustomer = fc
      .record({
        frequency: fc.nat(40),
        age: fc.double({ min: 0, max: 500, noNaN: true }),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ frequency, age, share }) => ({ frequency, age, recency: frequency === 0 ? 0 : age * share }));
    fc.assert(
      fc.property(arbParams, arbCustomer, fc.double({ min: 1, max: 400, noNaN: true }), (p, c, t) => {
        const alive = paretoNbdProbabilityAlive(p, c);
        expect(alive).toBeGreaterThanOrEqual(0);
        expect(alive).toBeLessThanOrEqual(1);
        const shorter = paretoNbdExpectedPurchases(p, c, t);
        expect(shorter).toBeGreaterThanOrEqual(0);
        expect(paretoNbdExpectedPurchases(p, c, 2 * t)).toBeGreaterThanOrEqual(shorter);
      }),
    );
  });
});
