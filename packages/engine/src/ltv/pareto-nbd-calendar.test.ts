import { describe, expect, it } from 'vitest';
import { createRandom } from '../model/prng.js';
import { logGamma } from '../stats/incomplete-gamma.js';
import { gammaDraw, SIMULATION_START } from './ltv-simulation.fixture.js';
import { paretoNbdExpectedPurchases, paretoNbdLogLikelihood, paretoNbdProbabilityAlive } from './pareto-nbd.js';
import {
  type CalendarCustomer,
  fitParetoNbdCalendar,
  monthIndexOfDay,
  monthLabel,
  type ParetoNbdCalendarParams,
  paretoNbdCalendarExpectedPurchases,
  paretoNbdCalendarLogLikelihood,
  paretoNbdCalendarProbabilityAlive,
  prepareCalendarData,
  summarizeCalendarCustomers,
} from './pareto-nbd-calendar.js';
import { isoDateToDay, type Purchase, summarizeHoldout } from './purchases.js';

/** Calendar world of the simulations: Pareto/NBD rates per day, raw month effects for 2024-01 … 2024-09. */
const WORLD = { r: 0.6, alpha: 80, s: 0.5, beta: 60 };
const EFFECTS = [0.3, 0.2, 0.0, -0.1, -0.25, 0.15, 0.05, -0.3, -0.2];
const CALIBRATION_END = isoDateToDay('2024-09-30')!;
const HOLDOUT = 273;

/**
 * Simulates `customers` first buying on a day of the first 90 of 2024, then (while alive, lifetime rate μ ~ Gamma(s,
 * β)) buying at rate λ·e^{γ(month)}·(1 + c·e^{−age/τ}), λ ~ Gamma(r, α), by thinning. Months after the calibration get
 * the exposure-weighted mean of the calibration months' effects, the model's rule for unseen months; the effects
 * returned are centred on it, as the fit reports them.
 */
function simulateCalendar(customers: number, seed: number, honeymoon = { c: 0, tau: 1 }) {
  const random = createRandom(seed);
  const firstDays = Array.from({ length: customers }, () => SIMULATION_START + Math.floor(random() * 90));
  // Exposure of each calibration month: customer-days (first day, calibration end] falling in it.
  const exposure = EFFECTS.map(() => 0);
  for (const f of firstDays) {
    for (let d = f + 1; d <= CALIBRATION_END; d++) exposure[monthIndexOfDay(d) - monthIndexOfDay(SIMULATION_START)]!++;
  }
  const centre = EFFECTS.reduce((s, g, i) => s + g * exposure[i]!, 0) / exposure.reduce((s, w) => s + w, 0);
  const effectOfDay = (day: number) => EFFECTS[monthIndexOfDay(day) - monthIndexOfDay(SIMULATION_START)] ?? centre;
  const ceiling = Math.exp(Math.max(...EFFECTS)) * (1 + Math.max(honeymoon.c, 0));
  const purchases: Purchase[] = [];
  firstDays.forEach((first, i) => {
    const customerId = `c${i}`;
    const lambda = gammaDraw(random, WORLD.r, WORLD.alpha);
    const mu = gammaDraw(random, WORLD.s, WORLD.beta);
    const death = -Math.log(1 - random()) / mu;
    purchases.push({ customerId, day: first, amount: 1 });
    const end = Math.min(death, CALIBRATION_END + HOLDOUT - first + 1);
    for (
      let t = -Math.log(1 - random()) / (lambda * ceiling);
      t < end;
      t += -Math.log(1 - random()) / (lambda * ceiling)
    ) {
      // Time t lies in day first + ceil(t) (day d covers (d−1, d]).
      const day = first + Math.ceil(t);
      const rate = Math.exp(effectOfDay(day)) * (1 + honeymoon.c * Math.exp(-t / honeymoon.tau));
      if (random() * ceiling < rate) purchases.push({ customerId, day, amount: 1 });
    }
  });
  const monthEffects: Record<string, number> = {};
  EFFECTS.forEach((g, i) => {
    monthEffects[monthLabel(monthIndexOfDay(SIMULATION_START) + i)] = g - centre;
  });
  // λ·e^{γ} = (λ e^{centre}) e^{γ − centre}: the centred world's α is α e^{−centre}.
  return { purchases, monthEffects, alpha: WORLD.alpha * Math.exp(-centre) };
}

/** ∫₀^∞ f(λ) Gamma(λ; shape, rate) dλ by the trapezoid rule in ln λ. */
function gammaExpectation(f: (v: number) => number, shape: number, rate: number): number {
  const h = 0.04;
  const head = shape * Math.log(rate) - logGamma(shape);
  let sum = 0;
  for (let v = -22; v <= 4; v += h) {
    const x = Math.exp(v);
    sum += Math.exp(head + shape * v - rate * x) * f(x);
  }
  return sum * h;
}

describe('Pareto/NBD with calendar-month effects: likelihood', () => {
  const customers = summarizeCalendarCustomers(simulateCalendar(400, 3).purchases, CALIBRATION_END);
  const data = prepareCalendarData(customers);

  it('is the Pareto/NBD likelihood when every month effect is 0 and there is no honeymoon', () => {
    const params = { r: 0.7, alpha: 60, s: 0.8, beta: 90 };
    const calendar: ParetoNbdCalendarParams = { ...params, monthEffects: {}, honeymoon: 0, honeymoonDays: 1 };
    const expected = paretoNbdLogLikelihood(params, customers);
    expect(paretoNbdCalendarLogLikelihood(calendar, data)).toBeCloseTo(expected, 6);
    for (const c of customers.slice(0, 50)) {
      expect(paretoNbdCalendarProbabilityAlive(calendar, c)).toBeCloseTo(paretoNbdProbabilityAlive(params, c), 8);
      expect(paretoNbdCalendarExpectedPurchases(calendar, c, 200)).toBeCloseTo(
        paretoNbdExpectedPurchases(params, c, 200),
        8,
      );
    }
  });

  const BRUTE_PARAMS: ParetoNbdCalendarParams = {
    r: 1.3,
    alpha: 40,
    s: 0.9,
    beta: 70,
    monthEffects: { '2024-01': 0.4, '2024-02': -0.3, '2024-03': 0.2, '2024-04': -0.5, '2024-05': 0.1 },
    honeymoon: 0.8,
    honeymoonDays: 20,
  };

  /**
   * The likelihood from the model's definition for one customer (first purchase 2024-01-20, repeats after 5, 31 and
   * 60 days, observed to 2024-05-31): purchase rate λ·e^{γ}·h(age), death rate μ·e^{δ}·(1 + d·e^{−age/τ_d}); the
   * cumulative rates on a fine grid, λ and μ integrated over their Gamma distributions, the death time by the
   * midpoint rule.
   */
  function bruteForce(params: ParetoNbdCalendarParams) {
    const firstDay = isoDateToDay('2024-01-20')!;
    const end = isoDateToDay('2024-05-31')!;
    const repeatDays = [firstDay + 5, firstDay + 31, firstDay + 60];
    const customer: CalendarCustomer = {
      customerId: 'a',
      frequency: 3,
      recency: 60,
      age: end - firstDay,
      firstDay,
      repeatDays,
    };
    const monthOf = (t: number) => monthLabel(monthIndexOfDay(firstDay + Math.ceil(t)));
    const factor = (t: number) =>
      Math.exp(params.monthEffects[monthOf(t)] ?? 0) * (1 + params.honeymoon * Math.exp(-t / params.honeymoonDays));
    const deathFactor = (t: number) =>
      Math.exp(params.lifetimeEffects?.[monthOf(t)] ?? 0) *
      (1 + (params.earlyDeath ?? 0) * Math.exp(-t / (params.earlyDeathDays ?? 1)));
    // B(t) and D(t) on a fine grid (midpoint rule, 100 steps a day).
    const steps = 100;
    const gridB = new Float64Array(customer.age * steps + 1);
    const gridD = new Float64Array(customer.age * steps + 1);
    for (let i = 1; i < gridB.length; i++) {
      gridB[i] = gridB[i - 1]! + factor((i - 0.5) / steps) / steps;
      gridD[i] = gridD[i - 1]! + deathFactor((i - 0.5) / steps) / steps;
    }
    const B = (t: number) => gridB[Math.round(t * steps)]!;
    const D = (t: number) => gridD[Math.round(t * steps)]!;
    const purchasesTerm = repeatDays.reduce((p, d) => p * factor(d - firstDay), 1);
    const { recency, age } = customer;
    const n = 4 * (age - recency);
    const taus = Array.from({ length: n }, (_, i) => recency + ((i + 0.5) * (age - recency)) / n);
    const deathAt = taus.map(deathFactor);
    const dAt = taus.map(D);
    const bAt = taus.map(B);
    const brute = gammaExpectation(
      (lambda) =>
        gammaExpectation(
          (mu) => {
            let death = 0;
            for (let i = 0; i < n; i++) death += mu * deathAt[i]! * Math.exp(-mu * dAt[i]! - lambda * bAt[i]!);
            death *= (age - recency) / n;
            return lambda ** 3 * purchasesTerm * (Math.exp(-lambda * B(age) - mu * D(age)) + death);
          },
          params.s,
          params.beta,
        ),
      params.r,
      params.alpha,
    );
    return { customer, brute };
  }

  it('matches a brute-force integration over λ, μ and the death time for one customer', () => {
    const { customer, brute } = bruteForce(BRUTE_PARAMS);
    const exact = paretoNbdCalendarLogLikelihood(BRUTE_PARAMS, prepareCalendarData([customer]));
    expect(exact - Math.log(brute)).toBeCloseTo(0, 3);
  }, 20_000);

  it('matches it too with month effects and an early-death factor on the death rate', () => {
    const params: ParetoNbdCalendarParams = {
      ...BRUTE_PARAMS,
      lifetimeEffects: { '2024-02': 0.5, '2024-03': -0.4, '2024-04': 0.3, '2024-05': -0.2 },
      earlyDeath: -0.7,
      earlyDeathDays: 25,
    };
    const { customer, brute } = bruteForce(params);
    const exact = paretoNbdCalendarLogLikelihood(params, prepareCalendarData([customer]));
    expect(exact - Math.log(brute)).toBeCloseTo(0, 3);
  }, 20_000);
});

describe('Pareto/NBD with calendar-month effects: fit and forecast on a simulated history', () => {
  it('recovers the month effects and forecasts the holdout total within a few percent', () => {
    const world = simulateCalendar(8000, 11);
    const customers = summarizeCalendarCustomers(world.purchases, CALIBRATION_END);
    const fit = fitParetoNbdCalendar(prepareCalendarData(customers));
    expect(fit.converged).toBe(true);
    for (const [month, g] of Object.entries(world.monthEffects)) {
      // January has little exposure (customers arrive through March): a wider margin.
      expect(Math.abs(fit.params.monthEffects[month]! - g)).toBeLessThan(month === '2024-01' ? 0.25 : 0.1);
    }
    expect(fit.params.r / fit.params.alpha / (WORLD.r / world.alpha)).toBeGreaterThan(0.85);
    expect(fit.params.r / fit.params.alpha / (WORLD.r / world.alpha)).toBeLessThan(1.15);
    const holdout = summarizeHoldout(world.purchases, CALIBRATION_END, HOLDOUT);
    let actual = 0;
    for (const h of holdout.values()) actual += h.transactions;
    const predicted = customers.reduce((s, c) => s + paretoNbdCalendarExpectedPurchases(fit.params, c, HOLDOUT), 0);
    expect(Math.abs(predicted / actual - 1)).toBeLessThan(0.05);
  }, 30_000);

  it('recovers a honeymoon next to the month effects', () => {
    const world = simulateCalendar(8000, 5, { c: 1, tau: 30 });
    const customers = summarizeCalendarCustomers(world.purchases, CALIBRATION_END);
    const data = prepareCalendarData(customers);
    // Started at the truth without a honeymoon, to keep the test short.
    const months = fitParetoNbdCalendar(data, {
      start: { ...WORLD, alpha: world.alpha, monthEffects: world.monthEffects, honeymoon: 0, honeymoonDays: 1 },
    });
    const fit = fitParetoNbdCalendar(data, {
      honeymoon: true,
      start: { ...months.params, honeymoon: 0.5, honeymoonDays: 30 },
    });
    expect(fit.bic).toBeLessThan(months.bic);
    expect(fit.params.honeymoon).toBeGreaterThan(0.5);
    expect(fit.params.honeymoon).toBeLessThan(2);
    expect(fit.params.honeymoonDays).toBeGreaterThan(12);
    expect(fit.params.honeymoonDays).toBeLessThan(70);
    const holdout = summarizeHoldout(world.purchases, CALIBRATION_END, HOLDOUT);
    let actual = 0;
    for (const h of holdout.values()) actual += h.transactions;
    const predicted = customers.reduce((s, c) => s + paretoNbdCalendarExpectedPurchases(fit.params, c, HOLDOUT), 0);
    expect(Math.abs(predicted / actual - 1)).toBeLessThan(0.05);
  }, 40_000);
});
