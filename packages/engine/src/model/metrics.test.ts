import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brierScore, rocAuc } from './metrics.js';

describe('rocAuc', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one, 0.5 for all ties', () => {
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
  });

  it('is NaN with a single class', () => {
    expect(rocAuc([0.1, 0.2], [1, 1])).toBeNaN();
  });

  it('matches the pairwise definition and ignores monotone maps', () => {
    const data = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, 1)), { minLength: 2 });
    fc.assert(
      fc.property(data, (pairs) => {
        const s = pairs.map((p) => p[0]);
        const y = pairs.map((p) => p[1]);
        let wins = 0;
        let total = 0;
        for (let i = 0; i < s.length; i++) {
          for (let j = 0; j < s.length; j++) {
            if (y[i] === 1 && y[j] === 0) {
              total++;
              wins += s[i]! > s[j]! ? 1 : s[i] === s[j] ? 0.5 : 0;
            }
          }
        }
        const auc = rocAuc(s, y);
        if (total === 0) expect(auc).toBeNaN();
        else {
          expect(auc).toBeCloseTo(wins / total, 10);
          expect(
            rocAuc(
              s.map((v) => v ** 3 + 7),
              y,
            ),
          ).toBeCloseTo(auc, 10);
        }
      }),
    );
  });
});

describe('brierScore', () => {
  it('is the mean squared error of the probabilities', () => {
    expect(brierScore([1, 0, 0.5], [1, 0, 1])).toBeCloseTo(0.25 / 3, 12);
  });
});
