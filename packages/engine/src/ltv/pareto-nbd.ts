import type { ModelFit } from './bg-nbd.js';
import { hypergeometric2F1A1 } from './hypergeometric.js';
import { minimizeNelderMead } from './nelder-mead.js';
import {
  groupRfm,
  logAddExp,
  logRisingFactorials,
  logSubExp,
  maxFrequency,
  mean,
  type Rfm,
  type RfmGroup,
} from './rfm.js';

/**
 * Pareto/NBD parameters (Schmittlein, Morrison & Colombo 1987): while alive a customer buys at rate λ ~ Gamma(r, α);
 * their lifetime is exponential with rate μ ~ Gamma(s, β). α and β are in the time unit of the data.
 */
export type ParetoNbdParams = { r: number; alpha: number; s: number; beta: number };

/**
 * ln of (s/(r+s+x))·A₀ · (α+T)^(r+x)(β+T)^s: the log-odds that a customer with (x, tₓ, T) died in (tₓ, T] rather
 * than lived past T (Fader & Hardie 2005, "A Note on Deriving the Pareto/NBD Model", eqs. 19–22). The ₂F₁ terms
 * use Euler's transformation so every series has positive terms that shrink.
 */
export function logDeathOdds(params: ParetoNbdParams, x: number, recency: number, age: number): number {
  const { r, alpha, s, beta } = params;
  const c = r + s + x + 1;
  // log of (α+t)^−(r+x) (β+t)^−s ₂F₁(r+s+x, ·; r+s+x+1; z(t)) · (α+t)^… in the form each branch integrates to.
  const logTerm = (t: number): number => {
    if (alpha >= beta) {
      const z = (alpha - beta) / (alpha + t);
      return -(r + x) * Math.log(alpha + t) - s * Math.log(beta + t) + Math.log(hypergeometric2F1A1(r + x, c, z));
    }
    const z = (beta - alpha) / (beta + t);
    return (
      (1 - r - x) * Math.log(alpha + t) - (s + 1) * Math.log(beta + t) + Math.log(hypergeometric2F1A1(s + 1, c, z))
    );
  };
  const a0 = logSubExp(logTerm(recency), logTerm(age));
  const tail = (r + x) * Math.log(alpha + age) + s * Math.log(beta + age);
  return Math.log(s / (r + s + x)) + a0 + tail;
}

/**
 * The Pareto/NBD log-likelihood of customers' (x, tₓ, T), summed (a group counts `count` times): ln[Γ(r+x)αʳβˢ/Γ(r) · ((α+T)^−(r+x)(β+T)^−s ·
 * (1 + death odds))] (Fader & Hardie 2005 note, eq. 22).
 */
export function paretoNbdLogLikelihood(params: ParetoNbdParams, customers: readonly (Rfm | RfmGroup)[]): number {
  const { r, alpha, s, beta } = params;
  if (!(r > 0 && alpha > 0 && s > 0 && beta > 0)) return Number.NaN;
  const riseR = logRisingFactorials(r, maxFrequency(customers));
  const head = r * Math.log(alpha) + s * Math.log(beta);
  let total = 0;
  for (const customer of customers) {
    const { frequency: x, recency, age } = customer;
    const count = 'count' in customer ? customer.count : 1;
    const lives = -(r + x) * Math.log(alpha + age) - s * Math.log(beta + age);
    const odds = recency < age ? logDeathOdds(params, x, recency, age) : Number.NEGATIVE_INFINITY;
    total += count * (riseR[x]! + head + lives + logAddExp(0, odds));
  }
  return total;
}

/**
 * Where the heterogeneity of death rates is capped: at s = 100 lifetimes' rates vary by 10 % (1/√s) and the
 * likelihood is flat beyond; its maximum can lie at s → ∞ (one death rate for all: CDNOW to 1997-03-31), where
 * β → ∞ too and the ₂F₁ series would need millions of terms.
 */
export const PARETO_NBD_MAX_S = 100;

/**
 * Fits the Pareto/NBD by maximum likelihood: Nelder–Mead over ln r, ln α, ln β and a log-scale s that saturates
 * at {@link PARETO_NBD_MAX_S}, from r = s = 1, α = β = mean age.
 */
export function fitParetoNbd(customers: readonly Rfm[]): ModelFit<ParetoNbdParams> {
  if (!customers.some((c) => c.frequency > 0)) throw new Error('no customer has a repeat purchase');
  const toParams = (t: readonly number[]): ParetoNbdParams => ({
    r: Math.exp(t[0]!),
    alpha: Math.exp(t[1]!),
    s: Math.exp(t[2]!) / (1 + Math.exp(t[2]!) / PARETO_NBD_MAX_S),
    beta: Math.exp(t[3]!),
  });
  const scale = Math.log(Math.max(mean(customers.map((c) => c.age)), 1e-6));
  const n = customers.length;
  const groups = groupRfm(customers);
  const result = minimizeNelderMead((t) => -paretoNbdLogLikelihood(toParams(t), groups) / n, [0, scale, 0, scale]);
  return { params: toParams(result.point), logLikelihood: -result.value * n, converged: result.converged };
}

/** Probability that a customer with (x, tₓ, T) is alive at T under the Pareto/NBD. In [0, 1]. */
export function paretoNbdProbabilityAlive(params: ParetoNbdParams, customer: Rfm): number {
  const { frequency: x, recency, age } = customer;
  if (!(recency < age)) return 1;
  return 1 / (1 + Math.exp(logDeathOdds(params, x, recency, age)));
}

/**
 * Purchases expected in the `horizon` after T under the Pareto/NBD:
 * (r+x)(β+T)/((α+T)(s−1)) · [1 − ((β+T)/(β+T+t))^(s−1)] · P(alive); its limit (r+x)(β+T)/(α+T) · ln((β+T+t)/(β+T))
 * · P(alive) when s = 1.
 */
export function paretoNbdExpectedPurchases(params: ParetoNbdParams, customer: Rfm, horizon: number): number {
  if (horizon <= 0) return 0;
  const { r, alpha, s, beta } = params;
  const { frequency: x, age } = customer;
  const rate = (r + x) / (alpha + age);
  const logRatio = Math.log((beta + age + horizon) / (beta + age));
  // (β+T)/(s−1) · [1 − e^{−(s−1)·logRatio}] → (β+T)·logRatio as s → 1; expm1 keeps it exact near there.
  const exposure = Math.abs(s - 1) < 1e-9 ? logRatio : -Math.expm1(-(s - 1) * logRatio) / (s - 1);
  return rate * (beta + age) * exposure * paretoNbdProbabilityAlive(params, customer);
}
