import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { creativeSnapshot } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { fatiguedCreatives } from './creatives.js';

const run = (s: StrategySnapshot) => {
  const out = fatiguedCreatives(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('fatiguedCreatives', () => {
  it('refreshes the fatigued creative of a campaign (worked example)', () => {
    // Summer hero: CTR 2 % → 1 %; lost clicks = 0.01 × 14,000 / 7 days × 30 days = 600; half won back = 300
    // clicks × Retargeting's 40 / 800 = 5 % = 15 conversions; lift = 15 / 250 = 0.06. Carousel (0.3) is not fatigued.
    // SE = √(.02 × .98 / 20,000 + .01 × .99 / 14,000) = 0.0013; confidence = 1 − 1.96 × 0.0013 / 0.01 = 0.75.
    const [rec, ...rest] = run(creativeSnapshot);
    expect(rest).toEqual([]);
    expect(rec).toMatchObject({
      id: 'fatigued_creatives:b',
      category: 'optimization',
      expected_revenue_lift: 0.06,
      confidence: 0.75,
      priority: 'high',
      affected_segments: ['Retargeting', 'Summer hero'],
      action_steps: [
        'Pause “Summer hero”, the most fatigued creative.',
        'Launch new creatives in Retargeting with a new hook, image or format.',
        'Compare the new creatives’ click-through with the launch baseline after a week.',
      ],
    });
    expect(rec!.description).toBe(
      '“Summer hero” in Retargeting wore out: together their click-through fell from 2% at launch to 1% recently (fatigue up to 0.62). Winning back half of the lost clicks at the campaign’s conversions per session (5%) would bring about 15 more conversions over the window (about USD 1,500 at the average order of USD 100), 6% of the 250 orders.',
    );
  });

  it('says when there are no creatives or no fatigue scores yet', () => {
    const w = creativeSnapshot.window;
    expect(fatiguedCreatives(ruleContext({ window: w }))).toEqual({
      reason: 'No ad creatives: connect Meta Ads or Google Ads.',
    });
    const unscored = creativeSnapshot.creatives!.map((c) => ({ ...c, fatigue: null }));
    expect(fatiguedCreatives(ruleContext({ ...creativeSnapshot, creatives: unscored }))).toEqual({
      reason: 'No creative has a fatigue score yet: each needs 14 days with delivery.',
    });
  });
});
