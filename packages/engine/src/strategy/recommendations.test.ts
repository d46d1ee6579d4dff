import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strategicRecommendations } from './recommendations.js';
import { checkRewrite } from './rewrite-check.js';
import { campaigns, empty, fullSnapshot } from './snapshot.fixture.js';

/** An original that states no number, with as many (empty) steps as `steps`. */
const blank = (steps: readonly string[]) => ({ title: '', description: '', action_steps: steps.map(() => '') });

describe('strategicRecommendations', () => {
  it('runs every rule on a business with all its data, best cautious lift first', () => {
    const { recommendations, checked, skipped } = strategicRecommendations(fullSnapshot);
    expect(skipped).toEqual([]);
    expect(checked).toHaveLength(7);
    expect(recommendations.map((r) => [r.id, r.priority])).toEqual([
      ['pricing_page_exits', 'high'],
      ['campaign_wrong_buyers:a', 'high'],
      ['fatigued_creatives:b', 'high'],
      ['ready_not_converting', 'high'],
      ['funnel_drop:pricing', 'high'],
      ['funnel_leak_profile:pricing:skeptic', 'high'],
      ['high_value_churn_risk', 'medium'],
    ]);
    const cautious = recommendations.map((r) => r.expected_revenue_lift * r.confidence);
    expect(cautious).toEqual([...cautious].sort((a, b) => b - a));
  });

  it('says, for a business with no data, what each rule lacks', () => {
    const { recommendations, checked, skipped } = strategicRecommendations(empty);
    expect(recommendations).toEqual([]);
    expect(checked).toEqual([]);
    expect(skipped).toEqual([
      { rule: 'funnel_leak_profile', reason: 'No tracked funnel in the window.' },
      { rule: 'funnel_drop', reason: 'No tracked funnel in the window.' },
      { rule: 'ready_not_converting', reason: 'No readiness scores in the window.' },
      { rule: 'campaign_wrong_buyers', reason: 'Fewer than 2 ad campaigns brought tracked sessions in the window.' },
      { rule: 'fatigued_creatives', reason: 'No ad creatives: connect Meta Ads or Google Ads.' },
      { rule: 'high_value_churn_risk', reason: 'No customer data: connect Stripe or GoHighLevel.' },
      { rule: 'pricing_page_exits', reason: 'No page views of pricing pages and other pages in the window.' },
    ]);
  });

  it('keeps ids stable when the figures move and whatever the input order', () => {
    const ids = strategicRecommendations(fullSnapshot)
      .recommendations.map((r) => r.id)
      .sort();
    const moved = {
      ...fullSnapshot,
      campaigns: [...campaigns].reverse().map((c) => (c.id === 'a' ? { ...c, converted: 8, spend: 320_000 } : c)),
      readiness: { high_band_sessions: 120, high_band_converted: 33 },
    };
    expect(
      strategicRecommendations(moved)
        .recommendations.map((r) => r.id)
        .sort(),
    ).toEqual(ids);
  });

  it('states in its texts only numbers of its evidence', () => {
    for (const r of strategicRecommendations(fullSnapshot).recommendations) {
      const text = {
        title: r.title,
        description: `${r.description}\n${r.success_metrics.join('\n')}`,
        action_steps: r.action_steps,
      };
      expect(checkRewrite(blank(r.action_steps), text, r.evidence), r.id).toEqual({
        accepted: true,
        rejected_numbers: [],
        reason: null,
      });
      expect(r.step_plans).toHaveLength(r.action_steps.length);
      expect(r.lift_method).toMatch(/^Estimate: /);
    }
  });

  it('keeps every score a fraction and every lift non-negative, whatever the counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 100 }), (n, pctConverted) => {
        // Never more ready sessions converting than the site's 200 conversions.
        const k = Math.min(200, Math.floor((n * pctConverted) / 100));
        const s = { ...fullSnapshot, readiness: { high_band_sessions: n, high_band_converted: k } };
        for (const r of strategicRecommendations(s).recommendations) {
          for (const v of [r.expected_revenue_lift, r.impact_score, r.effort_required, r.confidence]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
