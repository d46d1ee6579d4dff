import { type Dynamics, fitStateSpace, type Observe, type StateEstimate } from './state-space.js';

/**
 * Order values: each order's value is Gamma(shape) with mean exp(sₜ), sₜ following the {@link Dynamics} (no trend).
 * A day's revenue from n orders is then Gamma(n·shape) with mean n·exp(sₜ), so the day's log mean value log(r/n) is
 * sₜ + ψ(n·shape) − log(n·shape) plus noise of variance ψ′(n·shape), exactly: a linear Gaussian observation.
 */
export type OrderValueFit = {
  dynamics: Dynamics;
  /** Gamma shape of one order's value: 1/shape is its squared coefficient of variation. */
  shape: number;
  state: StateEstimate;
  logLikelihood: number;
};

/** ψ(x), the digamma function, for x > 0 (recurrence to x ≥ 6, then the asymptotic series). */
export function digamma(x: number): number {
  let result = 0;
  let z = x;
  while (z < 6) {
    result -= 1 / z;
    z += 1;
  }
  const f = 1 / (z * z);
  return result + Math.log(z) - 0.5 / z - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))));
}

/** ψ′(x), the trigamma function, for x > 0 (recurrence to x ≥ 6, then the asymptotic series). */
export function trigamma(x: number): number {
  let result = 0;
  let z = x;
  while (z < 6) {
    result += 1 / (z * z);
    z += 1;
  }
  const f = 1 / (z * z);
  return result + 1 / z + f / 2 + (f / z) * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f / 30)));
}

/**
 * The order value's observation model: a Gaussian update on the day's log mean value, corrected for the log's bias.
 * Days without orders, or whose orders took no revenue, say nothing about value.
 */
export function observeOrderValues(orders: readonly number[], revenue: readonly number[], shape: number): Observe {
  return (t, prior, priorVar) => {
    const n = orders[t]!;
    const r = revenue[t]!;
    if (n === 0 || !(r > 0)) return null;
    const k = n * shape;
    const observed = Math.log(r / n) - digamma(k) + Math.log(k);
    const noise = trigamma(k);
    const total = priorVar + noise;
    const innovation = observed - prior;
    return {
      mode: prior + (priorVar / total) * innovation,
      variance: (priorVar * noise) / total,
      logLikelihood: -0.5 * (Math.log(2 * Math.PI * total) + (innovation * innovation) / total),
    };
  };
}

/** Fits the order value's Gamma shape (searched as log shape in [−7, 7]) and dynamics by maximum likelihood. */
export function fitOrderValue(orders: readonly number[], revenue: readonly number[]): OrderValueFit {
  let totalOrders = 0;
  let totalRevenue = 0;
  for (let t = 0; t < orders.length && (t < 7 || totalOrders === 0 || totalRevenue === 0); t++) {
    totalOrders += orders[t]!;
    totalRevenue += revenue[t]!;
  }
  const start = Math.log(Math.max(totalRevenue, 1e-9) / Math.max(totalOrders, 1));
  const fit = fitStateSpace(
    false,
    [0],
    ([logShape]) => {
      const shape = Math.exp(logShape!);
      return {
        valid: Math.abs(logShape!) <= 7,
        extra: shape,
        initialLevel: start,
        observe: observeOrderValues(orders, revenue, shape),
      };
    },
    orders.length,
  );
  return { dynamics: fit.dynamics, shape: fit.extra, state: fit.state, logLikelihood: fit.logLikelihood };
}
