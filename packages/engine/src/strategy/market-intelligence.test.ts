import { describe, expect, it } from 'vitest';
import { googleCosts, metaCosts, yearly } from './market.fixture.js';
import { marketIntelligence } from './market-intelligence.js';
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

describe('marketIntelligence', () => {
  it('derives market sentiment from auction costs and the coming season (worked example)', () => {
    // Auction: CPC +25 % → −clamp(0.25 / 0.5) = −0.5. Season: June index 1.52 → clamp(0.52 / 0.5) = +1.
    // Sentiment = 100 × (−0.5 + 1) / 2 = 25.
    const mi = marketIntelligence({ ...costs, market: { ...costs.market, revenue_daily: yearly } });
    expect(mi.market_sentiment).toEqual({
      value: 25,
      source:
        'Meta Ads daily CPC, last 30 vs previous 30 days; net revenue per day from your payments, June 2023 against the year around it',
      reason:
        "Mean of ad costs +25% (auction component −0.5) and June's seasonal index 1.52 (season component 1), × 100.",
    });
    expect(marketIntelligence(costs).market_sentiment.value).toBe(-50);
  });

  it('derives the competitor price difference from the prices entered', () => {
    expect(
      marketIntelligence({ window: WINDOW, pricing: { competitor_prices: competitorPrices } }).competitor_price_diff,
    ).toEqual({
      value: -0.021,
      source: 'Competitor prices you entered: 5 prices for 2 products, 2024-03-15 to 2024-05-02',
      reason: "Median over products of your price / the competitors' median price − 1.",
    });
  });

  it('is null with the reason when nothing is known', () => {
    expect(marketIntelligence({ window: WINDOW })).toEqual({
      market_sentiment: {
        value: null,
        source: null,
        reason: 'Unknown: it needs 14 days of ad costs in this window and the previous one, or 365 days of revenue.',
      },
      competitor_price_diff: { value: null, source: null, reason: 'Unknown: no competitor prices entered.' },
    });
    const old = competitorPrices.slice(5);
    expect(
      marketIntelligence({ window: WINDOW, pricing: { competitor_prices: old } }).competitor_price_diff.reason,
    ).toBe('Unknown: every competitor price entered is older than 180 days.');
  });
});
