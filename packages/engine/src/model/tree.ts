import type { FeatureBins } from './binning.js';

/**
 * A regression tree as parallel arrays (compact in JSON). Node 0 is the root; a node with feature -1
 * is a leaf whose output is `value`; otherwise x[feature] <= threshold goes to `left`, else `right`.
 */
export type Tree = { feature: number[]; threshold: number[]; left: number[]; right: number[]; value: number[] };

/**
 * How a tree grows: depth cap, the fewest rows a leaf may hold, L2 shrinkage of leaf values, and optional
 * monotone constraints by feature index (+1: the output never falls as the feature rises, -1: never
 * rises, 0 or absent: free).
 */
export type TreeParams = {
  maxDepth: number;
  minSamplesLeaf: number;
  lambda: number;
  minGain: number;
  monotone?: readonly number[];
};

/** Training columns already binned (column-major), with each feature's thresholds. */
export type BinnedData = { bins: Uint8Array[]; thresholds: FeatureBins[] };

type Split = { feature: number; bin: number; gain: number; leftValue: number; rightValue: number };

/** The output of `tree` for feature vector `x`. */
export function predictTree(tree: Tree, x: ArrayLike<number>): number {
  let node = 0;
  while (tree.feature[node]! >= 0) {
    node = x[tree.feature[node]!]! <= tree.threshold[node]! ? tree.left[node]! : tree.right[node]!;
  }
  return tree.value[node]!;
}

/**
 * Trees packed into shared typed arrays for fast repeated prediction. The nodes of all the trees follow
 * one another, each tree's in depth-first order (a node comes before its descendants), with child indices
 * into the whole arrays; a leaf has feature -1, as in Tree. Tree t's root is node `root[t]`, and `tree`
 * gives each node's tree; `featureCount` is one more than the highest feature index tested.
 */
export type PackedTrees = {
  root: Int32Array;
  tree: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
  featureCount: number;
};

/** Packs `trees` (see PackedTrees). Thresholds and values are kept exactly, so predictions do not change. */
export function packTrees(trees: readonly Tree[]): PackedTrees {
  const size = trees.reduce((n, tree) => n + tree.feature.length, 0);
  const packed: PackedTrees = {
    root: new Int32Array(trees.length),
    tree: new Int32Array(size),
    feature: new Int32Array(size),
    threshold: new Float64Array(size),
    left: new Int32Array(size),
    right: new Int32Array(size),
    value: new Float64Array(size),
    featureCount: 0,
  };
  let next = 0;
  const pack = (tree: Tree, t: number, node: number): number => {
    const id = next++;
    const feature = tree.feature[node]!;
    packed.tree[id] = t;
    packed.feature[id] = feature;
    packed.threshold[id] = tree.threshold[node]!;
    packed.value[id] = tree.value[node]!;
    packed.left[id] = -1;
    packed.right[id] = -1;
    if (feature >= 0) {
      packed.featureCount = Math.max(packed.featureCount, feature + 1);
      packed.left[id] = pack(tree, t, tree.left[node]!);
      packed.right[id] = pack(tree, t, tree.right[node]!);
    }
    return id;
  };
  trees.forEach((tree, t) => {
    packed.root[t] = pack(tree, t, 0);
  });
  return packed;
}

/**
 * The value of the leaf that feature vector `x` reaches from `node` of `packed`. From a tree's root, that
 * is the tree's output, as predictTree gives it.
 */
export function predictPackedFrom(packed: PackedTrees, node: number, x: ArrayLike<number>): number {
  const { feature, threshold, left, right } = packed;
  let at = node;
  while (feature[at]! >= 0) at = x[feature[at]!]! <= threshold[at]! ? left[at]! : right[at]!;
  return packed.value[at]!;
}

/**
 * Fits one regression tree to per-row gradients and hessians (a Newton step of gradient boosting) on
 * the rows listed in `rows`, splitting only on `features`. Each node picks the histogram split with the
 * largest second-order gain; a leaf's value is -G / (H + lambda), clamped to the bounds its ancestors set.
 * Monotone constraints work as in XGBoost: a split on a constrained feature is allowed only if its two
 * leaf values are in the constrained order, and then the children's values are bounded on either side
 * of their midpoint, so no deeper split can undo the order. Every tree, and so any sum of them, is then
 * monotone in that feature.
 */
export function fitTree(
  data: BinnedData,
  grad: Float64Array,
  hess: Float64Array,
  rows: Uint32Array,
  features: readonly number[],
  params: TreeParams,
): Tree {
  const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
  const maxBins = Math.max(1, ...data.thresholds.map((t) => t.length + 1));
  const histG = new Float64Array(maxBins);
  const histH = new Float64Array(maxBins);
  const histC = new Uint32Array(maxBins);
  const { lambda, minSamplesLeaf } = params;
  const monotone = params.monotone ?? [];
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

  const findSplit = (nodeRows: Uint32Array, sumG: number, sumH: number, lo: number, hi: number): Split | null => {
    let best: Split | null = null;
    const parentScore = (sumG * sumG) / (sumH + lambda);
    for (const f of features) {
      const nb = data.thresholds[f]!.length + 1;
      if (nb < 2) continue;
      const col = data.bins[f]!;
      histG.fill(0, 0, nb);
      histH.fill(0, 0, nb);
      histC.fill(0, 0, nb);
      for (let i = 0; i < nodeRows.length; i++) {
        const r = nodeRows[i]!;
        const b = col[r]!;
        histG[b]! += grad[r]!;
        histH[b]! += hess[r]!;
        histC[b]!++;
      }
      let gl = 0;
      let hl = 0;
      let cl = 0;
      for (let b = 0; b < nb - 1; b++) {
        gl += histG[b]!;
        hl += histH[b]!;
        cl += histC[b]!;
        const cr = nodeRows.length - cl;
        if (cl < minSamplesLeaf) continue;
        if (cr < minSamplesLeaf) break;
        const gr = sumG - gl;
        const hr = sumH - hl;
        const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentScore;
        if (!(gain > params.minGain && (best === null || gain > best.gain))) continue;
        const leftValue = clamp(-gl / (hl + lambda), lo, hi);
        const rightValue = clamp(-gr / (hr + lambda), lo, hi);
        const sign = monotone[f] ?? 0;
        if ((sign > 0 && leftValue > rightValue) || (sign < 0 && leftValue < rightValue)) continue;
        best = { feature: f, bin: b, gain, leftValue, rightValue };
      }
    }
    return best;
  };

  const grow = (nodeRows: Uint32Array, depth: number, lo: number, hi: number): number => {
    let sumG = 0;
    let sumH = 0;
    for (let i = 0; i < nodeRows.length; i++) {
      sumG += grad[nodeRows[i]!]!;
      sumH += hess[nodeRows[i]!]!;
    }
    const id = tree.feature.length;
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(clamp(-sumG / (sumH + lambda), lo, hi));
    const split = depth < params.maxDepth ? findSplit(nodeRows, sumG, sumH, lo, hi) : null;
    if (!split) return id;
    const col = data.bins[split.feature]!;
    let nLeft = 0;
    for (let i = 0; i < nodeRows.length; i++) if (col[nodeRows[i]!]! <= split.bin) nLeft++;
    const leftRows = new Uint32Array(nLeft);
    const rightRows = new Uint32Array(nodeRows.length - nLeft);
    let li = 0;
    let ri = 0;
    for (let i = 0; i < nodeRows.length; i++) {
      const r = nodeRows[i]!;
      if (col[r]! <= split.bin) leftRows[li++] = r;
      else rightRows[ri++] = r;
    }
    tree.feature[id] = split.feature;
    tree.threshold[id] = data.thresholds[split.feature]![split.bin]!;
    tree.value[id] = 0;
    // A constrained split bounds its children on either side of the midpoint of their values:
    // rising, the left (smaller feature values) stays below it; falling, above it.
    const sign = monotone[split.feature] ?? 0;
    const mid = (split.leftValue + split.rightValue) / 2;
    const [leftLo, leftHi] = sign > 0 ? [lo, mid] : sign < 0 ? [mid, hi] : [lo, hi];
    const [rightLo, rightHi] = sign > 0 ? [mid, hi] : sign < 0 ? [lo, mid] : [lo, hi];
    tree.left[id] = grow(leftRows, depth + 1, leftLo, leftHi);
    tree.right[id] = grow(rightRows, depth + 1, rightLo, rightHi);
    return id;
  };

  grow(rows, 0, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
  return tree;
}
