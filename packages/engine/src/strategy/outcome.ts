/**
 * The measured outcome of a completed action: the metric it targeted before and after, the change, and the
 * noise it must stand out from.
 *
 * - A rate (successes out of trials, e.g. converted sessions): change = after rate − before rate, standard
 *   error √(p₁(1−p₁)/n₁ + p₀(1−p₀)/n₀). Needs `minTrials` trials on each side.
 * - Daily values (e.g. revenue per day): change = mean after − mean before, Welch's standard error
 *   √(s₁²/n₁ + s₀²/n₀). Needs `minDays` days on each side.
 *
 * The 95 % interval is change ± 1.96 × SE; the change is significant when the interval leaves out 0. The
 * verdict is 'improved' or 'worsened' (by `higher_is_better`) only then, else 'no_clear_change'; below the
 * minimums it is 'too_little_data' with the reason. Before/after comparisons also carry whatever else changed
 * between the periods (season, campaigns): the text says "after", never "because of".
 */
import { round } from '@ri/contracts';
import { Z_95 } from '../stats/index.js';
import { num, pct } from './context.js';
import { compareMeans, compareRates } from './evidence-strength.js';
import type { Rate } from './types.js';

export const OUTCOME_RULES = { minTrials: 30, minDays: 7 } as const;

export type OutcomeInput = {
  /** What was measured, as the screen names it ("conversion rate of ready visitors"). */
  metric: string;
  before: Rate | readonly number[];
  after: Rate | readonly number[];
  /** True by default: a rise is an improvement. */
  higher_is_better?: boolean;
};

export type ActionOutcome = {
  metric: string;
  kind: 'rate' | 'daily_mean';
  before: number | null;
  after: number | null;
  change: number | null;
  /** change / before; null when before is 0 or unknown. */
  relative_change: number | null;
  noise: { standard_error: number; interval_95: [low: number, high: number] } | null;
  significant: boolean;
  verdict: 'improved' | 'worsened' | 'no_clear_change' | 'too_little_data';
  text: string;
};

const isRate = (x: Rate | readonly number[]): x is Rate => !Array.isArray(x);

/** The outcome of an action on its metric (see the file's header). */
export function actionOutcome(input: OutcomeInput): ActionOutcome {
  const { metric, before, after } = input;
  const higherIsBetter = input.higher_is_better ?? true;
  const rate = isRate(before) && isRate(after);
  const kind = rate ? 'rate' : 'daily_mean';
  const fmt = (x: number) => (rate ? pct(x) : num(x, 2));
  const short = (reason: string): ActionOutcome => ({
    metric,
    kind,
    before: null,
    after: null,
    change: null,
    relative_change: null,
    noise: null,
    significant: false,
    verdict: 'too_little_data',
    text: `Too little data to measure ${metric}: ${reason}`,
  });
  let cmp: { a: number; b: number; diff: number; se: number } | null;
  if (isRate(before) && isRate(after)) {
    if (before.trials < OUTCOME_RULES.minTrials || after.trials < OUTCOME_RULES.minTrials) {
      return short(
        `${num(before.trials)} trials before and ${num(after.trials)} after; each side needs ${OUTCOME_RULES.minTrials}.`,
      );
    }
    cmp = compareRates(after, before);
  } else if (!isRate(before) && !isRate(after)) {
    if (before.length < OUTCOME_RULES.minDays || after.length < OUTCOME_RULES.minDays) {
      return short(`${before.length} days before and ${after.length} after; each side needs ${OUTCOME_RULES.minDays}.`);
    }
    cmp = compareMeans(after, before);
  } else {
    return short('before and after must be measured alike (both rates or both daily values).');
  }
  if (!cmp) return short('the counts are inconsistent.');
  const change = cmp.diff;
  const half = Z_95 * cmp.se;
  const low = change - half;
  const high = change + half;
  const significant = low > 0 || high < 0;
  const better = higherIsBetter ? change > 0 : change < 0;
  const verdict = !significant ? 'no_clear_change' : better ? 'improved' : 'worsened';
  const signed = (x: number) =>
    `${x > 0 ? '+' : x < 0 ? '−' : ''}${rate ? num(Math.abs(x) * 100, 1) : num(Math.abs(x), 2)}${rate ? ' points' : ''}`;
  const moved = change > 0 ? 'rose' : change < 0 ? 'fell' : 'held';
  const judged =
    verdict === 'no_clear_change'
      ? 'within the noise: no clear change yet'
      : `beyond the noise: ${verdict === 'improved' ? 'an improvement' : 'a worsening'}`;
  return {
    metric,
    kind,
    before: round(cmp.b, 4),
    after: round(cmp.a, 4),
    change: round(change, 4),
    relative_change: cmp.b === 0 ? null : round(change / cmp.b, 4),
    noise: { standard_error: round(cmp.se, 4), interval_95: [round(low, 4), round(high, 4)] },
    significant,
    verdict,
    text: `${metric[0]?.toUpperCase()}${metric.slice(1)} ${moved} from ${fmt(cmp.b)} to ${fmt(cmp.a)} after the action (${signed(change)}; 95% interval ${signed(low)} to ${signed(high)}): ${judged}.`,
  };
}
