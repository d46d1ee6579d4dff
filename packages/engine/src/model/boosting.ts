import { binColumn, fitFeatureBins } from './binning.js';
import { createRandom, shuffle } from './prng.js';
import { type BinnedData, fitTree, predictTree, type Tree, type TreeParams } from './tree.js';

/** Settings of gradient boosting with logistic loss. */
export type BoostParams = TreeParams & {
  /** Number of trees. */
  trees: number;
  /** Shrinkage applied to every tree's output. */
  learningRate: number;
  /** Share of rows (drawn without replacement) each tree sees, in (0, 1]. */
  subsample: number;
  /** Share of features each tree may split on, in (0, 1]. */
  colsample: number;
  /** Histogram bins per feature, at most 256. */
  maxBins: number;
  /** Seed of the row and feature sampling. */
  seed: number;
};

/** An additive model: log-odds = baseScore + sum of tree outputs. */
export type BoostedTrees = { baseScore: number; trees: Tree[] };

/** The settings the UCI models use unless a caller overrides them (chosen by cross-validation). */
export const DEFAULT_BOOST_PARAMS: BoostParams = {
  trees: 400,
  learningRate: 0.025,
  maxDepth: 4,
  minSamplesLeaf: 80,
  lambda: 10,
  minGain: 0,
  subsample: 0.8,
  colsample: 0.8,
  maxBins: 64,
  seed: 1,
};

/** The logistic function: log-odds to probability. */
export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Rounds to 7 significant digits so the stored model predicts exactly what the fitted one did. */
const compact = (v: number) => Number(v.toPrecision(7));

/** The log-odds the model gives to feature vector `x`. */
export function predictMargin(model: BoostedTrees, x: ArrayLike<number>): number {
  let z = model.baseScore;
  for (const tree of model.trees) z += predictTree(tree, x);
  return z;
}

/**
 * Fits gradient-boosted trees to binary labels (0/1) by Newton boosting on the logistic loss: each
 * tree fits the current gradients p - y with hessians p(1 - p), on a seeded subsample of rows and
 * features, and its leaves are shrunk by the learning rate.
 */
export function fitBoostedTrees(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  params: BoostParams,
): BoostedTrees {
  const n = rows.length;
  if (n === 0 || labels.length !== n) throw new Error('need as many labels as rows, and at least one row');
  const width = rows[0]!.length;
  const columns = Array.from({ length: width }, (_, f) => Float64Array.from(rows, (r) => r[f]!));
  const thresholds = columns.map((c) => fitFeatureBins(c, params.maxBins));
  const data: BinnedData = { bins: columns.map((c, f) => binColumn(c, thresholds[f]!)), thresholds };

  const positives = labels.reduce((s, y) => s + y, 0);
  const rate = Math.min(1 - 1e-6, Math.max(1e-6, positives / n));
  const baseScore = compact(Math.log(rate / (1 - rate)));
  const margin = new Float64Array(n).fill(baseScore);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  const random = createRandom(params.seed);
  const allRows = Array.from({ length: n }, (_, i) => i);
  const allFeatures = Array.from({ length: width }, (_, f) => f);
  const sampleSize = Math.max(1, Math.round(n * params.subsample));
  const featureCount = Math.max(1, Math.round(width * params.colsample));
  const trees: Tree[] = [];

  for (let t = 0; t < params.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(margin[i]!);
      grad[i] = p - labels[i]!;
      hess[i] = Math.max(p * (1 - p), 1e-12);
    }
    const sample =
      sampleSize < n
        ? Uint32Array.from(shuffle(allRows, random).slice(0, sampleSize)).sort()
        : Uint32Array.from(allRows);
    const features =
      featureCount < width
        ? shuffle(allFeatures, random)
            .slice(0, featureCount)
            .sort((a, b) => a - b)
        : allFeatures;
    const tree = fitTree(data, grad, hess, sample, features, params);
    tree.value = tree.value.map((v) => compact(v * params.learningRate));
    trees.push(tree);
    for (let i = 0; i < n; i++) margin[i]! += predictTree(tree, rows[i]!);
  }
  return { baseScore, trees };
}
