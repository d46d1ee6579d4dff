import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChannelFigures, channelInsights, conversionTrend } from './channel-insights.js';

const usd = (minor: number) => `USD ${(minor / 100).toFixed(2)}`;
const s = (r: number) => r / (1 + r);

const facebook: ChannelFigures = {
  key: 'facebook',
  label: 'Facebook',
  spend: 100_000,
  conversions: 40,
  revenue: 400_000,
  sessions: 800,
  previous: { spend: 90_000, conversions: 30, revenue: 300_000, sessions: 700 },
};
const google: ChannelFigures = {
  key: 'google',
  label: 'Google Ads',
  spend: 300_000,
  conversions: 30,
  revenue: 450_000,
  sessions: 1200,
  previous: { spend: 300_000, conversions: 35, revenue: 500_000, sessions: 1300 },
};
const organic: ChannelFigures = {
  key: 'organic_search',
  label: 'Organic search',
  spend: null,
  conversions: 20,
  revenue: 200_000,
  sessions: 1000,
  previous: { spend: null, conversions: 20, revenue: 180_000, sessions: 900 },
};

describe('channelInsights', () => {
  it('works through the opportunity formula for paid and unpaid channels', () => {
    const [fb, g, org] = channelInsights([facebook, google, organic], usd);
    // Blended ROAS 8,500 / 4,000 = 2.125; blended conversion rate 90 / 3,000 = 3%.
    expect(fb!.avg_roas).toBe(4);
    expect(fb!.opportunity_score).toBeCloseTo(0.5 * s(4 / 2.125) + 0.25 * s(41 / 31) + 0.25 * 0.75, 12);
    expect(g!.avg_roas).toBe(1.5);
    expect(g!.opportunity_score).toBeCloseTo(0.5 * s(1.5 / 2.125) + 0.25 * s(31 / 36) + 0.25 * 0.25, 12);
    expect(org!.avg_roas).toBeNull();
    expect(org!.opportunity_score).toBeCloseTo(0.5 * s(2 / 3) + 0.25 * 0.5 + 0.25 * (2 / 3), 12);
    expect(fb!.opportunity_score!).toBeGreaterThan(org!.opportunity_score!);
    expect(org!.opportunity_score!).toBeGreaterThan(g!.opportunity_score!);
  });

  it('gives trends and recommendations that cite each channel’s numbers', () => {
    const [fb, g, org] = channelInsights([facebook, google, organic], usd);
    expect(fb).toMatchObject({ trend: 'up', reason: null });
    expect(fb!.trend_pct).toBeCloseTo(100 / 3, 12);
    expect(fb!.recommendation).toBe(
      'Facebook returns 4.00× on USD 1000.00 spend (USD 4000.00 revenue) against 2.13× across paid channels; conversions up 33.3% (40 vs 30). Move budget toward it.',
    );
    expect(g).toMatchObject({ trend: 'down' });
    expect(g!.recommendation).toBe(
      'Google Ads returns 1.50× on USD 3000.00 spend (USD 4500.00 revenue), under the 2.13× of all paid channels; conversions down 14.3% (30 vs 35). Move budget to the stronger channels or rework its targeting.',
    );
    expect(org).toMatchObject({ trend: 'down', trend_pct: 0 });
    expect(org!.recommendation).toBe(
      'Organic search converts 2% of 1,000 sessions against 3% across all channels; conversions level at 20. Its visitors convert less than the rest: look at the pages they land on.',
    );
  });

  it('says when a strong channel is losing conversions, or loses money', () => {
    const falling = { ...facebook, previous: { ...facebook.previous, conversions: 50 } };
    expect(channelInsights([falling, google], usd)[0]!.recommendation).toContain(
      'but conversions down 20% (40 vs 50). Refresh its creatives before moving budget toward it.',
    );
    const losing = { ...google, revenue: 240_000 };
    expect(channelInsights([facebook, losing], usd)[1]!.recommendation).toBe(
      'Google Ads returns 0.80× on USD 3000.00 spend (USD 2400.00 revenue), below break-even; conversions down 14.3% (30 vs 35). Cut its weakest campaigns before adding budget.',
    );
    expect(channelInsights([facebook], usd)[0]!.recommendation).toBe(
      'Facebook returns 4.00× on USD 1000.00 spend (USD 4000.00 revenue), the only paid channel with spend; conversions up 33.3% (40 vs 30). There is room to raise its budget.',
    );
  });

  it('is null with the reason when there is too little to judge', () => {
    const idle = { ...facebook, spend: 0, revenue: 0, conversions: 3 };
    expect(channelInsights([idle, google], usd)[0]).toMatchObject({
      opportunity_score: null,
      avg_roas: null,
      reason: 'No spend in this period.',
      recommendation: 'No spend on Facebook in this period; 3 conversions came through it.',
    });
    const untracked = { ...google, sessions: 29 };
    expect(channelInsights([facebook, untracked], usd)[1]).toMatchObject({
      opportunity_score: null,
      reason: '29 tracked sessions; an opportunity score needs at least 30.',
    });
    expect(channelInsights([facebook, { ...untracked, sessions: 30 }], usd)[1]!.opportunity_score).not.toBeNull();
    const noRevenue = channelInsights([{ ...facebook, revenue: 0 }], usd)[0]!;
    expect(noRevenue.reason).toBe('No paid channel has revenue in this period to compare with.');
    const noConversions = channelInsights([{ ...organic, conversions: 0 }], usd)[0]!;
    expect(noConversions.reason).toBe('No channel has conversions in this period to compare with.');
    expect(noConversions.recommendation).toContain('1,000 sessions from Organic search');
  });

  it('reads a trend as up only on strictly more conversions', () => {
    expect(conversionTrend(11, 10)).toEqual({ trend: 'up', trend_pct: 10 });
    expect(conversionTrend(10, 10)).toEqual({ trend: 'down', trend_pct: 0 });
    expect(conversionTrend(9, 10)).toEqual({ trend: 'down', trend_pct: -10 });
    expect(conversionTrend(5, 0)).toEqual({ trend: 'up', trend_pct: null });
    expect(conversionTrend(0, 0)).toEqual({ trend: 'down', trend_pct: 0 });
  });

  const channelArb = (key: string) =>
    fc.record({
      key: fc.constant(key),
      label: fc.constant(key),
      spend: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
      conversions: fc.integer({ min: 0, max: 500 }),
      revenue: fc.integer({ min: 0, max: 50_000_000 }),
      sessions: fc.integer({ min: 0, max: 50_000 }),
      previous: fc.record({
        spend: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
        conversions: fc.integer({ min: 0, max: 500 }),
        revenue: fc.integer({ min: 0, max: 50_000_000 }),
        sessions: fc.integer({ min: 0, max: 50_000 }),
      }),
    });
  const channelsArb = fc
    .tuple(...['a', 'b', 'c', 'd', 'e'].map(channelArb))
    .chain((all) => fc.shuffledSubarray(all, { minLength: 1 }))
    .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })));

  it('keeps opportunity in [0, 1] and each channel’s answer independent of the order', () => {
    fc.assert(
      fc.property(channelsArb, ([list, shuffled]) => {
        const out = channelInsights(list, usd);
        for (const c of out) {
          if (c.opportunity_score === null) expect(c.reason).toBeTruthy();
          else {
            expect(c.opportunity_score).toBeGreaterThanOrEqual(0);
            expect(c.opportunity_score).toBeLessThanOrEqual(1);
          }
          expect(c.recommendation.length).toBeGreaterThan(0);
        }
        const byKey = (xs: typeof out) => [...xs].sort((a, b) => a.key.localeCompare(b.key));
        expect(byKey(channelInsights(shuffled, usd))).toEqual(byKey(out));
      }),
    );
  });
});
