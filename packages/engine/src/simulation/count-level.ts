import { logGamma } from '../stats/incomplete-gamma.js';
import { type Dynamics, fitStateSpace, type Observe, type StateEstimate } from './state-space.js';

/**
 * A daily count yₜ with a known exposure eₜ (a weekday effect, or the day's sessions when the count is orders):
 * yₜ ~ NegBin(mean eₜ·exp(sₜ), size), where sₜ = ℓₜ + xₜ follows the {@link Dynamics} and 1/size is the
 * day-to-day overdispersion beyond the Poisson.
 */
export type CountLevelFit = {
  dynamics: Dynamics;
  /** The negative binomial's size k: Var(y | mean μ) = μ + μ²/k. */
  size: number;
  state: StateEstimate;
  logLikelihood: number;
  aic: number;
  /** Where the likelihood search ended (log variances, logits, log(1/size)): a start for nested fits. */
  point: number[];
};

/** log NegBin(y; mean, size), the Poisson limit for very large sizes. */
function logNegBin(y: number, mean: number, size: number): number {
  if (size > 1e7) return y * Math.log(mean) - mean - logGamma(y + 1);
  return (
    logGamma(y + size) -
    logGamma(size) -
    logGamma(y + 1) +
    size * Math.log(size / (size + mean)) +
    y * Math.log(mean / (size + mean))
  );
}

/** The starting log rate: the first week with exposure (half a count added so that an empty week stays finite). */
export function initialLogRate(counts: readonly number[], exposure: readonly number[]): number {
  let y = 0;
  let e = 0;
  for (let t = 0; t < counts.length && (t < 7 || e === 0); t++) {
    y += counts[t]!;
    e += exposure[t]!;
  }
  return Math.log((y + 0.5) / Math.max(e, 1e-9));
}

/**
 * The count's observation model: scores yₜ by its predictive distribution (the log-normal uncertainty of s folded
 * into a negative binomial of matching mean and variance) and finds the posterior mode of s by Newton steps on the
 * negative binomial log-likelihood plus the Gaussian prior. Days without exposure say nothing.
 */
export function observeCounts(counts: readonly number[], exposure: readonly number[], size: number): Observe {
  return (t, prior, priorVar) => {
    const e = exposure[t]!;
    if (!(e > 0)) return null;
    const y = counts[t]!;
    const cv2 = Math.exp(priorVar) * (1 + 1 / size) - 1;
    const logLikelihood = logNegBin(y, e * Math.exp(prior + priorVar / 2), 1 / cv2);
    let m = prior;
    let curvature = 1 / priorVar;
    for (let step = 0; step < 30; step++) {
      const mu = e * Math.exp(m);
      const gradient = y - ((y + size) * mu) / (size + mu) - (m - prior) / priorVar;
      curvature = ((y + size) * size * mu) / (size + mu) ** 2 + 1 / priorVar;
      const move = Math.max(-2, Math.min(2, gradient / curvature));
      m += move;
      if (Math.abs(move) < 1e-9) break;
    }
    return { mode: m, variance: 1 / curvature, logLikelihood };
  };
}

/**
 * Fits a count's dynamics and overdispersion by maximum likelihood; the size k is searched as log(1/k) in [−14, 3]
 * (from Poisson to very overdispersed). A fit with a drift (`trend`) starts from the level-only fit `from`, which it
 * nests.
 */
export function fitCountLevel(
  counts: readonly number[],
  exposure: readonly number[],
  trend: boolean,
  from?: CountLevelFit,
): CountLevelFit {
  const start = initialLogRate(counts, exposure);
  const model = ([logInverseSize]: readonly number[]) => {
    const size = Math.exp(-logInverseSize!);
    return {
      valid: logInverseSize! >= -14 && logInverseSize! <= 3,
      extra: size,
      initialLevel: start,
      observe: observeCounts(counts, exposure, size),
    };
  };
  const fit = fitStateSpace(trend, [Math.log(0.05)], model, counts.length, from?.point);
  return {
    dynamics: fit.dynamics,
    size: fit.extra,
    state: fit.state,
    logLikelihood: fit.logLikelihood,
    aic: fit.aic,
    point: fit.point,
  };
}
