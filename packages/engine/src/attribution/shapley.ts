/**
 * Data-driven Shapley attribution over channel coalitions, learnt from converting and non-converting paths.
 *
 * The game. A path's coalition is its set of distinct channels T. r(S) is the conversion rate of paths whose
 * set is exactly S, with r(∅) = 0: every conversion of an attributable path is some channel's to explain.
 * The worth of a coalition S is the conversions expected if every path lost its touches of channels outside
 * S and converted at the rate of the set it keeps:
 *
 *   v(S) = Σ_T n(T) · r(T ∩ S),    n(T) = number of paths with set T,
 *
 * so v(all channels) = the observed conversions (before shrinkage), v(∅) = 0, and removing one channel is
 * the counterfactual "this channel never existed" the evaluation measures (docs/attribution.md). Unlike
 * Dalessandro et al.'s v(S) = r(S) over the whole channel set, it needs rates only for subsets of observed
 * sets, and it weighs each set by how many visitors have it. Because v is a sum of games that each depend on
 * T ∩ S, Shapley's linearity gives φ_c = Σ_{T ∋ c} n(T) · φ_c(r restricted to the subsets of T): each
 * visitor's path is explained by the marginal rates of its own channels, never by channels it did not see.
 *
 * Rates. A set seen on few paths has a noisy rate, and a subset of an observed set may never be observed
 * itself, so r is estimated with shrinkage: r̂(S) = (conv(S) + m · p(S)) / (n(S) + m), where p(S) is the
 * path-weighted mean of r̂ over the observed non-empty proper subsets of S (0 for none, as r(∅) = 0), and m is
 * `shapleyPriorPaths` (default 10, fixed a priori): a set needs about m paths before its own rate outweighs
 * what its subsets say. An unobserved set takes p(S).
 *
 * Size. φ is computed exactly over all 2^P coalitions of P players, in O(P² · 2^P) whatever the number of
 * paths. With more than SHAPLEY_MAX_PLAYERS (16) distinct channels the 15 with the most touches stay players
 * and the rest are pooled into one "other" player, whose value is shared among its channels in proportion to
 * their touches on converting paths (all their touches when none converted).
 */
import {
  type AttributionOptions,
  type AttributionPath,
  DEFAULT_ATTRIBUTION_OPTIONS,
  type PreparedPath,
  prepareAttributionPaths,
} from './paths.js';

/** The most players the exact computation takes; beyond, the smallest channels are pooled. */
export const SHAPLEY_MAX_PLAYERS = 16;

type Players = { count: number; playerOf: Map<string, number>; pooled: string[]; named: string[] };

function choosePlayers(paths: readonly PreparedPath[], maxPlayers: number): Players {
  const touches = new Map<string, number>();
  for (const path of paths) for (const t of path.touches) touches.set(t.channel, (touches.get(t.channel) ?? 0) + 1);
  const byTouches = [...touches.keys()].sort(
    (a, b) => touches.get(b)! - touches.get(a)! || (a < b ? -1 : a > b ? 1 : 0),
  );
  const pooling = byTouches.length > maxPlayers;
  const named = (pooling ? byTouches.slice(0, maxPlayers - 1) : byTouches).sort();
  const pooled = pooling ? byTouches.slice(maxPlayers - 1).sort() : [];
  const playerOf = new Map<string, number>(named.map((c, i) => [c, i]));
  for (const c of pooled) playerOf.set(c, named.length);
  return { count: named.length + (pooling ? 1 : 0), playerOf, pooled, named };
}

/** In place: x[U] becomes the sum of x over the subsets of U (superset = false) or supersets (true). */
function sumOverSubsets(x: Float64Array, players: number, superset: boolean): void {
  for (let b = 0; b < players; b++) {
    const bit = 1 << b;
    for (let mask = 0; mask < x.length; mask++) {
      if (mask & bit) continue;
      if (superset) x[mask]! += x[mask | bit]!;
      else x[mask | bit]! += x[mask]!;
    }
  }
}

/** r̂ of every coalition, level by level (a set's prior needs its subsets' estimates). */
function estimateRates(
  n: Float64Array,
  conv: Float64Array,
  players: number,
  size: Uint8Array,
  m: number,
): Float64Array {
  const rate = new Float64Array(n.length);
  const nBelow = n.slice();
  sumOverSubsets(nBelow, players, false);
  const weighted = new Float64Array(n.length);
  for (let level = 1; level <= players; level++) {
    const below = weighted.slice();
    sumOverSubsets(below, players, false);
    for (let mask = 1; mask < n.length; mask++) {
      if (size[mask] !== level) continue;
      const proper = nBelow[mask]! - n[mask]!;
      const prior = proper > 0 ? below[mask]! / proper : 0;
      const count = n[mask]!;
      rate[mask] = count + m > 0 ? (conv[mask]! + m * prior) / (count + m) : prior;
      weighted[mask] = count * rate[mask]!;
    }
  }
  return rate;
}

/** Shapley weights s!(k − s − 1)! / k! for a coalition of size s joined by one player of k. */
function shapleyWeights(players: number): number[][] {
  const factorial = [1];
  for (let i = 1; i <= players; i++) factorial.push(factorial[i - 1]! * i);
  return Array.from({ length: players + 1 }, (_, k) =>
    Array.from({ length: Math.max(0, k) }, (_, s) => (factorial[s]! * factorial[k - s - 1]!) / factorial[k]!),
  );
}

/**
 * φ per channel of the prepared paths (module header): `priorPaths` is the shrinkage m, `maxPlayers` the most
 * players before pooling. Values are in conversions and sum to Σ_T n(T)·r̂(T); some may be negative.
 */
export function shapleyOfPrepared(
  paths: readonly PreparedPath[],
  priorPaths: number = DEFAULT_ATTRIBUTION_OPTIONS.shapleyPriorPaths,
  maxPlayers: number = SHAPLEY_MAX_PLAYERS,
): Map<string, number> {
  if (!(priorPaths >= 0)) throw new RangeError('shapleyPriorPaths must be a non-negative number of paths');
  if (!(maxPlayers >= 2 && maxPlayers <= 20)) throw new RangeError('maxPlayers must be from 2 to 20');
  const players = choosePlayers(paths, maxPlayers);
  const p = players.count;
  const values = new Map<string, number>();
  if (p === 0) return values;
  const full = 1 << p;
  const size = new Uint8Array(full);
  for (let mask = 1; mask < full; mask++) size[mask] = size[mask >> 1]! + (mask & 1);
  const n = new Float64Array(full);
  const conv = new Float64Array(full);
  for (const path of paths) {
    let mask = 0;
    for (const t of path.touches) mask |= 1 << players.playerOf.get(t.channel)!;
    n[mask]! += 1;
    if (path.converted) conv[mask]! += 1;
  }
  const rate = estimateRates(n, conv, p, size, priorPaths);
  const weights = shapleyWeights(p);
  const phi = new Float64Array(p);
  const withSize = new Float64Array(full);
  for (let k = 1; k <= p; k++) {
    // withSize[X] = paths whose set has k channels and contains X.
    withSize.fill(0);
    let any = false;
    for (let mask = 1; mask < full; mask++) {
      if (size[mask] === k && n[mask]! > 0) {
        withSize[mask] = n[mask]!;
        any = true;
      }
    }
    if (!any) continue;
    sumOverSubsets(withSize, p, true);
    const w = weights[k]!;
    for (let coalition = 0; coalition < full; coalition++) {
      const s = size[coalition]!;
      if (s >= k) continue;
      for (let c = 0; c < p; c++) {
        const joined = coalition | (1 << c);
        if (joined === coalition) continue;
        const paths = withSize[joined]!;
        if (paths > 0) phi[c]! += paths * w[s]! * (rate[joined]! - rate[coalition]!);
      }
    }
  }
  players.named.forEach((channel, i) => {
    values.set(channel, phi[i]!);
  });
  if (players.pooled.length > 0) shareOther(paths, players.pooled, phi[p - 1]!, values);
  return values;
}

function shareOther(paths: readonly PreparedPath[], pooled: string[], value: number, into: Map<string, number>): void {
  const isPooled = new Set(pooled);
  const converting = new Map<string, number>();
  const all = new Map<string, number>();
  for (const path of paths) {
    for (const t of path.touches) {
      if (!isPooled.has(t.channel)) continue;
      all.set(t.channel, (all.get(t.channel) ?? 0) + 1);
      if (path.converted) converting.set(t.channel, (converting.get(t.channel) ?? 0) + 1);
    }
  }
  const basis = converting.size > 0 ? converting : all;
  let total = 0;
  for (const c of pooled) total += basis.get(c) ?? 0;
  for (const c of pooled) into.set(c, (value * (basis.get(c) ?? 0)) / total);
}

/**
 * Data-driven Shapley values per channel from converting and non-converting paths (module header: the
 * counterfactual game v(S) = Σ_T n(T)·r̂(T ∩ S) over channel sets, with shrunk conversion rates; exact up to
 * 16 players, the smallest channels pooled beyond). In conversions; negative values are kept here and
 * clipped to 0 by `attribute`. Paths without touches are left out.
 */
export function shapleyValues(
  paths: readonly AttributionPath[],
  options: Pick<AttributionOptions, 'shapleyPriorPaths'> = {},
): Map<string, number> {
  return shapleyOfPrepared(prepareAttributionPaths(paths), options.shapleyPriorPaths);
}
