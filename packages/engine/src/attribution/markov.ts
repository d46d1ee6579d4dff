/**
 * Markov-chain attribution (Anderl et al. 2016): a first-order chain over the states start, one per channel,
 * conversion and null, its transition probabilities counted from the attributable paths (start → first
 * touch → … → last touch → conversion or null). A run of touches of the same channel is collapsed to one
 * state visit: in a first-order chain a self-loop only delays absorption and never changes where the chain
 * ends, so collapsing leaves every probability below unchanged and keeps the counts readable.
 *
 * P(conv) is solved exactly from the absorbing chain, not simulated: with Q the transitions among the
 * transient states (start and channels), N = (I − Q)⁻¹ the fundamental matrix and r the one-step
 * conversion probabilities, h = N·r is the conversion probability from each state and P(conv) = h(start).
 * Removing channel c (its incoming transitions sent to null) leaves the conversions that never pass
 * through c: P(conv without c) = P(conv) − f(c)·h(c), where f(c) = N(start, c) / N(c, c) is the
 * probability of ever reaching c. So one inversion gives every removal effect,
 * effect(c) = 1 − P(conv without c) / P(conv) = f(c)·h(c) / P(conv), in [0, 1].
 */
import { type AttributionPath, channelsOf, type PreparedPath, prepareAttributionPaths } from './paths.js';

/** The chain's counts: transitions from start (index 0) and channels (1..n) to channels, conversion and null. */
type ChainCounts = { channels: string[]; toState: number[][]; toConversion: number[]; toNull: number[] };

function countTransitions(paths: readonly PreparedPath[]): ChainCounts {
  const channels = channelsOf(paths);
  const index = new Map(channels.map((c, i) => [c, i + 1]));
  const size = channels.length + 1;
  const toState = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const toConversion = new Array<number>(size).fill(0);
  const toNull = new Array<number>(size).fill(0);
  for (const path of paths) {
    let from = 0;
    for (const touch of path.touches) {
      const to = index.get(touch.channel)!;
      if (to === from) continue;
      toState[from]![to]! += 1;
      from = to;
    }
    if (path.converted) toConversion[from]! += 1;
    else toNull[from]! += 1;
  }
  return { channels, toState, toConversion, toNull };
}

/** The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting (I − Q is non-singular). */
function invert(matrix: number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    const pivotRow = a[col]!;
    for (let j = 0; j < 2 * n; j++) pivotRow[j]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = a[r]!;
      const factor = row[col]!;
      if (factor === 0) continue;
      for (let j = 0; j < 2 * n; j++) row[j]! -= factor * pivotRow[j]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/** The chain's P(conv) from start and, per channel, the probability of reaching it and of converting from it. */
export type MarkovChainSolution = {
  conversionProbability: number;
  channels: { channel: string; reach: number; conversionFrom: number }[];
};

/**
 * Solves the first-order absorbing chain of the paths: P(conv) from start, and for each channel the
 * probability that a path ever reaches it and the probability of converting once there.
 */
export function solveMarkovChain(paths: readonly PreparedPath[]): MarkovChainSolution {
  const { channels, toState, toConversion, toNull } = countTransitions(paths);
  const outgoing = toState.map((row, i) => row.reduce((s, x) => s + x, 0) + toConversion[i]! + toNull[i]!);
  if (outgoing[0] === 0) return { conversionProbability: 0, channels: [] };
  const iMinusQ = toState.map((row, i) => row.map((count, j) => (i === j ? 1 : 0) - count / outgoing[i]!));
  const fundamental = invert(iMinusQ);
  const r = toConversion.map((count, i) => count / outgoing[i]!);
  const h = fundamental.map((row) => row.reduce((s, x, j) => s + x * r[j]!, 0));
  return {
    conversionProbability: h[0]!,
    channels: channels.map((channel, k) => {
      const i = k + 1;
      return { channel, reach: fundamental[0]![i]! / fundamental[i]![i]!, conversionFrom: h[i]! };
    }),
  };
}

/**
 * The removal effect of each channel in the first-order Markov chain of the paths: the share of the
 * chain's conversion probability lost when the channel is removed, 1 − P(conv without c) / P(conv), in
 * [0, 1]. Every channel is 0 when nothing converts. Paths without touches are left out.
 */
export function markovEffectsOfPrepared(paths: readonly PreparedPath[]): Map<string, number> {
  const solution = solveMarkovChain(paths);
  const p = solution.conversionProbability;
  const effects = new Map<string, number>();
  for (const { channel, reach, conversionFrom } of solution.channels) {
    effects.set(channel, p > 0 ? Math.min(1, Math.max(0, (reach * conversionFrom) / p)) : 0);
  }
  return effects;
}

/**
 * The Markov removal effect of each channel over the attributable paths (those with touches): first-order
 * chain with start, conversion and null states, repeated consecutive touches of a channel collapsed,
 * solved exactly; each effect in [0, 1].
 */
export function markovRemovalEffects(paths: readonly AttributionPath[]): Map<string, number> {
  return markovEffectsOfPrepared(prepareAttributionPaths(paths));
}
