import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stratifiedFolds } from './cross-validation.js';

describe('stratifiedFolds', () => {
  it('gives every fold nearly the same count of each label', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 1), { minLength: 10, maxLength: 300 }), fc.integer(), (labels, seed) => {
        const k = 5;
        const folds = stratifiedFolds(labels, k, seed);
        expect(folds).toHaveLength(labels.length);
        for (const label of [0, 1]) {
          const counts = Array.from(
            { length: k },
            (_, f) => folds.filter((x, i) => x === f && labels[i] === label).length,
          );
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        }
        const sizes = Array.from({ length: k }, (_, f) => folds.filter((x) => x === f).length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('is deterministic for a seed', () => {
    const labels = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    expect(stratifiedFolds(labels, 5, 3)).toEqual(stratifiedFolds(labels, 5, 3));
    expect(stratifiedFolds(labels, 5, 3)).not.toEqual(stratifiedFolds(labels, 5, 4));
  });
});
