import { binColumn, fitFeatureBins } from './binning.js';
import { createRandom, shuffle } from './prng.js';
import {
  type BinnedData,
  fitTree,
  type PackedTrees,
  packTrees,
  predictPackedFrom,
  predictTree,
  type Tree,
  type TreeParams,
} from './tree.js';

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

/** A model's packed trees, its splits by feature, and the scratch arrays predictMarginVariants reuses. */
type MarginWorkspace = {
  packed: PackedTrees;
  /**
   * The split nodes by the feature they test, each feature's by ascending threshold: feature f's are
   * splitNode[splitStart[f] .. splitStart[f + 1]), with their thresholds at the same places in
   * splitThreshold. Splits on a NaN threshold are left out: they send every value right.
   */
  splitNode: Int32Array;
  splitThreshold: Float64Array;
  splitStart: Int32Array;
  /** The vector (x) and the current variant (v), as float64, one entry per feature the trees test. */
  x: Float64Array;
  v: Float64Array;
  /** Each tree's output for x, and for the current variant. */
  outputs: Float64Array;
  variantOutputs: Float64Array;
  /** 1 for the nodes on x's paths. */
  onPath: Uint8Array;
  /** Per tree, the shallowest node where the current variant leaves x's path, or -1 (kept -1 between uses). */
  leavesAt: Int32Array;
  /** The trees the current variant leaves x's path in (the first `n`; see predictMarginVariants). */
  leaving: Int32Array;
};

/** Each model's workspace, built on first use (trees do not change once fitted or parsed). */
const workspaces = new WeakMap<readonly Tree[], MarginWorkspace>();

function workspaceOf(model: BoostedTrees): MarginWorkspace {
  let workspace = workspaces.get(model.trees);
  if (workspace === undefined) {
    const packed = packTrees(model.trees);
    const { feature, threshold, featureCount } = packed;
    const splits: number[][] = Array.from({ length: featureCount }, () => []);
    feature.forEach((f, node) => {
      if (f >= 0 && !Number.isNaN(threshold[node]!)) splits[f]!.push(node);
    });
    const byThreshold = (a: number, b: number) =>
      threshold[a]! < threshold[b]! ? -1 : threshold[a]! > threshold[b]! ? 1 : 0;
    const splitNode = Int32Array.from(splits.flatMap((nodes) => nodes.sort(byThreshold)));
    const splitStart = new Int32Array(featureCount + 1);
    splits.forEach((nodes, f) => {
      splitStart[f + 1] = splitStart[f]! + nodes.length;
    });
    const trees = model.trees.length;
    workspace = {
      packed,
      splitNode,
      splitThreshold: Float64Array.from(splitNode, (node) => threshold[node]!),
      splitStart,
      x: new Float64Array(featureCount),
      v: new Float64Array(featureCount),
      outputs: new Float64Array(trees),
      variantOutputs: new Float64Array(trees),
      onPath: new Uint8Array(feature.length),
      leavesAt: new Int32Array(trees).fill(-1),
      leaving: new Int32Array(trees),
    };
    workspaces.set(model.trees, workspace);
  }
  return workspace;
}

/** The first index in [from, to) of ascending `sorted` whose value is at least `value`, else `to`. */
function firstAtLeast(sorted: Float64Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The log-odds the model gives to feature vector `x` and to each of `variants` (vectors of the same
 * layout, usually `x` with a few features changed, as occlusion explanations need): predictMargin of each,
 * bit for bit, at a fraction of the cost. Each tree is evaluated once for `x`; for a variant, only the
 * trees where a changed feature sends it the other way at a node on x's path are walked again, from that
 * node. Every other tree sends the variant down x's path to x's leaf. The sums run in tree order, as in
 * predictMargin, so the margins are identical to it, not merely close. Live scoring explains every score
 * this way (a margin and about ten variants per session), so this is on its hot path.
 */
export function predictMarginVariants(
  model: BoostedTrees,
  x: ArrayLike<number>,
  variants: readonly ArrayLike<number>[],
): { margin: number; variantMargins: number[] } {
  // The workspace is shared by all calls for this model; nothing below calls out, so none can overlap.
  const workspace = workspaceOf(model);
  const { packed, splitNode, splitThreshold, splitStart, outputs, variantOutputs, onPath, leavesAt, leaving } =
    workspace;
  const { feature, threshold, left, right, value } = packed;
  const treeCount = outputs.length;
  const featureCount = packed.featureCount;
  // Missing entries read as NaN, which compares like the undefined predictTree would read.
  const xs = workspace.x;
  for (let f = 0; f < featureCount; f++) xs[f] = x[f]!;

  // Each tree's output for x, marking the nodes on its path.
  onPath.fill(0);
  let margin = model.baseScore;
  for (let t = 0; t < treeCount; t++) {
    let node = packed.root[t]!;
    while (feature[node]! >= 0) {
      onPath[node] = 1;
      node = xs[feature[node]!]! <= threshold[node]! ? left[node]! : right[node]!;
    }
    outputs[t] = value[node]!;
    margin += outputs[t]!;
  }

  const vs = workspace.v;
  const variantMargins = variants.map((variant) => {
    for (let f = 0; f < featureCount; f++) vs[f] = variant[f]!;
    // The trees the variant leaves x's path in, each with the shallowest such node: nodes come before
    // their descendants, so that is the one with the smallest index.
    let n = 0;
    for (let f = 0; f < featureCount; f++) {
      const was = xs[f]!;
      const now = vs[f]!;
      const wasNaN = Number.isNaN(was);
      const nowNaN = Number.isNaN(now);
      if (now === was || (wasNaN && nowNaN)) continue;
      // Only the splits with thresholds in [low, high) send the two values different ways. A NaN goes
      // right of every threshold, like a value above them all, so then the range has no upper end.
      const start = splitStart[f]!;
      const end = splitStart[f + 1]!;
      const low = firstAtLeast(splitThreshold, start, end, wasNaN ? now : nowNaN ? was : Math.min(was, now));
      const high = wasNaN || nowNaN ? end : firstAtLeast(splitThreshold, low, end, Math.max(was, now));
      for (let i = low; i < high; i++) {
        const node = splitNode[i]!;
        if (!onPath[node]) continue;
        const t = packed.tree[node]!;
        if (leavesAt[t]! < 0) leaving[n++] = t;
        else if (leavesAt[t]! < node) continue;
        leavesAt[t] = node;
      }
    }
    // No tree changes its output, so neither does the sum.
    if (n === 0) return margin;
    variantOutputs.set(outputs);
    for (let i = 0; i < n; i++) {
      const t = leaving[i]!;
      variantOutputs[t] = predictPackedFrom(packed, leavesAt[t]!, vs);
      leavesAt[t] = -1;
    }
    let z = model.baseScore;
    for (let t = 0; t < treeCount; t++) z += variantOutputs[t]!;
    return z;
  });
  return { margin, variantMargins };
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
