import { createRandom, type Random } from '../model/prng.js';
import { dayToIsoDate, isoDateToDay, type Purchase } from './purchases.js';

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, rate) draw (Marsaglia & Tsang; shape < 1 boosted by U^(1/shape)). */
export function gammaDraw(random: Random, shape: number, rate: number): number {
  if (shape < 1) return gammaDraw(random, shape + 1, rate) * (1 - random()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = normal(random);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    if (Math.log(1 - random()) < 0.5 * z * z + d - d * v + d * Math.log(v)) return (d * v) / rate;
  }
}

/** The world a simulated shop's customers come from: Pareto/NBD buying and Gamma-Gamma spend, rates per day. */
export type SimulatedShop = {
  customers: number;
  r: number;
  alpha: number;
  s: number;
  beta: number;
  p: number;
  q: number;
  gamma: number;
  /** First purchases spread evenly over this many days from 2024-01-01. */
  acquisitionDays: number;
  /** Days of history simulated from 2024-01-01. */
  days: number;
  seed: number;
};

/** Default world: CDNOW-like rates (about one repeat purchase in four months while alive, lifetimes of months). */
export const SHOP: SimulatedShop = {
  customers: 3000,
  r: 0.6,
  alpha: 80,
  s: 0.5,
  beta: 60,
  p: 6,
  q: 4,
  gamma: 15,
  acquisitionDays: 90,
  days: 540,
  seed: 17,
};

/** First day of every simulated history. */
export const SIMULATION_START = isoDateToDay('2024-01-01')!;

/**
 * Simulates a shop's purchase history: each customer first buys on a day of the acquisition window, then, while
 * alive (exponential lifetime, rate μ ~ Gamma(s, β)), buys as a Poisson process with rate λ ~ Gamma(r, α); each
 * transaction's value is Gamma(p, ν) with ν ~ Gamma(q, γ). Purchases land on whole days (several may share one).
 */
export function simulateShop(shop: SimulatedShop = SHOP): Purchase[] {
  const random = createRandom(shop.seed);
  const purchases: Purchase[] = [];
  for (let i = 0; i < shop.customers; i++) {
    const customerId = `c${String(i).padStart(5, '0')}`;
    const lambda = gammaDraw(random, shop.r, shop.alpha);
    const mu = gammaDraw(random, shop.s, shop.beta);
    const nu = gammaDraw(random, shop.q, shop.gamma);
    const first = Math.floor(random() * shop.acquisitionDays);
    const death = first - Math.log(1 - random()) / mu;
    const spend = () => Math.round(gammaDraw(random, shop.p, nu) * 100) / 100;
    purchases.push({ customerId, day: SIMULATION_START + first, amount: spend() });
    const wait = () => -Math.log(1 - random()) / lambda;
    const end = Math.min(death, shop.days);
    for (let t = first + wait(); t < end; t += wait()) {
      purchases.push({ customerId, day: SIMULATION_START + Math.floor(t), amount: spend() });
    }
  }
  return purchases;
}

/** Purchases as the `customer_id,date,amount` CSV the ltv command reads. */
export function toTransactionsCsv(purchases: readonly Purchase[]): string {
  return `customer_id,date,amount\n${purchases.map((p) => `${p.customerId},${dayToIsoDate(p.day)},${p.amount}`).join('\n')}\n`;
}
