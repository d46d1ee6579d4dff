import { describe, expect, it } from 'vitest';
import { fitRevenueModel } from './fit.js';
import { proposeScenarios } from './scenarios.js';
import { SYNTHETIC_SHOPS, simulateShopHistory } from './synthetic-history.fixture.js';

describe('proposeScenarios', () => {
  const stationary = SYNTHETIC_SHOPS.find((s) => s.name.startsWith('stationary'))!;
  const history = simulateShopHistory(stationary, 120, 6);
  // The last four weeks convert a fifth worse than before.
  const slump = history.map((d, i) =>
    i >= 92 ? { ...d, orders: Math.round(d.orders * 0.8), revenue: d.revenue * 0.8 } : d,
  );
  const model = fitRevenueModel(slump);

  it('offers to bring conversion back to its best four weeks, with the figures behind it', () => {
    const proposals = proposeScenarios(slump, model);
    const conversion = proposals.find((p) => p.id === 'best-conversion')!;
    expect(conversion.changes.conversionRate).toBeGreaterThan(0.15);
    expect(conversion.changes.conversionRate).toBeLessThan(0.45);
    expect(conversion.changes_applied[0]).toMatch(/^Conversion rate \+\d+(\.\d)? %$/);
    expect(conversion.because).toMatch(/ from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} against .* in the last 4 weeks$/);
  });

  it('offers each scenario only when the best is at least 2 % above the latest', () => {
    for (const p of proposeScenarios(slump, model)) {
      expect(Object.values(p.changes)[0]).toBeGreaterThanOrEqual(0.02);
    }
  });
});
