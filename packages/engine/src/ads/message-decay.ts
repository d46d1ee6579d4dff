/**
 * Message decay: the rate at which a creative's click-through rate falls per day, fitted to its whole history.
 *
 * Model: clicks on day t ~ Poisson(impressions_t × exp(a + b·t)), t = calendar days since the first day with
 * delivery, fitted by maximum likelihood. This is the weighted log-linear regression of daily CTR on the day
 * done properly: each day weighs by its evidence (its expected clicks, which grow with its impressions) and a
 * day without clicks counts as what it is, not as log 0 or a dropped row. For every slope b the best
 * intercept is closed-form, and the likelihood's slope equation reduces to
 *
 *     Σ_t t·n_t·e^{b·t} / Σ_t n_t·e^{b·t}  =  Σ_t t·y_t / Σ_t y_t
 *
 * (the impression-weighted mean day, tilted by e^{b·t}, equals the click-weighted mean day); the left side
 * rises with b, so the root is unique and found by Newton's method inside a bisection bracket. The slope is
 * bounded to |b| ≤ min(5, 50 / span in days): a history whose clicks all fall on its first day has no finite
 * maximum, and the bound (a CTR change of e^50 over the span) stands for "all at once".
 *
 *   rate_per_day = 1 − e^b when b < 0 (the share of CTR lost each day), else 0 (flat or rising)
 *   r2           = 1 − D(fit) / D(constant CTR), Poisson deviances: the share of the day-to-day variation of
 *                  clicks that the trend explains (1 when the CTR does not vary at all: the fit is exact)
 *
 * Evidence (DECAY_THRESHOLDS): at least 7 days with delivery, 1,000 impressions and 30 clicks in all; below
 * any of them the rate is null with the reason.
 */
import { type AdDay, type DeliveryDay, normalizeAdDays } from './ad-day.js';
import { formatNumber } from './ad-format.js';

/** The evidence a decay fit needs. */
export const DECAY_THRESHOLDS = { minDays: 7, minImpressions: 1000, minClicks: 30 } as const;

export type DecayThresholds = { readonly [K in keyof typeof DECAY_THRESHOLDS]: number };

/** The fitted decay of a creative's CTR; `rate_per_day` null with `reason` when evidence is short. */
export type MessageDecay = {
  rate_per_day: number | null;
  r2: number | null;
  /** Days with impressions, all of which the fit uses. */
  days: number;
  reason: string | null;
  /** Days for the CTR to halve at the fitted rate; null when it is not falling. */
  half_life_days?: number | null;
};

/**
 * Fitted decay of CTR per day (Poisson log-linear regression of daily clicks on the day, offset by
 * impressions): rate as a positive fraction per day when CTR falls (0 when flat or rising), with fit quality
 * r2 and the number of days used; null with reason below DECAY_THRESHOLDS.
 */
export function messageDecay(days: readonly AdDay[], thresholds: DecayThresholds = DECAY_THRESHOLDS): MessageDecay {
  const live = normalizeAdDays(days).filter((d) => d.impressions > 0);
  const impressions = live.reduce((s, d) => s + d.impressions, 0);
  const clicks = live.reduce((s, d) => s + d.clicks, 0);
  const unknown = (reason: string): MessageDecay => ({ rate_per_day: null, r2: null, days: live.length, reason });
  if (live.length < thresholds.minDays) {
    return unknown(
      `${live.length} ${live.length === 1 ? 'day' : 'days'} with delivery; a decay fit needs at least ${thresholds.minDays}.`,
    );
  }
  if (impressions < thresholds.minImpressions) {
    return unknown(
      `${formatNumber(impressions)} impressions; a decay fit needs at least ${formatNumber(thresholds.minImpressions)}.`,
    );
  }
  if (clicks < thresholds.minClicks) {
    return unknown(`${formatNumber(clicks)} clicks; a decay fit needs at least ${formatNumber(thresholds.minClicks)}.`);
  }
  const slope = fitSlope(live);
  const r2 = fitQuality(live, slope);
  const falling = slope < 0;
  return {
    rate_per_day: falling ? -Math.expm1(slope) : 0,
    r2,
    days: live.length,
    reason: null,
    half_life_days: falling ? Math.LN2 / -slope : null,
  };
}

/** The impression-weighted mean day under the tilt e^{b·t}, and its variance (the mean's derivative in b). */
function tiltedMoments(days: readonly DeliveryDay[], b: number): { mean: number; variance: number } {
  let shift = Number.NEGATIVE_INFINITY;
  for (const d of days) shift = Math.max(shift, b * d.dayIndex);
  let w = 0;
  let wt = 0;
  let wtt = 0;
  for (const d of days) {
    const weight = d.impressions * Math.exp(b * d.dayIndex - shift);
    w += weight;
    wt += weight * d.dayIndex;
    wtt += weight * d.dayIndex * d.dayIndex;
  }
  const mean = wt / w;
  return { mean, variance: Math.max(0, wtt / w - mean * mean) };
}

function fitSlope(days: readonly DeliveryDay[]): number {
  const clicks = days.reduce((s, d) => s + d.clicks, 0);
  const target = days.reduce((s, d) => s + d.clicks * d.dayIndex, 0) / clicks;
  const span = days[days.length - 1]!.dayIndex - days[0]!.dayIndex;
  const bound = Math.min(5, 50 / Math.max(span, 1));
  let lo = -bound;
  let hi = bound;
  if (tiltedMoments(days, lo).mean >= target) return lo;
  if (tiltedMoments(days, hi).mean <= target) return hi;
  let b = 0;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const { mean, variance } = tiltedMoments(days, b);
    const f = mean - target;
    if (Math.abs(f) <= 1e-13 * Math.max(span, 1)) return b;
    if (f > 0) hi = b;
    else lo = b;
    const newton = variance > 0 ? b - f / variance : Number.NaN;
    b = newton > lo && newton < hi ? newton : (lo + hi) / 2;
  }
  return b;
}

/** Poisson deviance of `days` against expected clicks `mu`. */
function deviance(days: readonly DeliveryDay[], mu: (d: DeliveryDay) => number): number {
  let sum = 0;
  for (const d of days) {
    const m = mu(d);
    sum += (d.clicks > 0 ? d.clicks * Math.log(d.clicks / m) : 0) - (d.clicks - m);
  }
  return 2 * sum;
}

function fitQuality(days: readonly DeliveryDay[], b: number): number {
  const impressions = days.reduce((s, d) => s + d.impressions, 0);
  const clicks = days.reduce((s, d) => s + d.clicks, 0);
  const first = days[0]!.dayIndex;
  let tilted = 0;
  for (const d of days) tilted += d.impressions * Math.exp(b * (d.dayIndex - first));
  const scale = clicks / tilted;
  const nullDeviance = deviance(days, (d) => (d.impressions * clicks) / impressions);
  if (nullDeviance <= 1e-9 * clicks) return 1;
  const fitDeviance = deviance(days, (d) => d.impressions * scale * Math.exp(b * (d.dayIndex - first)));
  return Math.min(1, Math.max(0, 1 - fitDeviance / nullDeviance));
}
