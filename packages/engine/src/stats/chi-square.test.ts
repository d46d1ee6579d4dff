import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareIndependence, chiSquareSurvival } from './chi-square.js';

describe('chiSquareSurvival', () => {
  it('gives the tabled critical values their p-values', () => {
    // Critical values of the chi-square distribution (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
    const table: [x: number, df: number, p: number][] = [
      [3.841458820694124, 1, 0.05],
      [6.634896601021214, 1, 0.01],
      [10.827566170662733, 1, 0.001],
      [5.991464547107979, 2, 0.05],
      [7.814727903251179, 3, 0.05],
      [11.070497693516351, 5, 0.05],
      [12.591587243743977, 6, 0.05],
      [16.811893829770927, 6, 0.01],
      [124.34211340400407, 100, 0.05],
    ];
    for (const [x, df, p] of table) expect(chiSquareSurvival(x, df)).toBeCloseTo(p, 10);
  });

  it('matches closed forms: erfc(√(x/2)) for 1 df, e^(−x/2) for 2', () => {
    expect(chiSquareSurvival(1, 1)).toBeCloseTo(0.31731050786291415, 12);
    expect(chiSquareSurvival(4, 1)).toBeCloseTo(0.04550026389635842, 12);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 700, noNaN: true }), (x) => {
        expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
      }),
    );
  });

  it('is 1 at 0 and NaN without degrees of freedom', () => {
    expect(chiSquareSurvival(0, 3)).toBe(1);
    expect(chiSquareSurvival(-2, 3)).toBe(1);
    expect(chiSquareSurvival(2, 0)).toBeNaN();
  });
});

describe('chiSquareIndependence', () => {
  it('computes the statistic as by hand', () => {
    // Rows 30 and 70, columns 40 and 60: E = 12, 18, 28, 42; Σ (O − E)²/E = 4/12 + 4/18 + 4/28 + 4/42.
    const test = chiSquareIndependence([
      [10, 20],
      [30, 40],
    ])!;
    expect(test.chiSquare).toBeCloseTo(4 / 12 + 4 / 18 + 4 / 28 + 4 / 42, 12);
    expect(test.degreesOfFreedom).toBe(1);
    expect(test.pValue).toBeCloseTo(0.373, 3);
  });

  it('counts (rows − 1)(columns − 1) degrees of freedom over the non-empty rows and columns', () => {
    const test = chiSquareIndependence([
      [5, 45],
      [0, 0],
      [15, 35],
      [30, 20, 0],
    ])!;
    expect(test.degreesOfFreedom).toBe(2);
    // E per row: 50 × (50/150, 100/150) = (16.67, 33.33); (5, 15, 30) against 16.67 and (45, 35, 20) against 33.33.
    const e1 = 50 / 3;
    const e2 = 100 / 3;
    const expected =
      ((5 - e1) ** 2 + (15 - e1) ** 2 + (30 - e1) ** 2) / e1 + ((45 - e2) ** 2 + (35 - e2) ** 2 + (20 - e2) ** 2) / e2;
    expect(test.chiSquare).toBeCloseTo(expected, 10);
    expect(test.pValue).toBeLessThan(1e-4);
  });

  it('is null when there is nothing to compare: one row, or nobody (or everybody) in a column', () => {
    expect(chiSquareIndependence([[3, 7]])).toBeNull();
    expect(
      chiSquareIndependence([
        [0, 7],
        [0, 9],
      ]),
    ).toBeNull();
    expect(chiSquareIndependence([])).toBeNull();
  });

  it('gives 0 and p = 1 for proportional rows, and ignores row order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 })), {
          minLength: 2,
          maxLength: 7,
        }),
        (rows) => {
          const test = chiSquareIndependence(rows);
          const reversed = chiSquareIndependence([...rows].reverse());
          if (!test) {
            expect(reversed).toBeNull();
            return;
          }
          expect(test.chiSquare).toBeGreaterThanOrEqual(0);
          expect(test.pValue).toBeGreaterThanOrEqual(0);
          expect(test.pValue).toBeLessThanOrEqual(1);
          expect(reversed!.chiSquare).toBeCloseTo(test.chiSquare, 8);
        },
      ),
    );
    const proportional = chiSquareIndependence([
      [2, 8],
      [20, 80],
      [7, 28],
    ])!;
    expect(proportional.chiSquare).toBeCloseTo(0, 12);
    expect(proportional.pValue).toBeCloseTo(1, 12);
  });
});
