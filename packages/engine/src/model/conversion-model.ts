import { type BoostedTrees, type BoostParams, fitBoostedTrees, predictMargin } from './boosting.js';
import { applyCalibration, type Calibration, fitIsotonic, fitPlatt } from './calibration.js';
import { stratifiedFolds } from './cross-validation.js';
import { featureNames, monotoneConstraints, type SessionFeatures, toFeatureVector } from './session-features.js';
import type { Tree } from './tree.js';

/** A probability in [0, 1]. */
export type Probability = number;

/**
 * A tree in its stored form: nodes in depth-first order, a split as [feature, threshold, index of the
 * right child] (the left child is the next node), a leaf as [value].
 */
export type StoredTree = number[][];

/** A fitted conversion model: boosted trees on the feature vector, then a calibration map. */
export type ConversionModel = {
  usesPageValue: boolean;
  /** The feature vector layout the trees were fitted on (checked against the code at load). */
  featureNames: string[];
  baseScore: number;
  trees: Tree[];
  calibration: Calibration;
};

/** How to calibrate: Platt scaling or isotonic regression, on out-of-fold scores. */
export type CalibrationMethod = Calibration['method'];

/** Packs a tree into its stored form (see StoredTree). */
export function storeTree(tree: Tree): StoredTree {
  return tree.feature.map((f, i) => (f < 0 ? [tree.value[i]!] : [f, tree.threshold[i]!, tree.right[i]!]));
}

/** Unpacks a stored tree into the parallel arrays prediction walks. */
export function loadTree(stored: StoredTree): Tree {
  const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
  stored.forEach((node, i) => {
    const isLeaf = node.length === 1;
    tree.feature.push(isLeaf ? -1 : node[0]!);
    tree.threshold.push(isLeaf ? 0 : node[1]!);
    tree.left.push(isLeaf ? -1 : i + 1);
    tree.right.push(isLeaf ? -1 : node[2]!);
    tree.value.push(isLeaf ? node[0]! : 0);
  });
  return tree;
}

/** The model's uncalibrated log-odds of conversion for a session. */
export function predictConversionMargin(model: ConversionModel, features: SessionFeatures): number {
  return predictMargin(model, toFeatureVector(features, model.usesPageValue));
}

/** The calibrated probability for the model's log-odds `margin` (from predictConversionMargin). */
export function calibratedProbability(model: ConversionModel, margin: number): Probability {
  return Math.min(1, Math.max(0, applyCalibration(model.calibration, margin)));
}

/** The calibrated probability that a session converts. */
export function predictConversion(model: ConversionModel, features: SessionFeatures): Probability {
  return calibratedProbability(model, predictConversionMargin(model, features));
}

/** Settings for fitting a conversion model. */
export type FitOptions = {
  usePageValue: boolean;
  boost: BoostParams;
  /** Folds used to get the out-of-fold scores the calibration is fitted on. */
  calibrationFolds: number;
  /** Seed of the calibration folds. */
  seed: number;
};

/**
 * Fits a conversion model on labelled sessions (labels 0/1), once per calibration method, sharing
 * the trees. Each calibration is fitted on out-of-fold log-odds from `calibrationFolds` models (so it
 * sees scores like those of unseen sessions); the trees that ship are fitted on all the sessions.
 */
export function fitConversionModels(
  sessions: readonly SessionFeatures[],
  labels: readonly number[],
  options: FitOptions,
): Record<CalibrationMethod, ConversionModel> {
  const rows = sessions.map((s) => toFeatureVector(s, options.usePageValue));
  const boost = { ...options.boost, monotone: monotoneConstraints(options.usePageValue) };
  const folds = stratifiedFolds(labels, options.calibrationFolds, options.seed);
  const outOfFold = new Array<number>(rows.length).fill(0);
  for (let k = 0; k < options.calibrationFolds; k++) {
    const train = rows.flatMap((_, i) => (folds[i] === k ? [] : [i]));
    const model: BoostedTrees = fitBoostedTrees(
      train.map((i) => rows[i]!),
      train.map((i) => labels[i]!),
      boost,
    );
    rows.forEach((row, i) => {
      if (folds[i] === k) outOfFold[i] = predictMargin(model, row);
    });
  }
  const final = fitBoostedTrees(rows, labels, boost);
  const withCalibration = (calibration: Calibration): ConversionModel => ({
    usesPageValue: options.usePageValue,
    featureNames: featureNames(options.usePageValue),
    baseScore: final.baseScore,
    trees: final.trees,
    calibration,
  });
  return {
    platt: withCalibration(fitPlatt(outOfFold, labels)),
    isotonic: withCalibration(fitIsotonic(outOfFold, labels)),
  };
}
