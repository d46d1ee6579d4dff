import { describe, expect, it } from 'vitest';
import { conversionLift, previousWindow, ruleContext, windowLabel } from './context.js';
import { revenue, USD, WINDOW } from './snapshot.fixture.js';

describe('windows', () => {
  it('labels a window and finds the one before it', () => {
    expect(windowLabel(WINDOW)).toBe('2024-05-01 to 2024-05-30 (30 days)');
    expect(previousWindow(WINDOW)).toEqual({ days: 30, from: '2024-04-01', to: '2024-04-30' });
    expect(previousWindow({ days: 7, from: '2024-03-01', to: '2024-03-07' })).toEqual({
      days: 7,
      from: '2024-02-23',
      to: '2024-02-29',
    });
  });
});

describe('conversionLift', () => {
  it('measures extra conversions against the orders, else tracked conversions', () => {
    // With payments, every order counts (tracked or not): 5 more of 250 orders is 2 % of the revenue.
    const both = ruleContext({
      window: WINDOW,
      funnel: { sessions: 1000, converted: 50, steps: [] },
      revenue,
      currency: USD,
    });
    expect(conversionLift(both, 5)).toMatchObject({
      lift: 0.02,
      sentence:
        'about 5 more conversions over the window (about USD 500 at the average order of USD 100), 2% of the 250 orders',
    });
    const tracked = ruleContext({ window: WINDOW, funnel: { sessions: 1000, converted: 50, steps: [] } });
    expect(conversionLift(tracked, 5)).toMatchObject({
      lift: 0.1,
      sentence: 'about 5 more conversions over the window, 10% of the 50 tracked conversions',
    });
    expect(conversionLift(ruleContext({ window: WINDOW }), 5)).toBeNull();
  });
});
