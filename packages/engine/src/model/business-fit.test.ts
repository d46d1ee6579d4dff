import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BusinessSample, fitBusinessModel } from './business-fit.js';
import { predictConversion } from './conversion-model.js';
import { liveSessionFeatures } from './live-session.js';
import { createRandom } from './prng.js';

/** A business whose readers (blog and about pages) convert and whose product browsers mostly do not. */
function samples(n: number, seed: number): BusinessSample[] {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => {
    const info = Math.floor(random() * 5);
    const product = Math.floor(random() * 6);
    const cart = random() < 0.3 ? 1 : 0;
    const converted = random() < 0.05 + 0.15 * info + 0.1 * cart;
    const pageValue = converted ? 20 + 10 * random() : 5 * random();
    return {
      converted,
      features: liveSessionFeatures(
        {
          blog: { views: info, dwellMs: info * 60_000 },
          product: { views: product, dwellMs: product * 30_000 },
          cart: { views: cart, dwellMs: cart * 20_000 },
        },
        { startedAt: Date.UTC(2026, 5, 1 + Math.floor(random() * 28)), returning: random() < 0.3, pageValue },
      ),
    };
  });
}

describe('fitBusinessModel', () => {
  const data = samples(600, 3);
  const thresholds = { minSessions: 300, minConversions: 40 };

  it('waits for enough history and says what is missing', () => {
    const fit = fitBusinessModel(data.slice(0, 100), () => 0.5, thresholds);
    expect(fit.status).toBe('not_enough_data');
    expect(fit.reason).toContain('at least 300 finished sessions');
    expect(fit.reason).toContain('this business has 100 finished sessions');
  });

  const fit = fitBusinessModel(data, () => 0.5, thresholds);

  it('keeps its own model when it ranks the sessions better than the prior', () => {
    expect(fit.status).toBe('active');
    if (fit.status === 'not_enough_data') throw new Error('unreachable');
    expect(fit.metrics.business.auc).toBeGreaterThan(0.75);
    expect(fit.metrics.prior.auc).toBe(0.5);
    expect(fit.model.usesPageValue).toBe(true);
  });

  // A whole fit: a second or two alone, more on a machine busy with other work.
  it('keeps the prior when the prior ranks them at least as well', { timeout: 30_000 }, () => {
    const oracle = fitBusinessModel(data, (s) => (s.converted ? 0.9 : 0.1), thresholds);
    expect(oracle.status).toBe('not_better');
    expect(oracle.reason).toContain('no better than the prior');
  });

  it('fits a model that more buying evidence never scores lower', () => {
    if (fit.status === 'not_enough_data') throw new Error('unreachable');
    fc.assert(
      fc.property(
        fc.nat(data.length - 1),
        fc.nat(5),
        fc.nat(600),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (i, moreViews, moreSeconds, moreValue) => {
          const f = data[i]!.features;
          const richer = {
            ...f,
            pageViews: { ...f.pageViews, admin: f.pageViews.admin + moreViews },
            dwellSeconds: { ...f.dwellSeconds, admin: f.dwellSeconds.admin + moreSeconds },
            pageValue: (f.pageValue ?? 0) + moreValue,
          };
          expect(predictConversion(fit.model, richer)).toBeGreaterThanOrEqual(predictConversion(fit.model, f));
        },
      ),
      { numRuns: 300 },
    );
  });
});
