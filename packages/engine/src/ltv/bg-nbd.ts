import { hypergeometric2F1 } from './hypergeometric.js';
import { minimizeNelderMead } from './nelder-mead.js';
import { groupRfm, logAddExp, logRisingFactorials, maxFrequency, mean, type Rfm, type RfmGroup } from './rfm.js';

/**
 * BG/NBD parameters (Fader, Hardie & Lee 2005, "Counting Your Customers the Easy Way"): while alive a customer buys
 * at rate λ ~ Gamma(r, α) (α in the time unit of the data); after each purchase they drop out with probability
 * p ~ Beta(a, b).
 */
export type BgNbdParams = { r: number; alpha: number; a: number; b: number };

/** A fitted model: its parameters, the maximised log-likelihood and whether the optimiser converged. */
export type ModelFit<P> = { params: P; logLikelihood: number; converged: boolean };

/**
 * The BG/NBD log-likelihood of customers' (x, tₓ, T), summed (a group counts `count` times; FHL 2005, eq. 6, in its closed form free of the
 * hypergeometric function): ln[B(a, b+x)/B(a, b) · Γ(r+x)αʳ/Γ(r) · ((α+T)^−(r+x) + δₓ₍>₀₎ a/(b+x−1) (α+tₓ)^−(r+x))].
 */
export function bgNbdLogLikelihood(params: BgNbdParams, customers: readonly (Rfm | RfmGroup)[]): number {
  const { r, alpha, a, b } = params;
  if (!(r > 0 && alpha > 0 && a > 0 && b > 0)) return Number.NaN;
  const max = maxFrequency(customers);
  const riseR = logRisingFactorials(r, max);
  const riseB = logRisingFactorials(b, max);
  const riseAB = logRisingFactorials(a + b, max);
  const logAlpha = Math.log(alpha);
  const logA = Math.log(a);
  let total = 0;
  for (const customer of customers) {
    const { frequency: x, recency, age } = customer;
    const count = 'count' in customer ? customer.count : 1;
    const base = riseR[x]! + r * logAlpha + riseB[x]! - riseAB[x]!;
    const stays = -(r + x) * Math.log(alpha + age);
    const drops = x > 0 ? logA - Math.log(b + x - 1) - (r + x) * Math.log(alpha + recency) : Number.NEGATIVE_INFINITY;
    total += count * (base + logAddExp(stays, drops));
  }
  return total;
}

/**
 * Fits the BG/NBD by maximum likelihood: Nelder–Mead over ln r, ln α, ln a, ln b from r = a = b = 1 and α = the
 * mean age. Throws when no customer has a repeat purchase (the likelihood then has no maximum).
 */
export function fitBgNbd(customers: readonly Rfm[]): ModelFit<BgNbdParams> {
  if (!customers.some((c) => c.frequency > 0)) throw new Error('no customer has a repeat purchase');
  const toParams = (t: readonly number[]): BgNbdParams => ({
    r: Math.exp(t[0]!),
    alpha: Math.exp(t[1]!),
    a: Math.exp(t[2]!),
    b: Math.exp(t[3]!),
  });
  const start = [0, Math.log(Math.max(mean(customers.map((c) => c.age)), 1e-6)), 0, 0];
  const n = customers.length;
  const groups = groupRfm(customers);
  const result = minimizeNelderMead((t) => -bgNbdLogLikelihood(toParams(t), groups) / n, start);
  return { params: toParams(result.point), logLikelihood: -result.value * n, converged: result.converged };
}

/** Probability that a customer with history (x, tₓ, T) is still alive at T (FHL 2005, eq. 13). In [0, 1]. */
export function bgNbdProbabilityAlive(params: BgNbdParams, customer: Rfm): number {
  const { r, alpha, a, b } = params;
  const { frequency: x, recency, age } = customer;
  if (x === 0) return 1;
  const logOdds = Math.log(a / (b + x - 1)) + (r + x) * Math.log((alpha + age) / (alpha + recency));
  return 1 / (1 + Math.exp(logOdds));
}

/**
 * Purchases expected in the `horizon` after T from a customer with history (x, tₓ, T) (FHL 2005, eq. 10), with
 * Euler's transformation ₂F₁(r+x, b+x; a+b+x−1; z)(1−z)^(r+x) = (1−z)^(a−1) ₂F₁(a+b−1−r, a−1; a+b+x−1; z) so the
 * series never sums large terms. a = 1 exactly (a removable singularity) is evaluated at a = 1 ± 1e-7.
 */
export function bgNbdExpectedPurchases(params: BgNbdParams, customer: Rfm, horizon: number): number {
  if (horizon <= 0) return 0;
  const { r, alpha, b } = params;
  const a = Math.abs(params.a - 1) < 1e-7 ? (params.a >= 1 ? 1 + 1e-7 : 1 - 1e-7) : params.a;
  const { frequency: x, age } = customer;
  const z = horizon / (alpha + age + horizon);
  const series = hypergeometric2F1(a + b - 1 - r, a - 1, a + b + x - 1, z);
  const bracket = 1 - (1 - z) ** (a - 1) * series;
  return Math.max(0, ((a + b + x - 1) / (a - 1)) * bracket * bgNbdProbabilityAlive({ r, alpha, a, b }, customer));
}
