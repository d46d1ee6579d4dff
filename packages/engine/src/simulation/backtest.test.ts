import { describe, expect, it } from 'vitest';
import { backtestRevenue } from './backtest.js';
import { SYNTHETIC_SHOPS, simulateShopHistory } from './synthetic-history.fixture.js';

describe('backtestRevenue', () => {
  it('forecasts the 30 days after each origin from the history up to it', () => {
    const history = simulateShopHistory(SYNTHETIC_SHOPS[0]!, 120, 12);
    const origins = [history[59]!.date, history[89]!.date];
    const rows = backtestRevenue(history, { origins, draws: 300 });
    expect(rows.map((r) => r.origin)).toEqual(origins);
    expect(rows[1]!.actual).toBeCloseTo(
      history.slice(90, 120).reduce((s, d) => s + d.revenue, 0),
      6,
    );
    for (const r of rows) {
      expect(r.low).toBeLessThan(r.median);
      expect(r.high).toBeGreaterThan(r.median);
      expect(r.covered).toBe(r.actual >= r.low && r.actual <= r.high);
    }
  });
});
