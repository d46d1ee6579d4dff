import type { RevenueModel } from './fit.js';
import { pathRandom, quantileOfSorted, sampleBinomial, sampleGamma, samplePoisson } from './sampling.js';
import { drawState, stepState } from './state-space.js';
import { weekdayOf } from './weekday.js';

/** Relative changes a scenario applies (0.1 = +10 %), each above −1; a missing change is no change. */
export type RevenueScenario = { traffic?: number; conversionRate?: number; orderValue?: number };

/** A 10th–90th percentile range: the 80 % interval of a simulated quantity. */
export type RevenueInterval = { low: number; high: number };

/**
 * Projected figures over the horizon, each the median over the simulated paths: revenue, conversion rate in percent
 * (orders / sessions; null without sessions), average order value (revenue / orders) and traffic (sessions; null
 * without sessions), with the 80 % interval of revenue.
 */
export type RevenueFigures = {
  monthly_revenue: number;
  conversion_rate: number | null;
  average_order_value: number;
  traffic: number | null;
  interval: RevenueInterval;
};

/** A scenario's simulation next to the no-change projection, both on the same simulated paths. */
export type RevenueSimulation = {
  basis: RevenueModel['basis'];
  days: number;
  draws: number;
  scenario: RevenueScenario;
  changes_applied: string[];
  current: RevenueFigures;
  projected: RevenueFigures;
  /** Projected over current revenue − 1 path by path: its median and 80 % interval (common random numbers). */
  lift: { median: number; low: number; high: number };
  notes: string[];
};

/** Options of {@link simulateRevenue}: horizon in days (default 30), simulated paths (2,000) and seed (1). */
export type SimulationOptions = { days?: number; draws?: number; seed?: number };

type Paths = { revenue: Float64Array; orders: Float64Array; sessions: Float64Array };

const percent = (x: number) =>
  `${x >= 0 ? '+' : '−'}${Math.abs(100 * x)
    .toFixed(1)
    .replace(/\.0$/, '')} %`;

/** The scenario's changes in words, e.g. ["Conversion rate +10 %"]; says when a change falls on orders. */
export function describeChanges(scenario: RevenueScenario, basis: RevenueModel['basis']): string[] {
  const onOrders = basis === 'orders' ? ' (applied to orders: no session data)' : '';
  const described: string[] = [];
  if (scenario.traffic) described.push(`Traffic ${percent(scenario.traffic)}${onOrders}`);
  if (scenario.conversionRate) described.push(`Conversion rate ${percent(scenario.conversionRate)}${onOrders}`);
  if (scenario.orderValue) described.push(`Order value ${percent(scenario.orderValue)}`);
  return described;
}

function checkScenario(scenario: RevenueScenario): void {
  for (const [name, change] of Object.entries(scenario)) {
    if (change !== undefined && !(Number.isFinite(change) && change > -1)) {
      throw new RangeError(`scenario.${name} must be a relative change above −1, got ${change}`);
    }
  }
}

/**
 * Simulates `draws` paths of the horizon. Latent paths (traffic level and trend, conversion level, order-value level:
 * their final-state uncertainty and their drift) come from one random stream per path and the day's counts and
 * values from another, so two scenarios share their latent paths exactly.
 */
function simulatePaths(model: RevenueModel, scenario: RevenueScenario, days: number, draws: number, seed: number) {
  const trafficScale = (1 + (scenario.traffic ?? 0)) * (model.conversion ? 1 : 1 + (scenario.conversionRate ?? 0));
  const conversionScale = 1 + (scenario.conversionRate ?? 0);
  const valueScale = 1 + (scenario.orderValue ?? 0);
  const { traffic, conversion, orderValue, weekdayFactors } = model;
  const paths: Paths = {
    revenue: new Float64Array(draws),
    orders: new Float64Array(draws),
    sessions: new Float64Array(draws),
  };
  for (let i = 0; i < draws; i++) {
    const latent = pathRandom(seed, 2 * i);
    const noise = pathRandom(seed, 2 * i + 1);
    const trafficState = drawState(traffic.state, latent);
    const conversionState = conversion ? drawState(conversion.state, latent) : null;
    const valueState = drawState(orderValue.state, latent);
    let revenue = 0;
    let orders = 0;
    let sessions = 0;
    for (let h = 0; h < days; h++) {
      const logTraffic = stepState(trafficState, traffic.dynamics, latent);
      const logValue = stepState(valueState, orderValue.dynamics, latent);
      const mean = weekdayFactors[weekdayOf(model.nextDay + h)]! * Math.exp(logTraffic) * trafficScale;
      const visits = samplePoisson(noise, (mean * sampleGamma(noise, traffic.size)) / traffic.size);
      let dayOrders = visits;
      if (conversion && conversionState) {
        const logRate = stepState(conversionState, conversion.dynamics, latent);
        const rate = (Math.exp(logRate) * conversionScale * sampleGamma(noise, conversion.size)) / conversion.size;
        dayOrders = sampleBinomial(noise, visits, Math.min(1, rate));
        sessions += visits;
      }
      if (dayOrders > 0) {
        const k = dayOrders * orderValue.shape;
        revenue += (sampleGamma(noise, k) / orderValue.shape) * Math.exp(logValue) * valueScale;
      }
      orders += dayOrders;
    }
    paths.revenue[i] = revenue;
    paths.orders[i] = orders;
    paths.sessions[i] = sessions;
  }
  return paths;
}

const sorted = (xs: Iterable<number>) => Float64Array.from(xs).sort();
const median = (xs: Iterable<number>) => quantileOfSorted(sorted(xs), 0.5);

function summarize(model: RevenueModel, paths: Paths): RevenueFigures {
  const revenue = sorted(paths.revenue);
  const withOrders = [...paths.orders.keys()].filter((i) => paths.orders[i]! > 0);
  const hasSessions = model.conversion !== null;
  return {
    monthly_revenue: quantileOfSorted(revenue, 0.5),
    conversion_rate: hasSessions
      ? median([...paths.sessions.keys()].map((i) => (100 * paths.orders[i]!) / Math.max(1, paths.sessions[i]!)))
      : null,
    average_order_value: median(withOrders.map((i) => paths.revenue[i]! / paths.orders[i]!)),
    traffic: hasSessions ? median(paths.sessions) : null,
    interval: { low: quantileOfSorted(revenue, 0.1), high: quantileOfSorted(revenue, 0.9) },
  };
}

/**
 * Simulates revenue over the next `days` (default 30) under a scenario and without change, on the same paths: each
 * path draws the fitted state's uncertainty, lets the levels drift as fitted, and draws each day's sessions
 * (negative binomial), orders (binomial with an overdispersed rate; without sessions the orders themselves) and
 * revenue (a sum of Gamma order values). Figures are medians over paths; intervals their 10th–90th percentiles.
 * Deterministic for a given seed.
 */
export function simulateRevenue(
  model: RevenueModel,
  scenario: RevenueScenario = {},
  options: SimulationOptions = {},
): RevenueSimulation {
  checkScenario(scenario);
  const days = options.days ?? 30;
  const draws = options.draws ?? 2000;
  const seed = options.seed ?? 1;
  const baseline = simulatePaths(model, {}, days, draws, seed);
  const changed = describeChanges(scenario, model.basis).length > 0;
  const projected = changed ? simulatePaths(model, scenario, days, draws, seed) : baseline;
  const lift = sorted(
    [...baseline.revenue.keys()].map((i) =>
      baseline.revenue[i]! > 0 ? projected.revenue[i]! / baseline.revenue[i]! - 1 : 0,
    ),
  );
  return {
    basis: model.basis,
    days,
    draws,
    scenario,
    changes_applied: describeChanges(scenario, model.basis),
    current: summarize(model, baseline),
    projected: summarize(model, projected),
    lift: {
      median: quantileOfSorted(lift, 0.5),
      low: quantileOfSorted(lift, 0.1),
      high: quantileOfSorted(lift, 0.9),
    },
    notes: model.notes,
  };
}
