import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { churnSnapshot } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { highValueChurnRisk } from './churn.js';

const run = (s: StrategySnapshot) => {
  const out = highValueChurnRisk(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('highValueChurnRisk', () => {
  it('puts a value on keeping high-value customers at risk (worked example)', () => {
    // USD 36,500 last year × (0.8 − 0.3) × ½ = USD 9,125 a year; × 30 / 365 = USD 750 over the window;
    // lift = 750 / 25,000 = 0.03. Confidence: excess losses 12 × 0.5 = 6, SE √(12 × 0.8 × 0.2) = 1.386:
    // 1 − 1.96 × 1.386 / 6 = 0.55. 0.03 × 0.55 = 0.0165 → medium.
    const [rec] = run(churnSnapshot);
    expect(rec).toMatchObject({
      id: 'high_value_churn_risk',
      category: 'retention',
      expected_revenue_lift: 0.03,
      confidence: 0.55,
      priority: 'medium',
      affected_segments: ['high_value_at_risk'],
    });
    expect(rec!.description).toBe(
      '12 customers in the top quarter by lifetime value (USD 1,500 or more) have a churn risk of 0.7 or more: 0.8 on average, against 0.3 across the 200 customers with a known risk. They paid USD 36,500 over the last year. Bringing their risk halfway back to the average would keep about USD 750 over the window, 3% of its USD 25,000 net revenue.',
    );
  });

  it('is more confident about more customers', () => {
    const more = (count: number): StrategySnapshot => ({
      ...churnSnapshot,
      customers: {
        ...churnSnapshot.customers!,
        high_value_at_risk: { ...churnSnapshot.customers!.high_value_at_risk!, count },
      },
    });
    const c = [5, 12, 48, 200].map((n) => run(more(n))[0]!.confidence);
    expect(c).toEqual([...c].sort((a, b) => a - b));
    expect(c[0]).toBeLessThan(c[3]!);
  });

  it('says what is missing', () => {
    const w = churnSnapshot.window;
    const cs = churnSnapshot.customers!;
    expect(highValueChurnRisk(ruleContext({ window: w }))).toEqual({
      reason: 'No customer data: connect Stripe or GoHighLevel.',
    });
    expect(
      highValueChurnRisk(ruleContext({ ...churnSnapshot, customers: { ...cs, with_lifetime_value: 12 } })),
    ).toEqual({
      reason: '12 customers have a lifetime value; the top quarter needs 20.',
    });
    expect(highValueChurnRisk(ruleContext({ ...churnSnapshot, revenue: null }))).toEqual({
      reason: 'No net revenue in the window to measure a lift against.',
    });
    const four = { ...cs, high_value_at_risk: { ...cs.high_value_at_risk!, count: 4 } };
    expect(run({ ...churnSnapshot, customers: four })).toEqual([]);
  });
});
