import { type AttributionOptions, DEFAULT_ATTRIBUTION_OPTIONS, type PreparedPath } from './paths.js';

/** The models that share each conversion among the touches of its own path by a fixed rule. */
export type RuleBasedModel = 'last_click' | 'first_click' | 'linear' | 'time_decay' | 'position_based';

const DAY_MS = 86_400_000;

/**
 * The share of one conversion each touch of a path receives under a rule-based model (the shares sum to 1):
 * last or first click give the whole conversion to the last or first touch; linear shares it equally; time
 * decay weighs a touch 2^(−age / half-life), age being its time before the conversion (never negative);
 * position-based gives the first and last touch `positionWeights.first` and `.last` and shares the rest
 * equally among the middle touches, with one touch taking all and two touches splitting first : last.
 */
export function touchShares(path: PreparedPath, model: RuleBasedModel, options: AttributionOptions = {}): number[] {
  const n = path.touches.length;
  const shares = new Array<number>(n).fill(0);
  if (n === 0) return shares;
  switch (model) {
    case 'last_click':
      shares[n - 1] = 1;
      return shares;
    case 'first_click':
      shares[0] = 1;
      return shares;
    case 'linear':
      return shares.fill(1 / n);
    case 'time_decay': {
      const halfLifeDays = options.halfLifeDays ?? DEFAULT_ATTRIBUTION_OPTIONS.halfLifeDays;
      if (!(halfLifeDays > 0)) throw new RangeError('halfLifeDays must be a positive number of days');
      // Weights relative to the newest touch, so long ages cannot underflow every weight to 0.
      const newest = path.touches[n - 1]!.at;
      const lead = Math.max(0, path.convertedAt - newest);
      const weights = path.touches.map(
        (t) => 2 ** -((Math.max(0, path.convertedAt - t.at) - lead) / (halfLifeDays * DAY_MS)),
      );
      const sum = weights.reduce((s, w) => s + w, 0);
      return weights.map((w) => w / sum);
    }
    case 'position_based': {
      const { first, last } = options.positionWeights ?? DEFAULT_ATTRIBUTION_OPTIONS.positionWeights;
      if (!(first >= 0 && last >= 0 && first + last <= 1 && first + last > 0)) {
        throw new RangeError('positionWeights must be non-negative, sum to at most 1, and not both be 0');
      }
      if (n === 1) {
        shares[0] = 1;
      } else if (n === 2) {
        shares[0] = first / (first + last);
        shares[1] = last / (first + last);
      } else {
        shares.fill((1 - first - last) / (n - 2));
        shares[0] = first;
        shares[n - 1] = last;
      }
      return shares;
    }
  }
}

/**
 * Conversions and value per channel under a rule-based model: each converted path's conversion (and value)
 * shared among its touches by `touchShares`, a channel summing the shares of its touches. Channels seen only
 * on non-converting paths are listed with 0.
 */
export function ruleBasedCredit(
  paths: readonly PreparedPath[],
  model: RuleBasedModel,
  options: AttributionOptions = {},
): Map<string, { conversions: number; value: number }> {
  const credits = new Map<string, { conversions: number; value: number }>();
  for (const path of paths) {
    for (const touch of path.touches)
      if (!credits.has(touch.channel)) credits.set(touch.channel, { conversions: 0, value: 0 });
  }
  for (const path of paths) {
    if (!path.converted) continue;
    const shares = touchShares(path, model, options);
    path.touches.forEach((touch, i) => {
      const credit = credits.get(touch.channel)!;
      credit.conversions += shares[i]!;
      credit.value += shares[i]! * path.value;
    });
  }
  return credits;
}
