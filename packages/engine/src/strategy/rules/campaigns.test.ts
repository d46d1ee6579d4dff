import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { campaignSnapshot, campaigns } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { campaignWrongBuyers } from './campaigns.js';

const run = (s: StrategySnapshot) => {
  const out = campaignWrongBuyers(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('campaignWrongBuyers', () => {
  it('flags the campaign whose visitors are less ready and rarely buy (worked example)', () => {
    // Broad interests: 10 of 1,000 convert (1 %), the others 60 of 1,200 (5 %); readiness 35 against
    // (60 × 800 + 64 × 400) / 1,200 = 61.3. USD 3,000 spend at USD 300 a conversion, the others USD 50.
    // Half its spend moved: 300,000 × ½ × (60 / 300,000 − 10 / 300,000) = 25 conversions; lift = 25 / 250 = 0.1.
    // SE = √(.05 × .95 / 1200 + .01 × .99 / 1000) = 0.00703; confidence = 1 − 1.96 × 0.00703 / 0.04 = 0.66.
    const [rec, ...rest] = run(campaignSnapshot);
    expect(rest).toEqual([]);
    expect(rec).toMatchObject({
      id: 'campaign_wrong_buyers:a',
      category: 'acquisition',
      expected_revenue_lift: 0.1,
      confidence: 0.66,
      priority: 'high',
      affected_segments: ['Broad interests', 'Skeptic'],
    });
    expect(rec!.description).toBe(
      'Broad interests (meta) brought 1,000 sessions with a mean readiness of 35, against 61.3 for the other campaigns, and 1% of them converted, against 5%. It spent USD 3,000, USD 300 a conversion, against USD 50 elsewhere. Skeptic visitors are 62.5% of its profiled sessions, against 15% elsewhere. Moving half of its spend to the other campaigns would bring about 25 more conversions over the window (about USD 2,500 at the average order of USD 100), 10% of the 250 orders, if their cost per conversion holds as they grow.',
    );
  });

  it('leaves a campaign whose visitors are as ready as the others: the shortfall is not the audience', () => {
    const same = campaigns.map((c) => (c.id === 'a' ? { ...c, mean_readiness: 70 } : c));
    expect(run({ ...campaignSnapshot, campaigns: same })).toEqual([]);
  });

  it('says what is missing', () => {
    const w = campaignSnapshot.window;
    expect(campaignWrongBuyers(ruleContext({ window: w, campaigns: campaigns.slice(0, 1) }))).toEqual({
      reason: 'Fewer than 2 ad campaigns brought tracked sessions in the window.',
    });
    expect(campaignWrongBuyers(ruleContext({ ...campaignSnapshot, currency: null }))).toEqual({
      reason: 'The ad spend has no currency.',
    });
    const few = campaigns.map((c) => ({ ...c, sessions: 150 }));
    expect(campaignWrongBuyers(ruleContext({ ...campaignSnapshot, campaigns: few }))).toEqual({
      reason: 'No campaign brought 200 tracked sessions in the window.',
    });
  });
});
