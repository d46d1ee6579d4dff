import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOST_PARAMS, fitBoostedTrees, predictMargin, predictMarginVariants, sigmoid } from './boosting.js';
import { rocAuc } from './metrics.js';
import { createRandom } from './prng.js';

/** Synthetic sessions: converts exactly when x0 > 0.5 AND x1 > 0.3; x2 is noise. */
function andRule(n: number, seed: number) {
  const random = createRandom(seed);
  const rows = Array.from({ length: n }, () => [random(), random(), random()]);
  const labels = rows.map(([a, b]) => (a! > 0.5 && b! > 0.3 ? 1 : 0));
  return { rows, labels };
}

const params = { ...DEFAULT_BOOST_PARAMS, trees: 60, learningRate: 0.3, maxDepth: 3, minSamplesLeaf: 5, lambda: 1 };

describe('fitBoostedTrees', () => {
  const train = andRule(800, 1);
  const model = fitBoostedTrees(train.rows, train.labels, params);

  it('learns an AND of two thresholds', () => {
    const test = andRule(400, 2);
    const p = test.rows.map((r) => sigmoid(predictMargin(model, r)));
    const correct = p.filter((pi, i) => (pi > 0.5 ? 1 : 0) === test.labels[i]).length;
    expect(correct / test.rows.length).toBeGreaterThan(0.97);
    expect(rocAuc(p, test.labels)).toBeGreaterThan(0.99);
    expect(sigmoid(predictMargin(model, [0.9, 0.9, 0.5]))).toBeGreaterThan(0.9);
    expect(sigmoid(predictMargin(model, [0.9, 0.1, 0.5]))).toBeLessThan(0.1);
  });

  it('gives probabilities in [0, 1] for any input', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { minLength: 3, maxLength: 3 }), (x) => {
        const p = sigmoid(predictMargin(model, x));
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is deterministic for a seed, and the seed drives the row sampling', () => {
    const again = fitBoostedTrees(train.rows, train.labels, params);
    expect(again).toEqual(model);
    const other = fitBoostedTrees(train.rows, train.labels, { ...params, seed: 99 });
    expect(other).not.toEqual(model);
  });

  it('starts from the log-odds of the base rate', () => {
    const none = fitBoostedTrees(train.rows, train.labels, { ...params, trees: 0 });
    const rate = train.labels.filter((y) => y === 1).length / train.labels.length;
    expect(sigmoid(none.baseScore)).toBeCloseTo(rate, 5);
  });

  describe('monotone constraints', () => {
    // Conversion rises with x0 overall, but falls inside x0 in (0.4, 0.6) (a dip a free model learns),
    // and depends on x1 too.
    const random = createRandom(5);
    const rows = Array.from({ length: 1500 }, () => [random(), random(), random()]);
    const labels = rows.map(([a, b]) => {
      const p = a! > 0.4 && a! < 0.6 ? 0.1 : 0.2 + 0.6 * a! * b!;
      return random() < p ? 1 : 0;
    });
    const grid = Array.from({ length: 101 }, (_, i) => i / 100);
    const drops = (m: ReturnType<typeof fitBoostedTrees>, x1: number, x2: number) => {
      const margins = grid.map((x0) => predictMargin(m, [x0, x1, x2]));
      return margins.slice(1).filter((z, i) => z < margins[i]! - 1e-12).length;
    };

    it('a free model follows the dip, so the check below can fail', () => {
      const free = fitBoostedTrees(rows, labels, params);
      expect(drops(free, 0.8, 0.5)).toBeGreaterThan(0);
    });

    it('never lowers the score as a rising feature grows, and never raises it as a falling one grows', () => {
      const rising = fitBoostedTrees(rows, labels, { ...params, monotone: [1, 0, 0] });
      const falling = fitBoostedTrees(
        rows.map(([a, b, c]) => [1 - a!, b!, c!]),
        labels,
        { ...params, monotone: [-1, 0, 0] },
      );
      fc.assert(
        fc.property(
          fc.double({ min: -1, max: 2, noNaN: true }),
          fc.double({ min: -1, max: 2, noNaN: true }),
          (x1, x2) => {
            expect(drops(rising, x1, x2)).toBe(0);
            const margins = grid.map((x0) => predictMargin(falling, [x0, x1, x2]));
            expect(margins.slice(1).every((z, i) => z <= margins[i]! + 1e-12)).toBe(true);
          },
        ),
      );
    });
  });
});

describe('predictMarginVariants', () => {
  const train = andRule(600, 3);
  const model = fitBoostedTrees(train.rows, train.labels, { ...params, trees: 40 });
  const thresholds = [...new Set(model.trees.flatMap((t) => t.threshold.filter((_, i) => t.feature[i]! >= 0)))];
  // Values on thresholds (where <= decides), NaN, signed zeros and infinities, as well as ordinary values.
  const value = fc.oneof(
    fc.double({ min: -0.5, max: 1.5, noNaN: true }),
    fc.constantFrom(...thresholds),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0),
  );
  const vector = fc.array(value, { minLength: 3, maxLength: 3 });
  // A variant changes some of x's features (undefined keeps x's value).
  const change = fc.array(fc.option(value, { nil: undefined }), { minLength: 3, maxLength: 3 });
  const apply = (x: number[], c: (number | undefined)[]) => x.map((v, i) => c[i] ?? v);

  it('gives exactly the margins predictMargin gives, for the vector and every variant', () => {
    fc.assert(
      fc.property(vector, fc.array(change, { maxLength: 12 }), (x, changes) => {
        const variants = changes.map((c) => apply(x, c));
        const { margin, variantMargins } = predictMarginVariants(model, x, variants);
        expect(margin).toBe(predictMargin(model, x));
        // toEqual compares numbers with Object.is, so this is bit for bit.
        expect(variantMargins).toEqual(variants.map((v) => predictMargin(model, v)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps models apart and gives the same answers when asked again', () => {
    const other = fitBoostedTrees(train.rows, train.labels, { ...params, trees: 25, seed: 7 });
    fc.assert(
      fc.property(vector, change, (x, c) => {
        const variants = [apply(x, c)];
        const first = predictMarginVariants(model, x, variants);
        const meanwhile = predictMarginVariants(other, variants[0]!, [x]);
        expect(meanwhile).toEqual({
          margin: predictMargin(other, variants[0]!),
          variantMargins: [predictMargin(other, x)],
        });
        expect(predictMarginVariants(model, x, variants)).toEqual(first);
      }),
    );
  });

  it('has no trees to walk for a model of the base score alone', () => {
    const none = { baseScore: -1.5, trees: [] };
    expect(predictMarginVariants(none, [1, 2, 3], [[4, 5, 6]])).toEqual({ margin: -1.5, variantMargins: [-1.5] });
  });
});
