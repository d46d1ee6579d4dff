import { minimizeNelderMead } from '../ltv/nelder-mead.js';
import type { Random } from '../model/prng.js';
import { sampleNormal } from './sampling.js';

/**
 * How a daily log quantity sₜ = ℓₜ + xₜ moves (a structural time series, Harvey 1989):
 *
 *   ℓₜ = ℓₜ₋₁ + b + ηₜ,   ηₜ ~ N(0, levelVariance)              lasting changes (local level, with drift b)
 *   xₜ = persistence · xₜ₋₁ + νₜ,   νₜ ~ N(0, transientVariance)   deviations that fade (campaigns, bursts)
 *
 * The drift b is a constant the filter estimates (b ≡ 0 without `trend`).
 */
export type Dynamics = {
  trend: boolean;
  levelVariance: number;
  transientVariance: number;
  persistence: number;
};

/** Mean of (ℓ, b, x) and its covariance as [ℓℓ, ℓb, ℓx, bb, bx, xx]. */
export type StateEstimate = { mean: [number, number, number]; cov: [number, number, number, number, number, number] };

/**
 * One day's observation of s given its prior N(mean, variance): the posterior's mode and variance (a Laplace
 * approximation) and the observation's log predictive density, or null when the day says nothing about s.
 */
export type Observe = (
  t: number,
  mean: number,
  variance: number,
) => { mode: number; variance: number; logLikelihood: number } | null;

/** Days the filter runs before its predictive likelihood counts: the first week sets the level, the second the trend. */
export const BURN_IN_DAYS = 14;
const INITIAL_LEVEL_VAR = 1;
/** Prior spread of the daily log trend: ±2 % a day (a factor 1.8 over 30 days) at one standard deviation. */
const INITIAL_TREND_VAR = 0.02 ** 2;
/** The most persistence of a transient deviation: it halves within two weeks, so it fades within a month. */
const MAX_PERSISTENCE = 0.95;

/**
 * Runs the filter over `days` days from a starting log level: each day predicts the state, asks `observe` for the
 * day's posterior of s = ℓ + x and updates the whole state as if s had been observed with Gaussian noise giving that
 * posterior. Returns the state after the last day and the log-likelihood summed over the days after the burn-in;
 * `record` sees the state after each day.
 */
export function filterState(
  days: number,
  dynamics: Dynamics,
  initialLevel: number,
  observe: Observe,
  record?: (t: number, state: StateEstimate) => void,
): { state: StateEstimate; logLikelihood: number; scoredDays: number } {
  const r = dynamics.persistence;
  let [l, b, x] = [initialLevel, 0, 0];
  let [pll, plb, plx, pbb, pbx, pxx] = [
    INITIAL_LEVEL_VAR,
    0,
    0,
    dynamics.trend ? INITIAL_TREND_VAR : 0,
    0,
    dynamics.transientVariance / (1 - r * r),
  ];
  let logLikelihood = 0;
  let scoredDays = 0;
  for (let t = 0; t < days; t++) {
    if (t > 0) {
      // x ← F x and P ← F P Fᵀ + Q with F = [[1, 1, 0], [0, 1, 0], [0, 0, ρ]].
      l += b;
      x *= r;
      const nll = pll + 2 * plb + pbb + dynamics.levelVariance;
      const nlb = plb + pbb;
      const nlx = r * (plx + pbx);
      pbx = r * pbx;
      pxx = r * r * pxx + dynamics.transientVariance;
      [pll, plb, plx] = [nll, nlb, nlx];
    }
    // s = ℓ + x: its prior, and the state's covariance with it (P Hᵀ with H = [1, 0, 1]).
    const cl = pll + plx;
    const cb = plb + pbx;
    const cx = plx + pxx;
    const priorVar = cl + cx;
    const seen = observe(t, l + x, priorVar);
    if (!seen) {
      record?.(t, { mean: [l, b, x], cov: [pll, plb, plx, pbb, pbx, pxx] });
      continue;
    }
    if (t >= BURN_IN_DAYS) {
      logLikelihood += seen.logLikelihood;
      scoredDays++;
    }
    const gain = (seen.mode - l - x) / priorVar;
    const shrink = (priorVar - seen.variance) / (priorVar * priorVar);
    l += cl * gain;
    b += cb * gain;
    x += cx * gain;
    pll -= shrink * cl * cl;
    plb -= shrink * cl * cb;
    plx -= shrink * cl * cx;
    pbb -= shrink * cb * cb;
    pbx -= shrink * cb * cx;
    pxx -= shrink * cx * cx;
    record?.(t, { mean: [l, b, x], cov: [pll, plb, plx, pbb, pbx, pxx] });
  }
  return { state: { mean: [l, b, x], cov: [pll, plb, plx, pbb, pbx, pxx] }, logLikelihood, scoredDays };
}

const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** The dynamics at a search point [log ηvar, log νvar, logit ρ/0.95]. */
function dynamicsAt(point: readonly number[], trend: boolean): Dynamics {
  return {
    trend,
    levelVariance: Math.exp(point[0]!),
    transientVariance: Math.exp(point[1]!),
    persistence: MAX_PERSISTENCE * logistic(point[2]!),
  };
}

/** Where the dynamics' search may go: variances from e⁻¹⁸ (a drift of 0.01 % a day, as good as none) to 1. */
function isInRange(point: readonly number[]): boolean {
  const within = (v: number, low: number, high: number) => v >= low && v <= high;
  return within(point[0]!, -18, 0) && within(point[1]!, -18, 0) && within(point[2]!, -8, 8);
}

/** A fitted component: its dynamics, the model-specific parameters, the final state and the fit's criteria. */
export type StateSpaceFit<E> = {
  dynamics: Dynamics;
  extra: E;
  state: StateEstimate;
  logLikelihood: number;
  scoredDays: number;
  /** Akaike's criterion, 2·(parameters fitted, the drift counted) − 2·logLikelihood. */
  aic: number;
};

/**
 * Fits the level and transient variances, the transient's persistence and the observation model's own parameters
 * (`extraStart`) by maximising the filter's predictive likelihood after the burn-in (with `trend` the filter also
 * carries a drift): Nelder–Mead over log variances and logits, from a level moving 1 % a day and a transient of 10 %
 * keeping 0.86 of itself a day, or from the search point `from` of an earlier fit.
 */
export function fitStateSpace<E>(
  trend: boolean,
  extraStart: readonly number[],
  model: (extra: readonly number[]) => { valid: boolean; extra: E; initialLevel: number; observe: Observe },
  days: number,
  from?: readonly number[],
): StateSpaceFit<E> & { point: number[] } {
  const start = from ? [...from] : [Math.log(1e-4), Math.log(0.01 * (1 - 0.8 ** 2)), 2.2, ...extraStart];
  const split = 3;
  const run = (point: readonly number[]) => {
    const built = model(point.slice(split));
    const dynamics = dynamicsAt(point, trend);
    return { built, dynamics, ...filterState(days, dynamics, built.initialLevel, built.observe) };
  };
  const best = minimizeNelderMead(
    (point) => {
      if (!isInRange(point) || !model(point.slice(split)).valid) return Number.POSITIVE_INFINITY;
      return -run(point).logLikelihood;
    },
    start,
    {
      step: 1,
      valueTolerance: 1e-9,
      pointTolerance: 1e-3,
      maxEvaluations: 150 * (split + extraStart.length),
      maxRestarts: 2,
    },
  );
  const final = run(best.point);
  return {
    dynamics: final.dynamics,
    extra: final.built.extra,
    state: final.state,
    logLikelihood: final.logLikelihood,
    scoredDays: final.scoredDays,
    aic: 2 * (best.point.length + (trend ? 1 : 0)) - 2 * final.logLikelihood,
    point: best.point,
  };
}

/** A draw of (ℓ, b, x) from a state estimate (Cholesky factor of its covariance; semidefinite parts drop out). */
export function drawState(state: StateEstimate, random: Random): [number, number, number] {
  const [a11, a21, a31, a22, a32, a33] = state.cov;
  const l11 = Math.sqrt(Math.max(a11, 0));
  const l21 = l11 > 0 ? a21 / l11 : 0;
  const l31 = l11 > 0 ? a31 / l11 : 0;
  const l22 = Math.sqrt(Math.max(a22 - l21 * l21, 0));
  const l32 = l22 > 0 ? (a32 - l31 * l21) / l22 : 0;
  const l33 = Math.sqrt(Math.max(a33 - l31 * l31 - l32 * l32, 0));
  const z1 = sampleNormal(random);
  const z2 = sampleNormal(random);
  const z3 = sampleNormal(random);
  const [l, b, x] = state.mean;
  return [l + l11 * z1, b + l21 * z1 + l22 * z2, x + l31 * z1 + l32 * z2 + l33 * z3];
}

/** Advances a drawn state (ℓ, b, x) by one day in place and returns s = ℓ + x. */
export function stepState(s: [number, number, number], dynamics: Dynamics, random: Random): number {
  s[0] += s[1] + Math.sqrt(dynamics.levelVariance) * sampleNormal(random);
  s[2] = dynamics.persistence * s[2] + Math.sqrt(dynamics.transientVariance) * sampleNormal(random);
  return s[0] + s[2];
}
