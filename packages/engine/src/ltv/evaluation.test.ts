import { describe, expect, it } from 'vitest';
import { forecastAccuracy } from './evaluation.js';

describe('forecastAccuracy', () => {
  it('computes totals, error and agreement by hand', () => {
    const a = forecastAccuracy([1, 2, 3, 2], [0, 2, 4, 2]);
    expect(a.predictedTotal).toBe(8);
    expect(a.actualTotal).toBe(8);
    expect(a.percentError).toBe(0);
    expect(a.meanAbsoluteError).toBe(0.5); // (1 + 0 + 1 + 0) / 4
    expect(a.rootMeanSquaredError).toBeCloseTo(Math.sqrt(0.5), 12);
    // Pearson: deviations (−1, 0, 1, 0) and (−2, 0, 2, 0): perfectly correlated.
    expect(a.correlation).toBeCloseTo(1, 12);
    expect(forecastAccuracy([2, 2], [1, 3]).percentError).toBe(0);
    expect(forecastAccuracy([1, 1], [2, 2]).percentError).toBe(-50);
  });

  it('says n/a rather than inventing a figure', () => {
    expect(forecastAccuracy([1, 1], [0, 0]).percentError).toBeNull();
    expect(forecastAccuracy([1, 1], [0, 3]).correlation).toBeNull();
    expect(() => forecastAccuracy([1], [])).toThrow();
  });
});
