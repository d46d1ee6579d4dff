import { regularizedGammaQ } from './incomplete-gamma.js';

/**
 * P(X ≥ x) for X chi-square distributed with `df` degrees of freedom: Q(df/2, x/2). The p-value of a
 * chi-square statistic. 1 for x ≤ 0; NaN for df ≤ 0.
 */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(df > 0)) return Number.NaN;
  if (!(x > 0)) return 1;
  return regularizedGammaQ(df / 2, x / 2);
}

/** Pearson's chi-square test of independence on a contingency table. */
export type ChiSquareTest = {
  chiSquare: number;
  degreesOfFreedom: number;
  /** P(χ² ≥ chiSquare) under independence, in [0, 1]. */
  pValue: number;
};

/**
 * Pearson's chi-square test of independence of the rows and columns of a table of counts: Σ (O − E)² / E
 * with E = row total × column total / N, on (rows − 1)(columns − 1) degrees of freedom, without Yates'
 * correction. Rows and columns whose total is 0 are dropped first. Null when fewer than two rows or two
 * columns remain: there is then nothing to compare.
 */
export function chiSquareIndependence(table: readonly (readonly number[])[]): ChiSquareTest | null {
  const width = Math.max(0, ...table.map((r) => r.length));
  const cell = (r: readonly number[], j: number) => r[j] ?? 0;
  const rows = table.filter((r) => r.reduce((s, v) => s + v, 0) > 0);
  const columns = Array.from({ length: width }, (_, j) => j).filter((j) => rows.some((r) => cell(r, j) > 0));
  if (rows.length < 2 || columns.length < 2) return null;
  const rowTotals = rows.map((r) => columns.reduce((s, j) => s + cell(r, j), 0));
  const columnTotals = columns.map((j) => rows.reduce((s, r) => s + cell(r, j), 0));
  const total = rowTotals.reduce((s, v) => s + v, 0);
  let chiSquare = 0;
  rows.forEach((r, i) => {
    columns.forEach((j, k) => {
      const expected = (rowTotals[i]! * columnTotals[k]!) / total;
      chiSquare += (cell(r, j) - expected) ** 2 / expected;
    });
  });
  const degreesOfFreedom = (rows.length - 1) * (columns.length - 1);
  return { chiSquare, degreesOfFreedom, pValue: chiSquareSurvival(chiSquare, degreesOfFreedom) };
}
