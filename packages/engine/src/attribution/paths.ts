/**
 * The vocabulary of multi-touch attribution and the preparation every model shares: a visitor's path is
 * the ordered touches (channel, time) within the lookback window, with the conversion when there was one.
 * A path with no touch is not attributable: no model credits it, and no model learns from it.
 */
import { ATTRIBUTION_MODEL_NAMES } from '@ri/contracts';

/** The attribution models, rule-based first, then the two data-driven ones (the API's list, declared once). */
export const ATTRIBUTION_MODELS = ATTRIBUTION_MODEL_NAMES;

/** One of ATTRIBUTION_MODELS. */
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

/** One touch of a path: the channel key (e.g. a campaign key 'meta:123' or 'organic:google') and when (ms epoch). */
export type Touch = { channel: string; at: number };

/** A visitor's ordered touches within the lookback window; converted paths carry the conversion time and value. */
export type AttributionPath = { touches: Touch[]; converted: boolean; convertedAt?: number; value?: number };

/**
 * Options of the rule-based models, fixed a priori (never tuned on evaluation data): time decay halves a
 * touch's weight every `halfLifeDays` (7) before the conversion; position-based gives the first and the last
 * touch 40 % each and shares the rest among the middle ones. `shapleyPriorPaths` is the Shapley model's
 * shrinkage (see shapley.ts, default 10 paths).
 */
export type AttributionOptions = {
  halfLifeDays?: number;
  positionWeights?: { first: number; last: number };
  shapleyPriorPaths?: number;
};

/** Conversions and value credited to one channel. */
export type ChannelCredit = { conversions: number; value: number };

/** The defaults of AttributionOptions. */
export const DEFAULT_ATTRIBUTION_OPTIONS = {
  halfLifeDays: 7,
  positionWeights: { first: 0.4, last: 0.4 },
  shapleyPriorPaths: 10,
} as const satisfies Required<AttributionOptions>;

/** A path ready for the models: at least one touch, touches in time order (stable for equal times). */
export type PreparedPath = {
  touches: readonly Touch[];
  converted: boolean;
  /** The conversion time; for a converted path without one, its last touch's time. */
  convertedAt: number;
  /** The conversion's value; 0 when not converted or not given. */
  value: number;
};

/**
 * The attributable paths: those with touches, each with its touches sorted by time (a stable sort, so a
 * caller's order of simultaneous touches is kept) and the value of non-converted paths set to 0.
 */
export function prepareAttributionPaths(paths: readonly AttributionPath[]): PreparedPath[] {
  const prepared: PreparedPath[] = [];
  for (const path of paths) {
    if (path.touches.length === 0) continue;
    const touches = [...path.touches].sort((a, b) => a.at - b.at);
    const last = touches[touches.length - 1]!.at;
    const value = path.converted && Number.isFinite(path.value) ? Math.max(0, path.value!) : 0;
    prepared.push({ touches, converted: path.converted, convertedAt: path.convertedAt ?? last, value });
  }
  return prepared;
}

/** The totals every model distributes: converted attributable paths and their value. */
export function attributableTotals(paths: readonly PreparedPath[]): ChannelCredit {
  let conversions = 0;
  let value = 0;
  for (const path of paths) {
    if (!path.converted) continue;
    conversions += 1;
    value += path.value;
  }
  return { conversions, value };
}

/** The distinct channels of the paths, sorted (the fixed player order of the data-driven models). */
export function channelsOf(paths: readonly PreparedPath[]): string[] {
  const channels = new Set<string>();
  for (const path of paths) for (const touch of path.touches) channels.add(touch.channel);
  return [...channels].sort();
}

/**
 * Shares the totals among channels in proportion to non-negative weights (negative ones count as 0); every
 * channel of `channels` gets an entry. All zero weights leave every channel at zero.
 */
export function creditByWeights(
  channels: readonly string[],
  weights: ReadonlyMap<string, number>,
  totals: ChannelCredit,
): Map<string, ChannelCredit> {
  let sum = 0;
  for (const channel of channels) sum += Math.max(0, weights.get(channel) ?? 0);
  const credits = new Map<string, ChannelCredit>();
  for (const channel of channels) {
    const share = sum > 0 ? Math.max(0, weights.get(channel) ?? 0) / sum : 0;
    credits.set(channel, { conversions: totals.conversions * share, value: totals.value * share });
  }
  return credits;
}
