import { markovEffectsOfPrepared } from './markov.js';
import {
  ATTRIBUTION_MODELS,
  type AttributionModel,
  type AttributionOptions,
  type AttributionPath,
  attributableTotals,
  type ChannelCredit,
  channelsOf,
  creditByWeights,
  DEFAULT_ATTRIBUTION_OPTIONS,
  type PreparedPath,
  prepareAttributionPaths,
} from './paths.js';
import { ruleBasedCredit } from './rule-based.js';
import { shapleyOfPrepared } from './shapley.js';

function attributePrepared(
  paths: readonly PreparedPath[],
  model: AttributionModel,
  options: AttributionOptions,
): Map<string, ChannelCredit> {
  switch (model) {
    case 'markov':
      return creditByWeights(channelsOf(paths), markovEffectsOfPrepared(paths), attributableTotals(paths));
    case 'shapley': {
      const priorPaths = options.shapleyPriorPaths ?? DEFAULT_ATTRIBUTION_OPTIONS.shapleyPriorPaths;
      return creditByWeights(channelsOf(paths), shapleyOfPrepared(paths, priorPaths), attributableTotals(paths));
    }
    default:
      return ruleBasedCredit(paths, model, options);
  }
}

/**
 * Conversions and value credited to each channel under one model. Paths without touches are not
 * attributable: not credited and not learnt from. Rule-based models share each converted path among its own
 * touches; Markov and Shapley share the same totals (converted attributable paths, their value) in
 * proportion to the removal effects and to the Shapley values clipped at 0. Every channel seen on any path
 * has an entry, 0 when it earns nothing; the credits sum to the converted attributable paths (and value).
 */
export function attribute(
  paths: readonly AttributionPath[],
  model: AttributionModel,
  options: AttributionOptions = {},
): Map<string, ChannelCredit> {
  return attributePrepared(prepareAttributionPaths(paths), model, options);
}

/** `attribute` under every model of ATTRIBUTION_MODELS, preparing the paths once. */
export function attributeAll(
  paths: readonly AttributionPath[],
  options: AttributionOptions = {},
): Record<AttributionModel, Map<string, ChannelCredit>> {
  const prepared = prepareAttributionPaths(paths);
  return Object.fromEntries(
    ATTRIBUTION_MODELS.map((model) => [model, attributePrepared(prepared, model, options)]),
  ) as Record<AttributionModel, Map<string, ChannelCredit>>;
}
