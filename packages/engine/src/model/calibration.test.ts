import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sigmoid } from './boosting.js';
import { applyCalibration, fitIsotonic, fitPlatt } from './calibration.js';
import { brierScore } from './metrics.js';
import { createRandom } from './prng.js';

const scoresAndLabels = fc
  .array(fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.constantFrom(0, 1)), {
    minLength: 1,
    maxLength: 80,
  })
  .map((pairs) => ({ scores: pairs.map((p) => p[0]), labels: pairs.map((p) => p[1]) }));

describe('fitIsotonic', () => {
  it('pools violators into block means', () => {
    const c = fitIsotonic([1, 2, 3, 4], [0, 1, 0, 1]);
    expect(c).toEqual({ method: 'isotonic', x: [1, 2.5, 4], y: [0, 0.5, 1] });
    expect(applyCalibration(c, 0)).toBe(0);
    expect(applyCalibration(c, 2.5)).toBe(0.5);
    expect(applyCalibration(c, 3.25)).toBe(0.75);
    expect(applyCalibration(c, 9)).toBe(1);
  });

  it('gives a non-decreasing map into [0, 1]', () => {
    fc.assert(
      fc.property(scoresAndLabels, fc.array(fc.double({ min: -20, max: 20, noNaN: true })), (data, probes) => {
        const c = fitIsotonic(data.scores, data.labels);
        const sorted = [...probes].sort((a, b) => a - b);
        const p = sorted.map((s) => applyCalibration(c, s));
        for (let i = 0; i < p.length; i++) {
          expect(p[i]!).toBeGreaterThanOrEqual(0);
          expect(p[i]!).toBeLessThanOrEqual(1);
          if (i > 0) expect(p[i]!).toBeGreaterThanOrEqual(p[i - 1]! - 1e-12);
        }
      }),
    );
  });
});

describe('fitPlatt', () => {
  it('recovers the scale of over-confident scores', () => {
    const random = createRandom(5);
    const truth = Array.from({ length: 4000 }, () => random() * 8 - 4);
    const labels = truth.map((z) => (random() < sigmoid(z) ? 1 : 0));
    const overconfident = truth.map((z) => 2 * z);
    const c = fitPlatt(overconfident, labels);
    if (c.method !== 'platt') throw new Error('expected Platt');
    expect(c.slope).toBeGreaterThan(0.4);
    expect(c.slope).toBeLessThan(0.6);
    const calibrated = overconfident.map((z) => applyCalibration(c, z));
    expect(brierScore(calibrated, labels)).toBeLessThan(brierScore(overconfident.map(sigmoid), labels));
  });

  it('gives a non-decreasing map into [0, 1]', () => {
    fc.assert(
      fc.property(
        scoresAndLabels,
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (data, s, d) => {
          const c = fitPlatt(data.scores, data.labels);
          const a = applyCalibration(c, s);
          const b = applyCalibration(c, s + d);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(b).toBeLessThanOrEqual(1);
          if (c.method === 'platt' && c.slope >= 0) expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
    );
  });
});
