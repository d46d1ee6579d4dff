import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binColumn, binOf, fitFeatureBins, shortestBetween } from './binning.js';

describe('fitFeatureBins', () => {
  it('cuts between every distinct value when there are few', () => {
    expect(fitFeatureBins([3, 1, 2, 2, 1], 8)).toEqual([1.5, 2.5]);
  });

  it('caps the bin count with equal-count quantiles', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i);
    const t = fitFeatureBins(values, 10);
    expect(t.length).toBeLessThanOrEqual(9);
    const counts = new Map<number, number>();
    for (const b of binColumn(values, t)) counts.set(b, (counts.get(b) ?? 0) + 1);
    for (const c of counts.values()) expect(c).toBeGreaterThanOrEqual(90);
  });

  it('keeps order: a larger value never lands in a lower bin', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 2, max: 64 }),
        (values, maxBins) => {
          const t = fitFeatureBins(values, maxBins);
          expect(t.length).toBeLessThan(maxBins);
          const sorted = [...values].sort((a, b) => a - b);
          const bins = sorted.map((v) => binOf(v, t));
          for (let i = 1; i < bins.length; i++) expect(bins[i]!).toBeGreaterThanOrEqual(bins[i - 1]!);
        },
      ),
    );
  });
});

describe('shortestBetween', () => {
  it('finds a short decimal strictly inside the gap', () => {
    expect(shortestBetween(0.1234, 0.2)).toBe(0.16);
    expect(shortestBetween(1, 2)).toBe(1.5);
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-9, max: 1e3 }), (a, gap) => {
        const b = a + gap;
        fc.pre(b > a);
        const m = shortestBetween(a, b);
        expect(m).toBeGreaterThan(a);
        expect(m).toBeLessThan(b);
      }),
    );
  });
});
