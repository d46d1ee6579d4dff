import { describe, expect, it } from 'vitest';
import { adCostTrends, platformName } from './ad-costs.js';
import { googleCosts, metaCosts } from './market.fixture.js';
import { WINDOW } from './snapshot.fixture.js';

describe('adCostTrends', () => {
  it('compares the window with the one before, per platform', () => {
    const { trends, reasons } = adCostTrends({
      window: WINDOW,
      market: {
        ad_costs: [
          { platform: 'meta', days: metaCosts },
          { platform: 'google', days: googleCosts },
        ],
      },
    });
    // 125 / 100 − 1 = +25 %, daily values far apart: significant at 0.05 / 1.
    expect(trends).toEqual([
      {
        platform: 'meta',
        metric: 'cpc',
        recent: { mean: 125, days: 30 },
        previous: { mean: 100, days: 30 },
        change: 0.25,
        p: expect.any(Number),
        significant: true,
      },
    ]);
    expect(reasons).toEqual([
      'Google Ads has costs on 10 days of the window and 0 of the previous one; each needs 14.',
    ]);
  });

  it('falls back to CPM when clicks are too few, and finds nothing to compare without costs', () => {
    const cpmOnly = metaCosts.map((d) => ({ ...d, cpc: null }));
    const [trend] = adCostTrends({
      window: WINDOW,
      market: { ad_costs: [{ platform: 'meta', days: cpmOnly }] },
    }).trends;
    expect(trend?.metric).toBe('cpm');
    expect(trend?.change).toBeCloseTo(0.1, 12);
    expect(adCostTrends({ window: WINDOW }).reasons).toEqual(['No daily ad costs: connect Meta Ads or Google Ads.']);
  });

  it('names the platforms', () => {
    expect([platformName('meta'), platformName('google'), platformName('tiktok')]).toEqual([
      'Meta Ads',
      'Google Ads',
      'tiktok',
    ]);
  });
});
