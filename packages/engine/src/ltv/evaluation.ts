/** How close per-customer forecasts came to what happened: totals, their error, and per-customer agreement. */
export type ForecastAccuracy = {
  customers: number;
  predictedTotal: number;
  actualTotal: number;
  /** (predicted − actual) / actual × 100; null when nothing happened. */
  percentError: number | null;
  /** Mean absolute error per customer. */
  meanAbsoluteError: number;
  /** Root mean squared error per customer. */
  rootMeanSquaredError: number;
  /** Pearson's correlation of forecast and outcome across customers; null when either is constant. */
  correlation: number | null;
};

/** Compares paired forecasts and outcomes (same customer at the same index). Throws when the lengths differ. */
export function forecastAccuracy(predicted: readonly number[], actual: readonly number[]): ForecastAccuracy {
  if (predicted.length !== actual.length) throw new Error('predicted and actual differ in length');
  const n = predicted.length;
  let predictedTotal = 0;
  let actualTotal = 0;
  let absolute = 0;
  let squared = 0;
  for (let i = 0; i < n; i++) {
    predictedTotal += predicted[i]!;
    actualTotal += actual[i]!;
    absolute += Math.abs(predicted[i]! - actual[i]!);
    squared += (predicted[i]! - actual[i]!) ** 2;
  }
  const mp = predictedTotal / n;
  const ma = actualTotal / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (predicted[i]! - mp) * (actual[i]! - ma);
    sxx += (predicted[i]! - mp) ** 2;
    syy += (actual[i]! - ma) ** 2;
  }
  return {
    customers: n,
    predictedTotal,
    actualTotal,
    percentError: actualTotal === 0 ? null : (100 * (predictedTotal - actualTotal)) / actualTotal,
    meanAbsoluteError: n === 0 ? 0 : absolute / n,
    rootMeanSquaredError: n === 0 ? 0 : Math.sqrt(squared / n),
    correlation: sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null,
  };
}
