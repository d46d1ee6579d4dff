import type { ModelFit } from './bg-nbd.js';
import { minimizeNelderMead } from './nelder-mead.js';
import {
  logDeathOdds,
  PARETO_NBD_MAX_S,
  type ParetoNbdParams,
  paretoNbdExpectedPurchases,
  paretoNbdProbabilityAlive,
} from './pareto-nbd.js';
import { groupRfm, logAddExp, logRisingFactorials, maxFrequency, mean, type Rfm, type RfmGroup } from './rfm.js';

/**
 * Mover–stayer Pareto/NBD parameters (the mover–stayer mixture of Blumen, Kogan & McCarthy 1955 over the
 * Pareto/NBD): a share 1 − π of customers are movers, Pareto/NBD customers (rate λ ~ Gamma(r, α) while alive,
 * lifetime rate μ ~ Gamma(s, β)); a share π are stayers, who never drop out and buy at rate λ ~ Gamma(r2, α2).
 * α, β and α2 are in the time unit of the data.
 */
export type ParetoNbdStayersParams = ParetoNbdParams & { pi: number; r2: number; alpha2: number };

/** Where the stayers' rate heterogeneity is capped, as the movers' s is: at r2 = 100 their rates are within 10 %. */
export const STAYERS_MAX_R2 = 100;

/** ln of each segment's likelihood for one customer, without the ln π / ln(1−π) weights. */
function segmentLogLikelihoods(
  params: ParetoNbdStayersParams,
  x: number,
  recency: number,
  age: number,
  riseR: number,
  riseR2: number,
): { mover: number; stayer: number } {
  const { r, alpha, s, beta, r2, alpha2 } = params;
  const lives = -(r + x) * Math.log(alpha + age) + s * Math.log(beta / (beta + age));
  const odds = recency < age ? logDeathOdds(params, x, recency, age) : Number.NEGATIVE_INFINITY;
  return {
    mover: riseR + r * Math.log(alpha) + lives + logAddExp(0, odds),
    stayer: riseR2 + r2 * Math.log(alpha2) - (r2 + x) * Math.log(alpha2 + age),
  };
}

/**
 * The mover–stayer log-likelihood of customers' (x, tₓ, T), summed (a group counts `count` times):
 * ln[(1−π) · L_Pareto/NBD + π · Γ(r2+x)α2^r2/(Γ(r2)(α2+T)^(r2+x))], the stayers' term being the NBD's.
 */
export function paretoNbdStayersLogLikelihood(
  params: ParetoNbdStayersParams,
  customers: readonly (Rfm | RfmGroup)[],
): number {
  const { r, alpha, s, beta, pi, r2, alpha2 } = params;
  if (!(r > 0 && alpha > 0 && s > 0 && beta > 0 && pi >= 0 && pi <= 1 && r2 > 0 && alpha2 > 0)) return Number.NaN;
  const max = maxFrequency(customers);
  const riseR = logRisingFactorials(r, max);
  const riseR2 = logRisingFactorials(r2, max);
  const logMover = Math.log1p(-pi);
  const logStayer = Math.log(pi);
  let total = 0;
  for (const customer of customers) {
    const { frequency: x, recency, age } = customer;
    const count = 'count' in customer ? customer.count : 1;
    const l = segmentLogLikelihoods(params, x, recency, age, riseR[x]!, riseR2[x]!);
    total += count * logAddExp(logMover + l.mover, logStayer + l.stayer);
  }
  return total;
}

const logistic = (t: number) => 1 / (1 + Math.exp(-t));
/** A log-scale value that saturates at `cap` (as the Pareto/NBD's s does). */
const capped = (t: number, cap: number) => Math.exp(t) / (1 + Math.exp(t) / cap);

/**
 * Fits the mover–stayer Pareto/NBD by maximum likelihood: Nelder–Mead over ln r, ln α, capped ln s, ln β,
 * logit π, capped ln r2, ln α2, from r = s = 1, α = β = the mean age and two starts for the stayers (below),
 * keeping whichever reaches the higher likelihood.
 */
export function fitParetoNbdStayers(customers: readonly Rfm[]): ModelFit<ParetoNbdStayersParams> {
  if (!customers.some((c) => c.frequency > 0)) throw new Error('no customer has a repeat purchase');
  const toParams = (t: readonly number[]): ParetoNbdStayersParams => ({
    r: Math.exp(t[0]!),
    alpha: Math.exp(t[1]!),
    s: capped(t[2]!, PARETO_NBD_MAX_S),
    beta: Math.exp(t[3]!),
    pi: logistic(t[4]!),
    r2: capped(t[5]!, STAYERS_MAX_R2),
    alpha2: Math.exp(t[6]!),
  });
  const scale = Math.log(Math.max(mean(customers.map((c) => c.age)), 1e-6));
  const n = customers.length;
  const groups = groupRfm(customers);
  const objective = (t: readonly number[]) => -paretoNbdStayersLogLikelihood(toParams(t), groups) / n;
  // The likelihood has separate optima (a stayer segment or none; stayers who never buy, r2 → 0): a coarse search
  // from two starts, stayers like the movers (r2 = 1, α2 = α, π = 0.2) and fewer, slower, more varied ones
  // (r2 = 1/e, α2 = e·α, π = 0.12), then the better end refined.
  const starts = [
    [0, scale, 0, scale, Math.log(0.2 / 0.8), 0, scale],
    [0, scale, 0, scale, -2, -1, scale + 1],
  ];
  const coarse = starts.map((start) =>
    minimizeNelderMead(objective, start, { valueTolerance: 1e-8, pointTolerance: 1e-3, maxRestarts: 1 }),
  );
  const best = coarse[0]!.value <= coarse[1]!.value ? coarse[0]! : coarse[1]!;
  const result = minimizeNelderMead(objective, best.point, { pointTolerance: 1e-5 });
  return { params: toParams(result.point), logLikelihood: -result.value * n, converged: result.converged };
}

/** Probability that a customer with (x, tₓ, T) is a stayer, given their history. In [0, 1]. */
export function paretoNbdStayersProbabilityStayer(params: ParetoNbdStayersParams, customer: Rfm): number {
  const { frequency: x, recency, age } = customer;
  if (params.pi <= 0) return 0;
  if (params.pi >= 1) return 1;
  const riseR = logRisingFactorials(params.r, x)[x]!;
  const riseR2 = logRisingFactorials(params.r2, x)[x]!;
  const l = segmentLogLikelihoods(params, x, recency, age, riseR, riseR2);
  return logistic(Math.log(params.pi) + l.stayer - Math.log1p(-params.pi) - l.mover);
}

/** Probability that a customer is alive at T: a stayer, or a mover still alive. In [0, 1]. */
export function paretoNbdStayersProbabilityAlive(params: ParetoNbdStayersParams, customer: Rfm): number {
  const w = paretoNbdStayersProbabilityStayer(params, customer);
  return w + (1 - w) * paretoNbdProbabilityAlive(params, customer);
}

/**
 * Purchases expected in the `horizon` after T: w · (r2+x)/(α2+T) · t for a stayer (the NBD's) plus (1 − w) times
 * the Pareto/NBD's forecast for a mover, w being the probability the customer is a stayer.
 */
export function paretoNbdStayersExpectedPurchases(
  params: ParetoNbdStayersParams,
  customer: Rfm,
  horizon: number,
): number {
  if (horizon <= 0) return 0;
  const w = paretoNbdStayersProbabilityStayer(params, customer);
  const stayer = ((params.r2 + customer.frequency) / (params.alpha2 + customer.age)) * horizon;
  const mover = w < 1 ? paretoNbdExpectedPurchases(params, customer, horizon) : 0;
  return w * stayer + (1 - w) * mover;
}
