import { describe, expect, it } from 'vitest';
import { forecastAccuracy } from './evaluation.js';
import { fitLtv, forecastCustomer, forecastLtv, InsufficientHistoryError, isShortHistory } from './forecast.js';
import { SHOP, SIMULATION_START, simulateShop } from './ltv-simulation.fixture.js';
import { fitParetoNbd, PARETO_NBD_MAX_S } from './pareto-nbd.js';
import { summarizeCustomers, summarizeHoldout } from './purchases.js';

const purchases = simulateShop();
const calibrationEnd = SIMULATION_START + 269;
const horizonDays = 270;

describe('forecastLtv on a simulated shop whose answer is known', () => {
  const { fit, forecasts } = forecastLtv(purchases, { calibrationEnd, horizonDays, model: 'pareto-nbd' });
  const holdout = summarizeHoldout(purchases, calibrationEnd, horizonDays);

  it('recovers the rates the shop was simulated with', () => {
    expect(fit.purchases.model).toBe('pareto-nbd');
    const p = fit.purchases.fit.params as { r: number; alpha: number; s: number; beta: number };
    // The mean purchase rate r/α and mean death rate s/β are what the data pin down best.
    expect(p.r / p.alpha).toBeGreaterThan(0.8 * (SHOP.r / SHOP.alpha));
    expect(p.r / p.alpha).toBeLessThan(1.25 * (SHOP.r / SHOP.alpha));
    expect(p.s / p.beta).toBeGreaterThan(0.6 * (SHOP.s / SHOP.beta));
    expect(p.s / p.beta).toBeLessThan(1.6 * (SHOP.s / SHOP.beta));
    const { p: shape, q, gamma } = fit.spend.params;
    expect((shape * gamma) / (q - 1)).toBeGreaterThan(0.85 * ((SHOP.p * SHOP.gamma) / (SHOP.q - 1)));
    expect((shape * gamma) / (q - 1)).toBeLessThan(1.15 * ((SHOP.p * SHOP.gamma) / (SHOP.q - 1)));
  });

  it('forecasts the holdout’s purchases and spend in total and ranks customers by them', () => {
    expect(forecasts).toHaveLength(SHOP.customers);
    const purchasesAccuracy = forecastAccuracy(
      forecasts.map((f) => f.expectedPurchases),
      forecasts.map((f) => holdout.get(f.customerId)?.transactions ?? 0),
    );
    expect(Math.abs(purchasesAccuracy.percentError!)).toBeLessThan(10);
    expect(purchasesAccuracy.correlation!).toBeGreaterThan(0.5);
    const valueAccuracy = forecastAccuracy(
      forecasts.map((f) => f.expectedValue),
      forecasts.map((f) => holdout.get(f.customerId)?.spend ?? 0),
    );
    expect(Math.abs(valueAccuracy.percentError!)).toBeLessThan(15);
    for (const f of forecasts) {
      expect(f.pAlive).toBeGreaterThanOrEqual(0);
      expect(f.pAlive).toBeLessThanOrEqual(1);
      expect(f.expectedPurchases).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives the baseline BG/NBD the same inputs', () => {
    const customers = summarizeCustomers(purchases, calibrationEnd);
    const baseline = fitLtv(customers, 'bg-nbd');
    const total = customers.reduce((s, c) => s + forecastCustomer(baseline, c, horizonDays).expectedPurchases, 0);
    const actual = [...summarizeHoldout(purchases, calibrationEnd, horizonDays).values()].reduce(
      (s, h) => s + h.transactions,
      0,
    );
    expect(Math.abs(total / actual - 1)).toBeLessThan(0.15);
  });
});

describe('short histories', () => {
  it('flags a horizon over three times the median customer’s history', () => {
    const { fit } = forecastLtv(purchases, { calibrationEnd, horizonDays });
    // First purchases spread over 90 days: the median customer has about 225 days of history.
    expect(fit.medianAgeDays).toBeGreaterThan(200);
    expect(fit.medianAgeDays).toBeLessThan(250);
    expect(isShortHistory(fit, horizonDays)).toBe(false);
    expect(isShortHistory(fit, 3 * fit.medianAgeDays + 1)).toBe(true);
  });

  it('fits a shop where everybody dies at one rate, stopping at the cap on s', () => {
    const oneRate = simulateShop({ ...SHOP, customers: 1500, s: 5000, beta: 5000 / 0.008, seed: 3 });
    const customers = summarizeCustomers(oneRate, SIMULATION_START + 120);
    const { params, converged } = fitParetoNbd(customers);
    expect(converged).toBe(true);
    expect(params.s).toBeGreaterThan(PARETO_NBD_MAX_S / 2);
    expect(params.s).toBeLessThanOrEqual(PARETO_NBD_MAX_S);
    // The one death rate, s/β, is what the data identify.
    expect(params.s / params.beta).toBeGreaterThan(0.004);
    expect(params.s / params.beta).toBeLessThan(0.016);
  });
});

describe('forecastLtv refuses to guess', () => {
  it('when nobody came back', () => {
    const once = [
      { customerId: 'a', day: 10, amount: 5 },
      { customerId: 'b', day: 12, amount: 7 },
    ];
    expect(() => forecastLtv(once, { calibrationEnd: 20, horizonDays: 30 })).toThrow(InsufficientHistoryError);
    expect(() => forecastLtv(once, { calibrationEnd: 20, horizonDays: 30 })).toThrow(
      /no customer has a repeat purchase/,
    );
  });

  it('when nobody had bought by the calibration end', () => {
    expect(() =>
      forecastLtv([{ customerId: 'a', day: 50, amount: 5 }], { calibrationEnd: 20, horizonDays: 30 }),
    ).toThrow(/no purchase on or before the calibration end/);
  });
});
