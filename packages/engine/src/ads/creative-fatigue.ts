/**
 * Creative fatigue: how far a creative has worn out, from its own history only.
 *
 * Windows: the *launch baseline* is the first `baselineDays` days on which the creative delivered (had
 * impressions), the *recent window* the last `recentDays` such days. Days without delivery are not counted,
 * so a creative paused for a week is judged on the days people saw it.
 *
 *   CTR drop        d = clamp(1 − recent CTR / baseline CTR, 0, 1)        (CTR halved → 0.5; risen → 0)
 *   frequency rise  p = clamp((recent freq / baseline freq − 1) / frequencyRiseForFull, 0, 1)
 *                       (impression-weighted mean of the daily frequencies Meta reports; 0 when either
 *                       window has none, as on Google)
 *   fatigue         1 − (1 − d) × (1 − frequencyWeight × p)
 *
 * The combination is a "noisy or": either sign raises the score, both together raise it most, and it stays in
 * [0, 1]. Frequency alone (people seeing the ad more often while still clicking as much) can reach at most
 * `frequencyWeight` = 0.5, the yellow band's edge: a warning, never red by itself. Without frequency the score
 * is the CTR drop. So a creative whose CTR halved scores 0.5, and above 0.5 once its frequency has risen too.
 *
 * Evidence (FATIGUE_THRESHOLDS): at least `minDaysLive` days with delivery (14: two full weeks, so the two
 * windows do not overlap and the launch week's learning phase sits in the baseline), `minWindowImpressions`
 * impressions in each window (1,000) and `minBaselineClicks` clicks in the baseline (20: below that the
 * baseline CTR is too noisy to divide by; a recent window with few clicks is itself the sign of fatigue). Spend
 * is not a threshold: it depends on the currency and the auction, while impressions and clicks measure the
 * evidence itself. Below any threshold the score is null and the reason names the threshold.
 */
import { type AdDay, ctrOf, frequencyOfDays, normalizeAdDays } from './ad-day.js';
import { formatNumber } from './ad-format.js';

/** The evidence creative fatigue needs and the weights of its formula (see the file's header). */
export const FATIGUE_THRESHOLDS = {
  minDaysLive: 14,
  baselineDays: 7,
  recentDays: 7,
  minWindowImpressions: 1000,
  minBaselineClicks: 20,
  frequencyWeight: 0.5,
  frequencyRiseForFull: 1,
} as const;

export type FatigueThresholds = { readonly [K in keyof typeof FATIGUE_THRESHOLDS]: number };

/** A creative's fatigue with the figures it rests on; `score` null with `reason` when evidence is short. */
export type CreativeFatigue = {
  score: number | null;
  reason: string | null;
  /** Clicks per impression (fractions, not percent) over the launch baseline and the recent window. */
  baseline_ctr: number | null;
  recent_ctr: number | null;
  /** Mean daily frequency over the recent window; null where the platform gives none. */
  frequency: number | null;
  /** Days with impressions. */
  days_live: number;
  impressions: number;
  baseline_frequency?: number | null;
};

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * Fatigue in [0, 1] from the creative's own history: recent CTR (and frequency where given) against its launch
 * baseline; null with a reason below FATIGUE_THRESHOLDS.
 */
export function creativeFatigue(
  days: readonly AdDay[],
  thresholds: FatigueThresholds = FATIGUE_THRESHOLDS,
): CreativeFatigue {
  const live = normalizeAdDays(days).filter((d) => d.impressions > 0);
  const impressions = live.reduce((s, d) => s + d.impressions, 0);
  const base = { days_live: live.length, impressions, frequency: frequencyOfDays(live.slice(-thresholds.recentDays)) };
  const unknown = (reason: string): CreativeFatigue => ({
    score: null,
    reason,
    baseline_ctr: null,
    recent_ctr: null,
    ...base,
  });

  if (live.length < thresholds.minDaysLive) {
    return unknown(
      `Live ${live.length} ${live.length === 1 ? 'day' : 'days'}; fatigue needs at least ${thresholds.minDaysLive} days of delivery.`,
    );
  }
  const baseline = live.slice(0, thresholds.baselineDays);
  const recent = live.slice(-thresholds.recentDays);
  const baselineImpressions = baseline.reduce((s, d) => s + d.impressions, 0);
  const recentImpressions = recent.reduce((s, d) => s + d.impressions, 0);
  const baselineClicks = baseline.reduce((s, d) => s + d.clicks, 0);
  const min = formatNumber(thresholds.minWindowImpressions);
  if (baselineImpressions < thresholds.minWindowImpressions) {
    return unknown(
      `${formatNumber(baselineImpressions)} impressions in the first ${baseline.length} days; fatigue needs at least ${min}.`,
    );
  }
  if (recentImpressions < thresholds.minWindowImpressions) {
    return unknown(
      `${formatNumber(recentImpressions)} impressions in the last ${recent.length} days; fatigue needs at least ${min}.`,
    );
  }
  if (baselineClicks < thresholds.minBaselineClicks) {
    return unknown(
      `${formatNumber(baselineClicks)} clicks in the first ${baseline.length} days; fatigue needs at least ${thresholds.minBaselineClicks} to set a baseline.`,
    );
  }

  const baselineCtr = ctrOf(baseline)!;
  const recentCtr = ctrOf(recent)!;
  const drop = clamp01(1 - recentCtr / baselineCtr);
  const baselineFrequency = frequencyOfDays(baseline);
  const recentFrequency = base.frequency;
  const rise =
    baselineFrequency !== null && recentFrequency !== null
      ? clamp01((recentFrequency / baselineFrequency - 1) / thresholds.frequencyRiseForFull)
      : 0;
  const score = clamp01(1 - (1 - drop) * (1 - thresholds.frequencyWeight * rise));
  return {
    score,
    reason: null,
    baseline_ctr: baselineCtr,
    recent_ctr: recentCtr,
    ...base,
    baseline_frequency: baselineFrequency,
  };
}

/** Fatigue colour band per spec section 5: ≥0.7 red, ≥0.4 yellow, else green. */
export function fatigueBand(score: number): 'red' | 'yellow' | 'green' {
  if (score >= 0.7) return 'red';
  if (score >= 0.4) return 'yellow';
  return 'green';
}
