import { describe, expect, it } from 'vitest';
import { binColumn, fitFeatureBins } from './binning.js';
import { type BinnedData, fitTree, packTrees, predictPackedFrom, predictTree, type Tree } from './tree.js';

const params = { maxDepth: 2, minSamplesLeaf: 1, lambda: 0, minGain: 0 };

function binned(rows: number[][]): BinnedData {
  const columns = rows[0]!.map((_, f) => rows.map((r) => r[f]!));
  const thresholds = columns.map((c) => fitFeatureBins(c, 16));
  return { bins: columns.map((c, f) => binColumn(c, thresholds[f]!)), thresholds };
}

describe('fitTree', () => {
  it('splits on the feature that separates the gradients, at the gap', () => {
    const rows = [
      [0, 5],
      [1, 3],
      [2, 9],
      [3, 1],
    ];
    // Gradients of a squared loss toward targets -1, -1, +1, +1 (value = -G / H).
    const grad = Float64Array.from([1, 1, -1, -1]);
    const hess = Float64Array.from([1, 1, 1, 1]);
    const tree = fitTree(binned(rows), grad, hess, Uint32Array.from([0, 1, 2, 3]), [0, 1], params);
    expect(tree.feature[0]).toBe(0);
    expect(tree.threshold[0]).toBe(1.5);
    expect(rows.map((r) => predictTree(tree, r))).toEqual([-1, -1, 1, 1]);
  });

  it('stays a single leaf when a split would leave a leaf under the minimum size', () => {
    const rows = [[0], [1], [2], [3]];
    const tree = fitTree(
      binned(rows),
      Float64Array.from([1, 1, -1, -1]),
      Float64Array.from([1, 1, 1, 1]),
      Uint32Array.from([0, 1, 2, 3]),
      [0],
      { ...params, minSamplesLeaf: 3 },
    );
    expect(tree.feature).toEqual([-1]);
    expect(tree.value).toEqual([-0]);
  });

  it('respects the depth cap', () => {
    const rows = Array.from({ length: 64 }, (_, i) => [i]);
    const grad = Float64Array.from(rows, (_, i) => Math.sin(i));
    const hess = new Float64Array(64).fill(1);
    const tree: Tree = fitTree(
      binned(rows),
      grad,
      hess,
      Uint32Array.from(rows, (_, i) => i),
      [0],
      params,
    );
    const depth = (node: number): number =>
      tree.feature[node]! < 0 ? 0 : 1 + Math.max(depth(tree.left[node]!), depth(tree.right[node]!));
    expect(depth(0)).toBe(2);
  });
});

describe('packTrees', () => {
  // Root splits on x0 at 1; its left child (stored last) on x1 at 5; node 1 is the root's right leaf.
  const unordered: Tree = {
    feature: [0, -1, -1, -1, 1],
    threshold: [1, 0, 0, 0, 5],
    left: [4, -1, -1, -1, 2],
    right: [1, -1, -1, -1, 3],
    value: [0, 10, 20, 30, 0],
  };
  const rows = Array.from({ length: 64 }, (_, i) => [i % 8, Math.floor(i / 8)]);
  const fitted = fitTree(
    binned(rows),
    Float64Array.from(rows, ([a, b]) => Math.sin(a! * 3 + b!)),
    new Float64Array(64).fill(1),
    Uint32Array.from(rows, (_, i) => i),
    [0, 1],
    { ...params, maxDepth: 3 },
  );
  const packed = packTrees([fitted, unordered]);

  it('predicts exactly what predictTree does, on thresholds, NaN and infinities too', () => {
    const values = [-Infinity, -1, 0, 0.5, 1, 1.5, 2, 3.5, 5, 6, 7, Infinity, Number.NaN];
    for (const a of values) {
      for (const b of values) {
        expect(predictPackedFrom(packed, packed.root[0]!, [a, b])).toBe(predictTree(fitted, [a, b]));
        expect(predictPackedFrom(packed, packed.root[1]!, [a, b])).toBe(predictTree(unordered, [a, b]));
      }
    }
  });

  it('lays each tree out depth-first, so a node comes before its descendants', () => {
    expect(packed.feature.length).toBe(fitted.feature.length + unordered.feature.length);
    packed.feature.forEach((f, node) => {
      if (f < 0) return;
      expect(packed.left[node]).toBe(node + 1);
      expect(packed.right[node]).toBeGreaterThan(node);
      expect(packed.tree[packed.right[node]!]).toBe(packed.tree[node]);
    });
    expect(packed.featureCount).toBe(2);
  });
});
