import { dayToIsoDate, isoDateToDay } from '../ltv/purchases.js';
import type { Random } from '../model/prng.js';
import type { DailyRevenue } from './history.js';
import { pathRandom, sampleBinomial, sampleGamma, sampleNormal, samplePoisson } from './sampling.js';
import { weekdayOf } from './weekday.js';

/**
 * A shop whose daily revenue follows the simulation model's own process with known parameters: traffic with a
 * log level drifting by `levelSd` a day around a constant log trend, weekday effects and negative-binomial noise;
 * orders binomial given sessions at an overdispersed rate (or, with `conversion` null, the traffic is the orders);
 * Gamma order values.
 */
export type SyntheticShop = {
  name: string;
  /** Mean daily traffic (sessions, or orders without conversion) on the first day. */
  traffic: number;
  /** Daily log trend of traffic (−0.005 ≈ −14 % a month). */
  trend: number;
  /** Standard deviation of the daily random-walk step of log traffic. */
  levelSd: number;
  /** Negative-binomial size of daily traffic. */
  size: number;
  /** Weekday effects 0 = Sunday … 6 = Saturday, or null for none. */
  weekday: number[] | null;
  conversion: { rate: number; size: number; levelSd: number } | null;
  orderValue: { mean: number; shape: number; levelSd: number };
};

/** The synthetic shops of the tests and the evaluation. */
export const SYNTHETIC_SHOPS: SyntheticShop[] = [
  {
    name: 'stationary, sessions',
    traffic: 400,
    trend: 0,
    levelSd: 0.02,
    size: 30,
    weekday: null,
    conversion: { rate: 0.025, size: 40, levelSd: 0.01 },
    orderValue: { mean: 60, shape: 1.5, levelSd: 0.005 },
  },
  {
    name: 'decaying orders (no sessions)',
    traffic: 120,
    trend: -0.006,
    levelSd: 0.015,
    size: 15,
    weekday: null,
    conversion: null,
    orderValue: { mean: 35, shape: 1, levelSd: 0.01 },
  },
  {
    name: 'weekly seasonal, sessions',
    traffic: 900,
    trend: 0.002,
    levelSd: 0.015,
    size: 25,
    weekday: [0.7, 1.15, 1.15, 1.1, 1.05, 1, 0.85],
    conversion: { rate: 0.015, size: 60, levelSd: 0.008 },
    orderValue: { mean: 80, shape: 2, levelSd: 0.005 },
  },
  {
    name: 'small shop, orders only',
    traffic: 3,
    trend: 0,
    levelSd: 0.01,
    size: 8,
    weekday: null,
    conversion: null,
    orderValue: { mean: 45, shape: 1.2, levelSd: 0.005 },
  },
];

/** Every day's mean-1 weekday effect normalised so that a weekday vector with another mean still averages 1. */
const normalised = (weekday: number[] | null) => {
  if (!weekday) return new Array<number>(7).fill(1);
  const mean = weekday.reduce((s, x) => s + x, 0) / 7;
  return weekday.map((x) => x / mean);
};

function simulateDay(shop: SyntheticShop, traffic: number, conversion: number, value: number, random: Random) {
  const visits = samplePoisson(random, (traffic * sampleGamma(random, shop.size)) / shop.size);
  const orders = shop.conversion
    ? sampleBinomial(
        random,
        visits,
        Math.min(1, (conversion * sampleGamma(random, shop.conversion.size)) / shop.conversion.size),
      )
    : visits;
  const k = orders * shop.orderValue.shape;
  const revenue = orders > 0 ? (sampleGamma(random, k) / shop.orderValue.shape) * value : 0;
  return { sessions: shop.conversion ? visits : null, orders, revenue };
}

/** `days` days of a synthetic shop from `start` (YYYY-MM-DD), the same for the same seed. */
export function simulateShopHistory(
  shop: SyntheticShop,
  days: number,
  seed: number,
  start = '2024-01-01',
): DailyRevenue[] {
  const random = pathRandom(seed, 0);
  const weekday = normalised(shop.weekday);
  const firstDay = isoDateToDay(start)!;
  let level = Math.log(shop.traffic);
  let conversion = Math.log(shop.conversion?.rate ?? 1);
  let value = Math.log(shop.orderValue.mean);
  const history: DailyRevenue[] = [];
  for (let t = 0; t < days; t++) {
    if (t > 0) {
      level += shop.trend + shop.levelSd * sampleNormal(random);
      conversion += (shop.conversion?.levelSd ?? 0) * sampleNormal(random);
      value += shop.orderValue.levelSd * sampleNormal(random);
    }
    const day = firstDay + t;
    const traffic = weekday[weekdayOf(day)]! * Math.exp(level);
    history.push({
      date: dayToIsoDate(day),
      ...simulateDay(shop, traffic, Math.exp(conversion), Math.exp(value), random),
    });
  }
  return history;
}
