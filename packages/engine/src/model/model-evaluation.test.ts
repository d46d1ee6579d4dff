import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOST_PARAMS } from './boosting.js';
import { crossValidateConversion } from './model-evaluation.js';
import { syntheticSessions } from './synthetic-sessions.fixture.js';

describe('crossValidateConversion', () => {
  it('reports per-fold and mean AUC and Brier for every scoring, on held-out folds', () => {
    const { sessions, labels } = syntheticSessions(500, 8);
    const options = {
      usePageValue: false,
      boost: { ...DEFAULT_BOOST_PARAMS, trees: 30, learningRate: 0.1, minSamplesLeaf: 10 },
      calibrationFolds: 3,
      seed: 2,
    };
    const cv = crossValidateConversion(sessions, labels, options, 4, 5);
    for (const scoring of ['uncalibrated', 'platt', 'isotonic'] as const) {
      const r = cv[scoring];
      expect(r.folds.map((f) => f.fold)).toEqual([0, 1, 2, 3]);
      expect(r.folds.reduce((s, f) => s + f.size, 0)).toBe(500);
      expect(r.meanAuc).toBeGreaterThan(0.6);
      expect(r.meanAuc).toBeLessThanOrEqual(1);
      expect(r.meanBrier).toBeGreaterThan(0);
      expect(r.meanBrier).toBeLessThan(0.25);
      expect(r.outOfFold).toHaveLength(500);
      for (const p of r.outOfFold) expect(p).toBeGreaterThanOrEqual(0);
      for (const p of r.outOfFold) expect(p).toBeLessThanOrEqual(1);
    }
    // Platt scaling is strictly increasing, so it keeps each fold's ranking.
    expect(cv.platt.meanAuc).toBeCloseTo(cv.uncalibrated.meanAuc, 10);
  });
});
