import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cdnowSampleWeekly } from './cdnow-sample.fixture.js';
import {
  fitGammaGamma,
  type GammaGammaParams,
  gammaGammaExpectedSpend,
  gammaGammaLogLikelihood,
  gammaGammaPopulationMean,
} from './gamma-gamma.js';

/** Fader & Hardie (2013), "The Gamma-Gamma Model of Monetary Value": 946 repeat buyers of the CDNOW sample. */
const PUBLISHED: GammaGammaParams = { p: 6.25, q: 3.74, gamma: 15.44 };

describe('Gamma-Gamma on the CDNOW sample', () => {
  it('reproduces the published log-likelihood and parameters', () => {
    const repeaters = cdnowSampleWeekly()
      .filter((c) => c.frequency > 0)
      .map((c) => ({ frequency: c.frequency, averageAmount: c.averageRepeatAmount! }));
    expect(repeaters).toHaveLength(946);
    expect(gammaGammaLogLikelihood(PUBLISHED, repeaters)).toBeCloseTo(-4055.92, 0);
    const { params, logLikelihood, converged } = fitGammaGamma(repeaters);
    expect(converged).toBe(true);
    expect(logLikelihood).toBeCloseTo(-4055.918, 2);
    expect(params.p).toBeCloseTo(PUBLISHED.p, 2);
    expect(params.q).toBeCloseTo(PUBLISHED.q, 2);
    expect(params.gamma).toBeCloseTo(PUBLISHED.gamma, 1);
  });
});

describe('Gamma-Gamma expressions', () => {
  const params: GammaGammaParams = { p: 6, q: 4, gamma: 15 };

  it('shrinks a customer’s mean towards the population mean, less the more they bought', () => {
    expect(gammaGammaPopulationMean(params)).toBe(30); // pγ/(q−1) = 6·15/3
    expect(gammaGammaExpectedSpend(params, { frequency: 0, averageAmount: 0 })).toBe(30);
    // p(γ + m·x)/(px + q − 1): 6·(15 + 50)/(6 + 3) = 43.33 after one purchase of 50 …
    expect(gammaGammaExpectedSpend(params, { frequency: 1, averageAmount: 50 })).toBeCloseTo(43.333, 3);
    // … and 6·(15 + 500)/(60 + 3) = 49.05 after ten averaging 50.
    expect(gammaGammaExpectedSpend(params, { frequency: 10, averageAmount: 50 })).toBeCloseTo(49.048, 3);
  });

  it('needs at least two repeat buyers with a value', () => {
    expect(() =>
      fitGammaGamma([
        { frequency: 2, averageAmount: 10 },
        { frequency: 0, averageAmount: 0 },
      ]),
    ).toThrow(/fewer than two/);
  });

  it('always lands between the population mean and the customer’s own mean', () => {
    fc.assert(
      fc.property(
        fc.record({
          p: fc.double({ min: 0.1, max: 20, noNaN: true }),
          q: fc.double({ min: 1.01, max: 20, noNaN: true }),
          gamma: fc.double({ min: 0.1, max: 500, noNaN: true }),
        }),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        (g, frequency, averageAmount) => {
          const spend = gammaGammaExpectedSpend(g, { frequency, averageAmount });
          const population = gammaGammaPopulationMean(g);
          expect(spend).toBeGreaterThanOrEqual(Math.min(population, averageAmount) * (1 - 1e-12));
          expect(spend).toBeLessThanOrEqual(Math.max(population, averageAmount) * (1 + 1e-12));
        },
      ),
    );
  });
});
