import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BgNbdParams,
  bgNbdExpectedPurchases,
  bgNbdLogLikelihood,
  bgNbdProbabilityAlive,
  fitBgNbd,
} from './bg-nbd.js';
import { cdnowSampleWeekly } from './cdnow-sample.fixture.js';
import { hypergeometric2F1 } from './hypergeometric.js';

/** Fader, Hardie & Lee (2005), table 1: the BG/NBD on the CDNOW sample, 39 weeks, LL −9,582.4. */
const PUBLISHED: BgNbdParams = { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426 };

describe('BG/NBD on the CDNOW sample', () => {
  it('reproduces the published log-likelihood and parameters', () => {
    const customers = cdnowSampleWeekly();
    expect(customers).toHaveLength(2_357);
    expect(customers.reduce((s, c) => s + c.frequency, 0)).toBe(2_457);
    expect(bgNbdLogLikelihood(PUBLISHED, customers)).toBeCloseTo(-9582.43, 1);
    const { params, logLikelihood, converged } = fitBgNbd(customers);
    expect(converged).toBe(true);
    expect(logLikelihood).toBeCloseTo(-9582.429, 2);
    expect(params.r).toBeCloseTo(PUBLISHED.r, 3);
    expect(params.alpha).toBeCloseTo(PUBLISHED.alpha, 2);
    expect(params.a).toBeCloseTo(PUBLISHED.a, 3);
    expect(params.b).toBeCloseTo(PUBLISHED.b, 2);
  });

  it('gives the paper’s worked conditional expectation: 1.226 purchases in 39 weeks for x = 2, tₓ = 30.43, T = 38.86', () => {
    const customer = { frequency: 2, recency: 30.43, age: 38.86 };
    expect(bgNbdExpectedPurchases(PUBLISHED, customer, 39)).toBeCloseTo(1.226, 3);
  });
});

describe('BG/NBD expressions', () => {
  const params: BgNbdParams = { r: 0.25, alpha: 30, a: 0.7, b: 2.2 };

  it('reduces to the unconditional E[X(t)] for a customer seen at their first purchase (x = 0, T = 0)', () => {
    // FHL eq. 9 with the untransformed series: (a+b−1)/(a−1) · [1 − (α/(α+t))^r ₂F₁(r, b; a+b−1; t/(α+t))].
    const { r, alpha, a, b } = params;
    for (const t of [7, 90, 365]) {
      const unconditional =
        ((a + b - 1) / (a - 1)) *
        (1 - (alpha / (alpha + t)) ** r * hypergeometric2F1(r, b, a + b - 1, t / (alpha + t)));
      expect(bgNbdExpectedPurchases(params, { frequency: 0, recency: 0, age: 0 }, t)).toBeCloseTo(unconditional, 10);
    }
  });

  it('becomes the NBD, (r+x)t/(α+T), when nobody drops out', () => {
    const immortal: BgNbdParams = { r: 2, alpha: 10, a: 1e-9, b: 1 };
    const customer = { frequency: 3, recency: 20, age: 40 };
    expect(bgNbdProbabilityAlive(immortal, customer)).toBeCloseTo(1, 8);
    expect(bgNbdExpectedPurchases(immortal, customer, 25)).toBeCloseTo((5 * 25) / 50, 6);
  });

  it('counts a customer who never came back as alive, and one silent since long ago as likely gone', () => {
    expect(bgNbdProbabilityAlive(params, { frequency: 0, recency: 0, age: 300 })).toBe(1);
    // 1 / (1 + a/(b+x−1) · ((α+T)/(α+tₓ))^(r+x)) = 1 / (1 + 0.7/6.2 · (330/325)^5.25) by hand: 0.8910.
    expect(bgNbdProbabilityAlive(params, { frequency: 5, recency: 295, age: 300 })).toBeCloseTo(0.891, 3);
    // … and with tₓ = 20: 1 / (1 + 0.7/6.2 · (330/50)^5.25) = 0.00044.
    expect(bgNbdProbabilityAlive(params, { frequency: 5, recency: 20, age: 300 })).toBeCloseTo(0.00044, 5);
  });

  it('evaluates a = 1 (a removable singularity) between its neighbours', () => {
    const customer = { frequency: 2, recency: 50, age: 100 };
    const at = (a: number) => bgNbdExpectedPurchases({ ...params, a }, customer, 90);
    expect(at(1)).toBeGreaterThan(Math.min(at(0.999), at(1.001)));
    expect(at(1)).toBeLessThan(Math.max(at(0.999), at(1.001)));
  });

  const arbParams = fc.record({
    r: fc.double({ min: 0.05, max: 5, noNaN: true }),
    alpha: fc.double({ min: 0.5, max: 200, noNaN: true }),
    a: fc.double({ min: 0.05, max: 5, noNaN: true }),
    b: fc.double({ min: 0.05, max: 10, noNaN: true }),
  });
  const arbCustomer = fc
    .record({
      frequency: fc.nat(40),
      age: fc.double({ min: 0, max: 500, noNaN: true }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ frequency, age, share }) => ({ frequency, age, recency: frequency === 0 ? 0 : age * share }));

  it('keeps P(alive) in [0, 1] and expected purchases non-negative and growing with the horizon', () => {
    fc.assert(
      fc.property(arbParams, arbCustomer, fc.double({ min: 1, max: 400, noNaN: true }), (p, c, t) => {
        const alive = bgNbdProbabilityAlive(p, c);
        expect(alive).toBeGreaterThanOrEqual(0);
        expect(alive).toBeLessThanOrEqual(1);
        const shorter = bgNbdExpectedPurchases(p, c, t);
        const longer = bgNbdExpectedPurchases(p, c, 2 * t);
        expect(shorter).toBeGreaterThanOrEqual(0);
        expect(longer).toBeGreaterThanOrEqual(shorter * (1 - 1e-9));
        expect(bgNbdExpectedPurchases(p, c, 0)).toBe(0);
      }),
    );
  });
});
