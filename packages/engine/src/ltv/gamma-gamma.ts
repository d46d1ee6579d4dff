import { logGamma } from '../stats/incomplete-gamma.js';
import type { ModelFit } from './bg-nbd.js';
import { minimizeNelderMead } from './nelder-mead.js';
import { mean } from './rfm.js';

/**
 * Gamma-Gamma spend parameters (Fader, Hardie & Lee 2005, "RFM and CLV"; Fader & Hardie 2013): a transaction's
 * value is Gamma(p, ν) around the customer's mean p/ν, and ν ~ Gamma(q, γ) across customers.
 */
export type GammaGammaParams = { p: number; q: number; gamma: number };

/** A customer's repeat transactions in the calibration period: how many (x) and their mean value (mₓ). */
export type SpendSummary = { frequency: number; averageAmount: number };

/**
 * The Gamma-Gamma log-likelihood of repeat customers' (x, mₓ), summed: ln of
 * Γ(px+q)/(Γ(px)Γ(q)) · γ^q mₓ^(px−1) x^(px) / (γ + mₓx)^(px+q). Customers with x = 0 or mₓ ≤ 0 carry no
 * information about spend and are skipped.
 */
export function gammaGammaLogLikelihood(params: GammaGammaParams, customers: readonly SpendSummary[]): number {
  const { p, q, gamma } = params;
  if (!(p > 0 && q > 0 && gamma > 0)) return Number.NaN;
  const logGammaQ = logGamma(q);
  const logG = Math.log(gamma);
  let total = 0;
  for (const { frequency: x, averageAmount: m } of customers) {
    if (!(x > 0 && m > 0)) continue;
    const px = p * x;
    total +=
      logGamma(px + q) -
      logGamma(px) -
      logGammaQ +
      q * logG +
      (px - 1) * Math.log(m) +
      px * Math.log(x) -
      (px + q) * Math.log(gamma + m * x);
  }
  return total;
}

/**
 * Fits the Gamma-Gamma model by maximum likelihood over the repeat customers (x > 0, mₓ > 0): Nelder–Mead over
 * ln p, ln(q − 1), ln γ, so q > 1 and the mean spend pγ/(q−1) of a customer without repeats exists. Throws when
 * fewer than two customers have repeat purchases with a positive value.
 */
export function fitGammaGamma(customers: readonly SpendSummary[]): ModelFit<GammaGammaParams> {
  const usable = customers.filter((c) => c.frequency > 0 && c.averageAmount > 0);
  if (usable.length < 2) throw new Error('fewer than two customers have repeat purchases with a value');
  const toParams = (t: readonly number[]): GammaGammaParams => ({
    p: Math.exp(t[0]!),
    q: 1 + Math.exp(t[1]!),
    gamma: Math.exp(t[2]!),
  });
  const start = [0, 0, Math.log(mean(usable.map((c) => c.averageAmount)))];
  const n = usable.length;
  const result = minimizeNelderMead((t) => -gammaGammaLogLikelihood(toParams(t), usable) / n, start);
  return { params: toParams(result.point), logLikelihood: -result.value * n, converged: result.converged };
}

/** Mean transaction value expected of a customer of whom nothing is known: pγ/(q − 1) (q > 1). */
export function gammaGammaPopulationMean(params: GammaGammaParams): number {
  return (params.p * params.gamma) / (params.q - 1);
}

/**
 * Mean transaction value expected of a customer with x repeat transactions of mean mₓ:
 * p(γ + mₓx)/(px + q − 1), a weighted mean of the population mean and mₓ (FHL 2005, eq. 5). With x = 0, the
 * population mean.
 */
export function gammaGammaExpectedSpend(params: GammaGammaParams, customer: SpendSummary): number {
  const { p, q, gamma } = params;
  const x = customer.frequency;
  if (x === 0) return gammaGammaPopulationMean(params);
  return (p * (gamma + customer.averageAmount * x)) / (p * x + q - 1);
}
