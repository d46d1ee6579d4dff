import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { pricingSnapshot } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { pricingPageExits } from './pricing.js';

const run = (s: StrategySnapshot) => {
  const out = pricingPageExits(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('pricingPageExits', () => {
  it('flags pricing pages that end visits, with the pricing signals as context (worked example)', () => {
    // Exit rates 45 % against 25 %: gap 0.2. Continuing pricing views convert 110 / 550 = 20 %.
    // Extra = 1,000 × 0.2 × ½ × 0.2 = 20 conversions; lift = 20 / 250 = 0.08.
    // SE = √(.45 × .55 / 1000 + .25 × .75 / 10,000) = 0.01632; confidence = 1 − 1.96 × 0.01632 / 0.2 = 0.84.
    // Competitors' median for Pro plan: 44 against our 49 → 11.4 % above.
    const [rec] = run(pricingSnapshot);
    expect(rec).toMatchObject({
      id: 'pricing_page_exits',
      category: 'pricing',
      expected_revenue_lift: 0.08,
      confidence: 0.84,
      priority: 'high',
    });
    expect(rec!.description).toBe(
      "45% of pricing page views end the visit (450 of 1,000), against 25% on other pages (2,500 of 10,000). For context: customers' mean price sensitivity is 0.66 (of 40 measured); your prices are 11.4% above the median competitor price you entered. Turning half of the excess exits into visits that go on would bring about 20 more conversions over the window (about USD 2,000 at the average order of USD 100), 8% of the 250 orders.",
    );
    // Price-sensitive customers and prices above the competitors choose the steps.
    expect(rec!.action_steps[1]).toMatch(/^Add a value comparison/);
    expect(rec!.action_steps[2]).toMatch(/^Weigh your prices/);
  });

  it('picks other steps without those signals', () => {
    const { competitor_prices: _, price_sensitivity_mean: __, ...rest } = pricingSnapshot.pricing!;
    const [rec] = run({ ...pricingSnapshot, pricing: rest });
    expect(rec!.description).not.toContain('For context');
    expect(rec!.action_steps[1]).toMatch(/^Answer pricing objections/);
    expect(rec!.action_steps[2]).toMatch(/^Test a low-risk first step/);
  });

  it('says when views are too few', () => {
    const pr = pricingSnapshot.pricing!;
    expect(
      pricingPageExits(
        ruleContext({ ...pricingSnapshot, pricing: { ...pr, pricing_page: { views: 150, exits: 90, converted: 5 } } }),
      ),
    ).toEqual({
      reason: 'Pricing pages had 150 views and other pages 10,000; the rule needs 200 of each.',
    });
  });
});
