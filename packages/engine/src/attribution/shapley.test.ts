import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AttributionPath, type PreparedPath, prepareAttributionPaths } from './paths.js';
import { shapleyOfPrepared, shapleyValues } from './shapley.js';

const path = (channels: string, converted: boolean): AttributionPath => ({
  touches: [...channels].map((channel, at) => ({ channel, at })),
  converted,
});

// The worked example of markov.test.ts: A → B conv, A lost, B conv, A → C conv, C lost, B → C lost.
// Channel sets and rates (no shrinkage, m = 0): r(A) = 0/1, r(B) = 1/1, r(C) = 0/1, r(AB) = 1/1, r(AC) = 1/1,
// r(BC) = 0/1, r(∅) = 0. Each path's set T is explained by the Shapley values of r over the subsets of T:
//   {A}:   A = r(A) = 0                  {B}: B = 1                  {C}: C = 0
//   {A,B}: A = ½[r(A) − 0 + r(AB) − r(B)] = ½[0 + 0] = 0;     B = ½[r(B) + r(AB) − r(A)] = ½[1 + 1] = 1
//   {A,C}: A = ½[0 + r(AC) − r(C)] = ½;                        C = ½[0 + r(AC) − r(A)] = ½
//   {B,C}: B = ½[r(B) + r(BC) − r(C)] = ½[1 + 0] = ½;          C = ½[r(C) + r(BC) − r(B)] = ½[0 − 1] = −½
// One path per set, so φ(A) = 0 + 0 + ½ = ½, φ(B) = 1 + 1 + ½ = 5/2, φ(C) = 0 + ½ − ½ = 0; they sum to the 3
// conversions.
const WORKED: AttributionPath[] = [
  path('AB', true),
  path('A', false),
  path('B', true),
  path('AC', true),
  path('C', false),
  path('BC', false),
];

/**
 * The definition, computed the slow way: r̂ by recursion over subsets, v(S) = Σ_paths r̂(T ∩ S), and φ as the
 * mean marginal worth over every order of the players.
 */
function bruteForceShapley(paths: PreparedPath[], m: number): Map<string, number> {
  const sets = paths.map((p) => [...new Set(p.touches.map((t) => t.channel))].sort().join(''));
  const players = [...new Set(sets.join(''))].sort();
  const count = (s: string) => sets.filter((x) => x === s).length;
  const conversions = (s: string) => sets.filter((x, i) => x === s && paths[i]!.converted).length;
  const isProperSubset = (a: string, b: string) => a.length < b.length && [...a].every((c) => b.includes(c));
  const memo = new Map<string, number>();
  const rate = (s: string): number => {
    if (s === '') return 0;
    if (memo.has(s)) return memo.get(s)!;
    const observed = [...new Set(sets)].filter((x) => isProperSubset(x, s));
    const weight = observed.reduce((sum, x) => sum + count(x), 0);
    const prior = weight > 0 ? observed.reduce((sum, x) => sum + count(x) * rate(x), 0) / weight : 0;
    const n = count(s);
    const r = n + m > 0 ? (conversions(s) + m * prior) / (n + m) : prior;
    memo.set(s, r);
    return r;
  };
  const worth = (coalition: Set<string>) =>
    sets.reduce((sum, t) => sum + rate([...t].filter((c) => coalition.has(c)).join('')), 0);
  const permutations = (items: string[]): string[][] =>
    items.length <= 1
      ? [items]
      : items.flatMap((x, i) => permutations(items.filter((_, j) => j !== i)).map((p) => [x, ...p]));
  const phi = new Map(players.map((p) => [p, 0]));
  const orders = permutations(players);
  for (const order of orders) {
    const coalition = new Set<string>();
    for (const player of order) {
      const before = worth(coalition);
      coalition.add(player);
      phi.set(player, phi.get(player)! + (worth(coalition) - before) / orders.length);
    }
  }
  return phi;
}

describe('shapleyValues', () => {
  it('matches the worked example computed by hand (no shrinkage)', () => {
    const phi = shapleyValues(WORKED, { shapleyPriorPaths: 0 });
    expect(phi.get('A')).toBeCloseTo(0.5, 12);
    expect(phi.get('B')).toBeCloseTo(2.5, 12);
    expect(phi.get('C')).toBeCloseTo(0, 12);
  });

  it('shrinks thin sets towards their subsets, so a channel that never converted can go negative', () => {
    // {A} converted, {A} lost, {A,B} lost; m = 10. r̂(A) = (1 + 10·0) / (2 + 10) = 1/12 (no subsets: prior 0);
    // r̂(B) = 0 (unobserved, no subsets); r̂(AB) = (0 + 10·p) / (1 + 10) with p = (2·1/12 + 0) / 2 = 1/12, so 5/66.
    // φ(A) = 2·r̂(A) + ½[r̂(A) + r̂(AB) − r̂(B)] = 1/6 + ½[11/132 + 10/132] = 65/264;
    // φ(B) = ½[r̂(B) + r̂(AB) − r̂(A)] = ½[0 + 10/132 − 11/132] = −1/264.
    const phi = shapleyValues([path('A', true), path('A', false), path('AB', false)]);
    expect(phi.get('A')).toBeCloseTo(65 / 264, 12);
    expect(phi.get('B')).toBeCloseTo(-1 / 264, 12);
  });

  it('handles no paths, paths without touches and a single channel', () => {
    expect(shapleyValues([]).size).toBe(0);
    expect(shapleyValues([{ touches: [], converted: true }]).size).toBe(0);
    // One channel: φ = n · r̂ = 4 · (2 + 10·0) / (4 + 10).
    const one = shapleyValues([path('A', true), path('AA', true), path('A', false), path('A', false)]);
    expect(one.get('A')).toBeCloseTo((4 * 2) / 14, 12);
  });

  it('gives interchangeable channels equal values', () => {
    const phi = shapleyValues([
      path('AB', true),
      path('BA', true),
      path('A', false),
      path('B', false),
      path('C', true),
    ]);
    expect(phi.get('A')).toBeCloseTo(phi.get('B')!, 12);
  });

  it('equals the definition computed over every order of the players', () => {
    const arbitraryPath = fc.record({
      channels: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 5 }),
      converted: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPath, { minLength: 1, maxLength: 20 }), fc.constantFrom(0, 1, 10), (drawn, m) => {
        const prepared = prepareAttributionPaths(drawn.map((d) => path(d.channels.join(''), d.converted)));
        const fast = shapleyOfPrepared(prepared, m);
        for (const [channel, value] of bruteForceShapley(prepared, m)) expect(fast.get(channel)).toBeCloseTo(value, 9);
      }),
      { numRuns: 100 },
    );
  });

  it('pools the channels with the fewest touches into one player and shares it by their converting touches', () => {
    // Four channels, at most three players: C (2 touches) and D (3) are pooled, as if one channel X.
    const paths = [
      path('AB', true),
      path('A', false),
      path('BD', true),
      path('AC', true),
      path('DD', false),
      path('AB', false),
      path('BC', false),
      path('A', true),
    ];
    const prepared = prepareAttributionPaths(paths);
    const pooled = shapleyOfPrepared(prepared, 10, 3);
    const asOne = shapleyOfPrepared(
      prepareAttributionPaths(
        paths.map((p) => ({
          ...p,
          touches: p.touches.map((t) => ({ ...t, channel: t.channel.replace(/[CD]/, 'X') })),
        })),
      ),
      10,
    );
    expect(pooled.get('A')).toBeCloseTo(asOne.get('A')!, 12);
    expect(pooled.get('B')).toBeCloseTo(asOne.get('B')!, 12);
    // C and D each have one touch on a converting path: X is shared half and half.
    expect(pooled.get('C')).toBeCloseTo(asOne.get('X')! / 2, 12);
    expect(pooled.get('D')).toBeCloseTo(asOne.get('X')! / 2, 12);
  });

  it('computes twenty channels within the player limit, pooling the rarest', () => {
    const paths: AttributionPath[] = [];
    for (let i = 0; i < 20; i++) {
      const channel = `ch${String(i).padStart(2, '0')}`;
      for (let k = 0; k <= i; k++)
        paths.push({
          touches: [
            { channel, at: k },
            { channel: 'ch19', at: k + 1 },
          ],
          converted: k % 3 === 0,
        });
    }
    const phi = shapleyValues(paths);
    expect(phi.size).toBe(20);
    for (const value of phi.values()) expect(Number.isFinite(value)).toBe(true);
  });
});
