import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../model/prng.js';
import { fitSoftmaxRegression, softmax, softmaxScores } from './softmax-regression.js';

/** Three Gaussian blobs in 2-D, centred at (−3, 0), (3, 0) and (0, 3), plus a pure-noise third input. */
function blobs(n: number, spread: number, seed = 1) {
  const random = createRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const centres = [
    [-3, 0],
    [3, 0],
    [0, 3],
  ];
  const X: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % 3;
    X.push([centres[c]![0]! + spread * gauss(), centres[c]![1]! + spread * gauss(), gauss()]);
    y.push(c);
  }
  return { X, y };
}

const predict = (model: ReturnType<typeof fitSoftmaxRegression>['model'], x: number[]) => {
  const p = softmax(softmaxScores(model, x));
  return p.indexOf(Math.max(...p));
};

describe('softmax', () => {
  it('gives probabilities that sum to 1, ordered like the scores, even for huge scores', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 9 }), (s) => {
        const p = softmax(s);
        expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (const v of p) expect(v >= 0 && v <= 1).toBe(true);
        const top = s.indexOf(Math.max(...s));
        expect(p[top]).toBe(Math.max(...p));
      }),
    );
  });
});

describe('fitSoftmaxRegression', () => {
  it('separates well-separated classes and generalises to fresh points', () => {
    const train = blobs(300, 0.8);
    const test = blobs(300, 0.8, 2);
    const { model, report } = fitSoftmaxRegression(train.X, train.y, 3, { l2: 0.001 });
    expect(report.converged).toBe(true);
    const accuracy = test.X.filter((x, i) => predict(model, x) === test.y[i]).length / test.X.length;
    expect(accuracy).toBeGreaterThan(0.97);
  });

  it('puts its weight on the informative inputs, not on noise', () => {
    const { X, y } = blobs(600, 1);
    const { model } = fitSoftmaxRegression(X, y, 3, { l2: 0.01 });
    const norm = (j: number) => Math.hypot(...model.weights.map((w) => w[j]!));
    expect(norm(0)).toBeGreaterThan(10 * norm(2));
    expect(norm(1)).toBeGreaterThan(10 * norm(2));
  });

  it('centres the weights across classes and shrinks them as the penalty grows', () => {
    const { X, y } = blobs(300, 1.5);
    const weak = fitSoftmaxRegression(X, y, 3, { l2: 0.001 }).model;
    const strong = fitSoftmaxRegression(X, y, 3, { l2: 1 }).model;
    for (let j = 0; j < 3; j++) expect(weak.weights.reduce((a, w) => a + w[j]!, 0)).toBeCloseTo(0, 9);
    expect(weak.bias.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
    const size = (m: typeof weak) => Math.hypot(...m.weights.flat());
    expect(size(strong)).toBeLessThan(size(weak) / 2);
  });

  it('learns the class frequencies when the inputs say nothing', () => {
    const X = Array.from({ length: 400 }, () => [0, 0]);
    const y = X.map((_, i) => (i % 4 === 0 ? 0 : 1));
    const { model } = fitSoftmaxRegression(X, y, 2, { l2: 0.01 });
    expect(softmax(softmaxScores(model, [0, 0]))[0]).toBeCloseTo(0.25, 3);
  });

  it('is deterministic', () => {
    const { X, y } = blobs(150, 1.2);
    expect(fitSoftmaxRegression(X, y, 3, { l2: 0.01 })).toEqual(fitSoftmaxRegression(X, y, 3, { l2: 0.01 }));
  });

  it('refuses rows without labels', () => {
    expect(() => fitSoftmaxRegression([], [], 3, { l2: 0.01 })).toThrow(/label/);
  });
});
