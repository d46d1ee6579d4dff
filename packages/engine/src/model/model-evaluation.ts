import { sigmoid } from './boosting.js';
import {
  type CalibrationMethod,
  type FitOptions,
  fitConversionModels,
  predictConversion,
  predictConversionMargin,
} from './conversion-model.js';
import { stratifiedFolds } from './cross-validation.js';
import { brierScore, rocAuc } from './metrics.js';
import type { SessionFeatures } from './session-features.js';

/** How predictions were turned into probabilities: uncalibrated sigmoid, or a calibration method. */
export type Scoring = 'uncalibrated' | CalibrationMethod;

/** ROC-AUC and Brier score of one held-out fold. */
export type FoldResult = { fold: number; size: number; auc: number; brier: number };

/**
 * Cross-validated figures of one way of scoring: per fold, the mean over folds, and every session's
 * out-of-fold probability (in input order).
 */
export type CrossValidation = { folds: FoldResult[]; meanAuc: number; meanBrier: number; outOfFold: number[] };

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Estimates how the whole fitting procedure (trees plus out-of-fold calibration) does on unseen
 * sessions by stratified k-fold cross-validation: each fold is scored by a model fitted, calibration
 * included, on the other folds only. Reports every scoring at once since they share the trees.
 */
export function crossValidateConversion(
  sessions: readonly SessionFeatures[],
  labels: readonly number[],
  options: FitOptions,
  k: number,
  seed: number,
): Record<Scoring, CrossValidation> {
  const folds = stratifiedFolds(labels, k, seed);
  const results: Record<Scoring, FoldResult[]> = { uncalibrated: [], platt: [], isotonic: [] };
  const outOfFold: Record<Scoring, number[]> = {
    uncalibrated: new Array<number>(labels.length).fill(0),
    platt: new Array<number>(labels.length).fill(0),
    isotonic: new Array<number>(labels.length).fill(0),
  };
  for (let fold = 0; fold < k; fold++) {
    const train = sessions.flatMap((_, i) => (folds[i] === fold ? [] : [i]));
    const test = sessions.flatMap((_, i) => (folds[i] === fold ? [i] : []));
    const models = fitConversionModels(
      train.map((i) => sessions[i]!),
      train.map((i) => labels[i]!),
      options,
    );
    const y = test.map((i) => labels[i]!);
    const margins = test.map((i) => predictConversionMargin(models.platt, sessions[i]!));
    const record = (scoring: Scoring, p: number[]) => {
      results[scoring].push({ fold, size: test.length, auc: rocAuc(p, y), brier: brierScore(p, y) });
      test.forEach((row, j) => {
        outOfFold[scoring][row] = p[j]!;
      });
    };
    record('uncalibrated', margins.map(sigmoid));
    for (const method of ['platt', 'isotonic'] as const) {
      record(
        method,
        test.map((i) => predictConversion(models[method], sessions[i]!)),
      );
    }
  }
  const summarise = (scoring: Scoring): CrossValidation => ({
    folds: results[scoring],
    meanAuc: mean(results[scoring].map((f) => f.auc)),
    meanBrier: mean(results[scoring].map((f) => f.brier)),
    outOfFold: outOfFold[scoring],
  });
  return { uncalibrated: summarise('uncalibrated'), platt: summarise('platt'), isotonic: summarise('isotonic') };
}
