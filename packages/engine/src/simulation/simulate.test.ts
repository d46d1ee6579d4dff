import { describe, expect, it } from 'vitest';
import { backtestRevenue } from './backtest.js';
import { fitRevenueModel } from './fit.js';
import { describeChanges, simulateRevenue } from './simulate.js';
import { SYNTHETIC_SHOPS, type SyntheticShop, simulateShopHistory } from './synthetic-history.fixture.js';

/** Orders only: log level a random walk of 1 % a day, NegBin(size 20) days, Gamma(1.5) order values of mean 40. */
const KNOWN: SyntheticShop = {
  name: 'known variance',
  traffic: 60,
  trend: 0,
  levelSd: 0.01,
  size: 20,
  weekday: null,
  conversion: null,
  orderValue: { mean: 40, shape: 1.5, levelSd: 0 },
};

describe('simulateRevenue on synthetic histories with known variance', () => {
  it('puts the actual 30-day revenue inside the 80 % interval about 80 % of the time', () => {
    // 100 independent shops (fixed seeds), each fitted on 90 days and forecast for the next 30: 83 % covered;
    // the next 100 seeds give 76 %, all 200 together 79.5 %.
    const results = Array.from({ length: 100 }, (_, i) => {
      const days = simulateShopHistory(KNOWN, 120, 5000 + i);
      return backtestRevenue(days, { origins: [days[89]!.date], draws: 500, seed: i })[0]!;
    });
    const coverage = results.filter((r) => r.covered).length / results.length;
    expect(coverage).toBeGreaterThanOrEqual(0.75);
    expect(coverage).toBeLessThanOrEqual(0.85);
    // Misses fall on both sides: the median is not biased.
    expect(results.filter((r) => r.actual < r.low).length).toBeGreaterThan(0);
    expect(results.filter((r) => r.actual > r.high).length).toBeGreaterThan(0);
  }, 120_000);

  it('widens the interval, on average, for a shorter history', () => {
    const width = (history: ReturnType<typeof simulateShopHistory>) => {
      const { current } = simulateRevenue(fitRevenueModel(history), {}, { draws: 500 });
      return (current.interval.high - current.interval.low) / current.monthly_revenue;
    };
    let short = 0;
    let long = 0;
    for (let seed = 0; seed < 6; seed++) {
      const days = simulateShopHistory(KNOWN, 180, 100 + seed);
      short += width(days.slice(-35));
      long += width(days);
    }
    expect(short).toBeGreaterThan(long);
  }, 60_000);
});

describe('scenarios', () => {
  const shop = SYNTHETIC_SHOPS.find((s) => s.conversion !== null)!;
  const model = fitRevenueModel(simulateShopHistory(shop, 120, 3));

  it('raises the median projected revenue by about 10 % for conversion rate +10 %', () => {
    const result = simulateRevenue(model, { conversionRate: 0.1 }, { seed: 5 });
    expect(result.basis).toBe('sessions');
    expect(result.projected.monthly_revenue / result.current.monthly_revenue - 1).toBeCloseTo(0.1, 1);
    expect(result.lift.median).toBeGreaterThan(0.08);
    expect(result.lift.median).toBeLessThan(0.12);
    expect(result.projected.conversion_rate! / result.current.conversion_rate!).toBeCloseTo(1.1, 1);
    expect(result.projected.traffic! / result.current.traffic!).toBeCloseTo(1, 1);
    expect(result.changes_applied).toEqual(['Conversion rate +10 %']);
  });

  it('reports current and projected figures with 80 % intervals around their medians', () => {
    const result = simulateRevenue(model, { traffic: 0.2, orderValue: 0.05 }, { seed: 5 });
    for (const figures of [result.current, result.projected]) {
      expect(figures.interval.low).toBeLessThan(figures.monthly_revenue);
      expect(figures.interval.high).toBeGreaterThan(figures.monthly_revenue);
      expect(figures.conversion_rate).toBeGreaterThan(0);
      expect(figures.conversion_rate).toBeLessThan(100);
    }
    expect(result.projected.traffic! / result.current.traffic!).toBeCloseTo(1.2, 1);
    expect(result.projected.average_order_value / result.current.average_order_value).toBeCloseTo(1.05, 1);
    expect(result.lift.median).toBeCloseTo(1.2 * 1.05 - 1, 1);
  });

  it('applies traffic and conversion changes to orders when there are no sessions, and says so', () => {
    const noSessions = fitRevenueModel(simulateShopHistory(KNOWN, 90, 11));
    const result = simulateRevenue(noSessions, { conversionRate: 0.1 }, { seed: 2 });
    expect(result.basis).toBe('orders');
    expect(result.current.conversion_rate).toBeNull();
    expect(result.current.traffic).toBeNull();
    expect(result.lift.median).toBeCloseTo(0.1, 1);
    expect(result.changes_applied[0]).toMatch(/applied to orders: no session data/);
    expect(result.notes.join(' ')).toMatch(/No session data/);
  });

  it('gives the same result for the same seed and another for another seed', () => {
    const a = simulateRevenue(model, { traffic: 0.2 }, { seed: 9, draws: 300 });
    expect(simulateRevenue(model, { traffic: 0.2 }, { seed: 9, draws: 300 })).toEqual(a);
    expect(simulateRevenue(model, { traffic: 0.2 }, { seed: 10, draws: 300 }).current.monthly_revenue).not.toBe(
      a.current.monthly_revenue,
    );
  });

  it('rejects a change of −100 % or below', () => {
    expect(() => simulateRevenue(model, { orderValue: -1 })).toThrow(/scenario.orderValue/);
  });

  it('describes changes in words', () => {
    expect(describeChanges({ traffic: 0.2, orderValue: -0.05 }, 'sessions')).toEqual([
      'Traffic +20 %',
      'Order value −5 %',
    ]);
    expect(describeChanges({}, 'orders')).toEqual([]);
  });
});
