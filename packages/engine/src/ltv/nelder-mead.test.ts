import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimizeNelderMead } from './nelder-mead.js';

describe('minimizeNelderMead', () => {
  it('finds the minimum of the Rosenbrock valley at (1, 1)', () => {
    const rosenbrock = ([x, y]: readonly number[]) => 100 * (y! - x! ** 2) ** 2 + (1 - x!) ** 2;
    const result = minimizeNelderMead(rosenbrock, [-1.2, 1]);
    expect(result.converged).toBe(true);
    expect(result.point[0]).toBeCloseTo(1, 5);
    expect(result.point[1]).toBeCloseTo(1, 5);
    expect(result.value).toBeLessThan(1e-10);
  });

  it('treats NaN and infinite values as walls', () => {
    // log(x) − x has its maximum at x = 1; negative x is outside the domain.
    const result = minimizeNelderMead(([x]) => (x! > 0 ? x! - Math.log(x!) : Number.NaN), [5]);
    expect(result.point[0]).toBeCloseTo(1, 6);
  });

  it('stops at the evaluation budget without converging', () => {
    const result = minimizeNelderMead(([x, y]) => (x! - 3) ** 2 + (y! + 2) ** 2, [0, 0], { maxEvaluations: 10 });
    expect(result.evaluations).toBeLessThanOrEqual(12);
    expect(result.converged).toBe(false);
  });

  it('never ends worse than where it started, and finds a quadratic bowl anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (centre, start) => {
          const f = (p: readonly number[]) => p.reduce((s, v, i) => s + (i + 1) * (v - centre[i]!) ** 2, 0);
          const from = centre.map((_, i) => start[i]!);
          const result = minimizeNelderMead(f, from);
          expect(result.value).toBeLessThanOrEqual(f(from));
          for (const [i, v] of result.point.entries()) expect(v).toBeCloseTo(centre[i]!, 4);
        },
      ),
      { numRuns: 40 },
    );
  });
});
