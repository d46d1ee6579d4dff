import type { CountLevelFit } from './count-level.js';
import { observeCounts } from './count-level.js';
import { BURN_IN_DAYS, type Dynamics, filterState, type StateEstimate } from './state-space.js';

/** The fewest in-sample origins before the level drift is calibrated on the history's own horizon-long errors. */
export const MIN_CALIBRATION_ORIGINS = 28;
/** The median of |z| for a standard normal z: what standardized errors should show when the spread is right. */
const NORMAL_MEDIAN_ABS = 0.6744897501960817;

/**
 * The model's forecast of log(Σ yₜ₊₁..ₜ₊ₕ) from the state after day t: its centre (log of the summed means) and
 * variance by the delta method, from the state's covariance, the level and transient disturbances to come, and the
 * negative binomial's counting noise.
 */
function horizonForecast(
  state: StateEstimate,
  dynamics: Dynamics,
  size: number,
  exposure: readonly number[],
  from: number,
  days: number,
): { centre: number; variance: number } {
  const [l, b, x] = state.mean;
  const rho = dynamics.persistence;
  const means: number[] = [];
  let total = 0;
  let squares = 0;
  for (let h = 1; h <= days; h++) {
    const mu = exposure[from + h]! * Math.exp(l + b * h + x * rho ** h);
    means.push(mu);
    total += mu;
    squares += mu * mu;
  }
  // Weight of s on day h in the log of the sum; a = loadings on (ℓ, b, x); tails for the disturbances to come.
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  for (let h = 1; h <= days; h++) {
    const w = means[h - 1]! / total;
    a0 += w;
    a1 += w * h;
    a2 += w * rho ** h;
  }
  const [pll, plb, plx, pbb, pbx, pxx] = state.cov;
  let variance = a0 * a0 * pll + a1 * a1 * pbb + a2 * a2 * pxx + 2 * (a0 * a1 * plb + a0 * a2 * plx + a1 * a2 * pbx);
  let levelTail = 0;
  let transientTail = 0;
  for (let j = days; j >= 1; j--) {
    levelTail += means[j - 1]! / total;
    transientTail = transientTail * rho + means[j - 1]! / total;
    variance +=
      dynamics.levelVariance * levelTail * levelTail + dynamics.transientVariance * transientTail * transientTail;
  }
  variance += (total + squares / size) / (total * total);
  return { centre: Math.log(total), variance };
}

const median = (values: number[]) => {
  values.sort((p, q) => p - q);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
};

/**
 * The median |z| of the model's `days`-ahead forecast errors of the count's sum (on the log scale, standardized by
 * the forecast's own spread) from every in-sample origin after the burn-in.
 */
function medianAbsoluteZ(
  counts: readonly number[],
  exposure: readonly number[],
  fit: CountLevelFit,
  dynamics: Dynamics,
  initialLevel: number,
  days: number,
): number {
  const zs: number[] = [];
  filterState(counts.length, dynamics, initialLevel, observeCounts(counts, exposure, fit.size), (t, state) => {
    if (t < BURN_IN_DAYS || t + days >= counts.length) return;
    let actual = 0;
    for (let h = 1; h <= days; h++) actual += counts[t + h]!;
    const { centre, variance } = horizonForecast(state, dynamics, fit.size, exposure, t, days);
    zs.push(Math.abs(Math.log(actual + 0.5) - centre) / Math.sqrt(variance));
  });
  return median(zs);
}

/**
 * Re-estimates the level drift's variance on the scale the forecast is used at. The likelihood scores one-day-ahead
 * predictions, which say little about changes that build up over weeks (a campaign season, a holiday slump); so the
 * variance is set, by bisection over its log in [−18, 0], to where the model's own `days`-ahead forecasts of the
 * count's sum at every in-sample origin have standardized errors with the normal's median |z| (0.674), a robust scale
 * that one break in the history cannot dominate. Kept as fitted when the history has fewer than
 * {@link MIN_CALIBRATION_ORIGINS} such origins.
 */
export function calibrateLevelVariance(
  counts: readonly number[],
  exposure: readonly number[],
  fit: CountLevelFit,
  initialLevel: number,
  days: number,
): CountLevelFit {
  if (counts.length - days - BURN_IN_DAYS < MIN_CALIBRATION_ORIGINS) return fit;
  const at = (logVariance: number) => ({ ...fit.dynamics, levelVariance: Math.exp(logVariance) });
  const excess = (logVariance: number) =>
    medianAbsoluteZ(counts, exposure, fit, at(logVariance), initialLevel, days) - NORMAL_MEDIAN_ABS;
  let low = -18;
  let high = 0;
  if (excess(low) <= 0) high = low;
  else if (excess(high) >= 0) low = high;
  for (let step = 0; step < 14 && high - low > 0.05; step++) {
    const middle = (low + high) / 2;
    if (excess(middle) > 0) low = middle;
    else high = middle;
  }
  const dynamics = at((low + high) / 2);
  const run = filterState(counts.length, dynamics, initialLevel, observeCounts(counts, exposure, fit.size));
  return {
    ...fit,
    dynamics,
    state: run.state,
    logLikelihood: run.logLikelihood,
  };
}
