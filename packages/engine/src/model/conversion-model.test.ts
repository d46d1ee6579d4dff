import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOST_PARAMS } from './boosting.js';
import {
  fitConversionModels,
  loadTree,
  predictConversion,
  predictConversionMargin,
  storeTree,
} from './conversion-model.js';
import { syntheticSessions } from './synthetic-sessions.fixture.js';
import type { Tree } from './tree.js';

const options = {
  usePageValue: true,
  boost: { ...DEFAULT_BOOST_PARAMS, trees: 40, learningRate: 0.1, minSamplesLeaf: 10 },
  calibrationFolds: 3,
  seed: 1,
};

describe('storeTree and loadTree', () => {
  it('round-trip a tree through its compact form', () => {
    const tree: Tree = {
      feature: [2, -1, 0, -1, -1],
      threshold: [1.5, 0, 7, 0, 0],
      left: [1, -1, 3, -1, -1],
      right: [2, -1, 4, -1, -1],
      value: [0, -0.1, 0, 0.2, 0.3],
    };
    expect(storeTree(tree)).toEqual([[2, 1.5, 2], [-0.1], [0, 7, 4], [0.2], [0.3]]);
    expect(loadTree(storeTree(tree))).toEqual(tree);
  });
});

describe('fitConversionModels', () => {
  const { sessions, labels } = syntheticSessions(600, 3);
  const models = fitConversionModels(sessions, labels, options);

  it('shares the trees between calibrations and ranks sessions the same way with each', () => {
    expect(models.platt.trees).toBe(models.isotonic.trees);
    expect(models.platt.calibration.method).toBe('platt');
    expect(models.isotonic.calibration.method).toBe('isotonic');
    const [a, b] = [sessions[0]!, sessions[1]!];
    const byMargin = Math.sign(predictConversionMargin(models.platt, a) - predictConversionMargin(models.platt, b));
    const byPlatt = Math.sign(predictConversion(models.platt, a) - predictConversion(models.platt, b));
    expect(byPlatt).toBe(byMargin);
  });

  it('gives calibrated probabilities whose mean tracks the conversion rate', () => {
    const p = sessions.map((s) => predictConversion(models.platt, s));
    for (const pi of p) expect(pi).toBeGreaterThanOrEqual(0);
    for (const pi of p) expect(pi).toBeLessThanOrEqual(1);
    const meanP = p.reduce((s, x) => s + x, 0) / p.length;
    const rate = labels.reduce((s, y) => s + y, 0) / labels.length;
    expect(Math.abs(meanP - rate)).toBeLessThan(0.05);
  });

  it('is deterministic for the same seed', () => {
    expect(fitConversionModels(sessions, labels, options).platt).toEqual(models.platt);
  });
});
