import { describe, expect, it } from 'vitest';
import { googleCosts, metaCosts, weekly, yearly } from './market.fixture.js';
import { marketInsights } from './market.js';
import { checkRewrite } from './rewrite-check.js';
import { competitorPrices, USD, WINDOW } from './snapshot.fixture.js';
import type { StrategySnapshot } from './types.js';

const costs: StrategySnapshot = {
  window: WINDOW,
  currency: USD,
  market: {
    ad_costs: [
      { platform: 'meta', days: metaCosts },
      { platform: 'google', days: googleCosts },
    ],
  },
};

describe('marketInsights', () => {
  it('reads a rise in auction costs as a threat, naming its source', () => {
    const { insights, skipped } = marketInsights(costs);
    expect(insights).toEqual([
      expect.objectContaining({
        id: 'ad_cost_trend:meta',
        type: 'threat',
        title: 'Meta Ads cost per click up 25%',
        description:
          'The mean daily cost per click on Meta Ads was USD 1.25 over the window, against USD 1 in the window before (+25%, over 30 and 30 days with costs). What you pay mixes the auction’s price with your own targeting and bids.'.replace(
            '’',
            "'",
          ),
        urgency: 'immediate',
        impact: 'high',
        data_source: 'Meta Ads daily CPC, last 30 vs previous 30 days',
        category: 'acquisition',
      }),
    ]);
    expect(skipped).toContainEqual({
      rule: 'ad_cost_trend',
      reason: 'Google Ads has costs on 10 days of the window and 0 of the previous one; each needs 14.',
    });
    expect(skipped).toContainEqual({ rule: 'seasonality', reason: 'No daily revenue: connect Stripe.' });
    expect(skipped).toContainEqual({ rule: 'competitor_prices', reason: 'No competitor prices entered.' });
  });

  it('reads falling costs as an opportunity', () => {
    const falling = metaCosts.map((d) => ({ ...d, cpc: d.date >= '2024-05-01' ? (d.cpc as number) - 45 : d.cpc }));
    const [insight] = marketInsights({
      ...costs,
      market: { ad_costs: [{ platform: 'meta', days: falling }] },
    }).insights;
    // 80 / 100 − 1 = −20 %.
    expect(insight).toMatchObject({
      type: 'opportunity',
      title: 'Meta Ads cost per click down 20%',
      urgency: 'short_term',
    });
  });

  it('finds the weekday pattern, the coming season and the competitors, each naming its data', () => {
    const s: StrategySnapshot = {
      window: WINDOW,
      currency: USD,
      market: { revenue_daily: weekly },
      pricing: { competitor_prices: competitorPrices, price_sensitivity_mean: 0.7, price_sensitivity_n: 50 },
    };
    const { insights } = marketInsights(s);
    expect(insights.map((i) => [i.id, i.type, i.urgency, i.impact])).toEqual([
      ['weekday_pattern', 'trend', 'long_term', 'medium'],
      ['competitor_price:pro_plan:usd', 'competitive', 'short_term', 'high'],
      ['competitor_price:starter:usd', 'competitive', 'long_term', 'medium'],
    ]);
    expect(insights[0]).toMatchObject({
      title: 'Saturdays bring 75% more revenue than the average day',
      data_source: 'Net revenue per day from your payments, 2024-03-08 to 2024-05-30 (84 days)',
    });
    expect(insights[1]).toMatchObject({
      title: "Pro plan: 11.4% above the competitors' median",
      description:
        'You charge USD 49 for Pro plan; the median of the 3 competitor prices you entered is USD 44. Your customers are price-sensitive, so the gap is likely to cost sales.',
      data_source: 'Competitor prices you entered for Pro plan (3 competitors, 2024-03-15 to 2024-05-02)',
    });
    const season = marketInsights({ window: WINDOW, currency: USD, market: { revenue_daily: yearly } }).insights;
    expect(season.map((i) => [i.id, i.type, i.title])).toEqual([
      ['season_next_month:june', 'opportunity', 'June is a strong month for you'],
    ]);
    expect(season[0]!.description).toBe(
      'In 2023, June brought 52.5% more revenue per day than the year around it. That is one season: a hint, not yet a pattern.',
    );
    for (const i of [...insights, ...season, ...marketInsights(costs).insights]) {
      expect(i.data_source.length).toBeGreaterThan(10);
      expect(i.action_plans).toHaveLength(i.recommended_actions.length);
      const text = { title: i.title, description: i.description, action_steps: i.recommended_actions };
      const blank = { title: '', description: '', action_steps: i.recommended_actions.map(() => '') };
      expect(checkRewrite(blank, text, i.evidence).rejected_numbers, i.id).toEqual([]);
    }
  });
});
