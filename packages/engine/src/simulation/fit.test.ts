import { describe, expect, it } from 'vitest';
import { fitRevenueModel } from './fit.js';
import { SimulationHistoryError } from './history.js';
import { SYNTHETIC_SHOPS, simulateShopHistory } from './synthetic-history.fixture.js';

const shop = (name: string) => SYNTHETIC_SHOPS.find((s) => s.name.startsWith(name))!;

describe('fitRevenueModel', () => {
  it('fits traffic, conversion and order value when the history has sessions', () => {
    const seasonal = shop('weekly seasonal');
    const history = simulateShopHistory(seasonal, 200, 1);
    const model = fitRevenueModel(history);
    expect(model.basis).toBe('sessions');
    expect(model.from).toBe(history[200 - 182]!.date);
    expect(model.to).toBe(history[199]!.date);
    expect(model.conversion).not.toBeNull();
    const rate = Math.exp(model.conversion!.state.mean[0] + model.conversion!.state.mean[2]);
    expect(rate / seasonal.conversion!.rate).toBeGreaterThan(0.85);
    expect(rate / seasonal.conversion!.rate).toBeLessThan(1.15);
    // The shop's Sunday dip (0.7 of the mean) is found.
    expect(model.weekdayFactors[0]).toBeLessThan(0.8);
    expect(model.recent.sessions).toBe(history.slice(-28).reduce((s, d) => s + d.sessions!, 0));
  });

  it('models orders directly without sessions, and says so', () => {
    const model = fitRevenueModel(simulateShopHistory(shop('decaying'), 120, 2));
    expect(model.basis).toBe('orders');
    expect(model.conversion).toBeNull();
    expect(model.notes[0]).toMatch(/No session data/);
  });

  it('refuses a history that is too short, with a typed reason', () => {
    const history = simulateShopHistory(shop('stationary'), 20, 3);
    expect(() => fitRevenueModel(history)).toThrow(SimulationHistoryError);
    expect(() => fitRevenueModel(history)).toThrow(/spans 20 day\(s\); a simulation needs at least 28/);
  });

  it('refuses a history with too few orders', () => {
    const quiet = simulateShopHistory(shop('small shop'), 40, 4).map((d, i) => ({
      ...d,
      orders: i % 4 === 0 ? 1 : 0,
      revenue: i % 4 === 0 ? 30 : 0,
    }));
    try {
      fitRevenueModel(quiet);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SimulationHistoryError);
      expect((error as SimulationHistoryError).reason).toBe('too-few-orders');
    }
  });
});
