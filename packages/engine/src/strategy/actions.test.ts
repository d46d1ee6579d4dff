import { describe, expect, it } from 'vitest';
import { actionPlan, isQuickWin, smallCompoundingActions } from './actions.js';
import { marketInsights } from './market.js';
import { strategicRecommendations } from './recommendations.js';
import { fullSnapshot, pricingSnapshot } from './snapshot.fixture.js';
import type { Recommendation } from './types.js';

/** A recommendation with a lift of 4 % at confidence 0.8 and three steps: half, half, and a measuring step. */
const rec: Recommendation = {
  ...strategicRecommendations(pricingSnapshot).recommendations[0]!,
  id: 'pricing_page_exits',
  title: 'Pricing pages end too many visits',
  expected_revenue_lift: 0.04,
  confidence: 0.8,
  category: 'pricing',
  action_steps: ['Make the price clear.', 'Rebuild the pricing page.', 'Measure exits after two weeks.'],
  step_plans: [
    { effort_score: 2, lift_share: 0.5, implementation_time: '1 day' },
    { effort_score: 6, lift_share: 0.5, implementation_time: '2 weeks' },
    { effort_score: 1, lift_share: 0, implementation_time: '1 day' },
  ],
};

describe('smallCompoundingActions', () => {
  it('turns each step with a share of the lift into an action (worked example)', () => {
    // Each step: lift 0.04 × 0.5 = 0.02; impact = 10 × 0.02 × 0.8 / 0.02 = 8.
    // Step 1: effort 2 → leverage 4, priority round(0.7 × 8 + 0.3 × 8) = 8, a quick win.
    // Step 2: effort 6 → leverage 1.33, priority round(5.6 + 1.2) = 7. The measuring step is no action.
    expect(smallCompoundingActions([rec])).toEqual([
      {
        id: 'pricing_page_exits#1',
        title: 'Make the price clear.',
        description:
          'Step 1 of “Pricing pages end too many visits”: 50% of its estimated 4% revenue lift, at confidence 0.8.',
        status: 'suggested',
        effort_score: 2,
        impact_score: 8,
        leverage_ratio: 4,
        priority_score: 8,
        implementation_time: '1 day',
        expected_lift: 0.02,
        category: 'pricing',
        source_id: 'pricing_page_exits',
        source_kind: 'recommendation',
      },
      expect.objectContaining({
        id: 'pricing_page_exits#2',
        effort_score: 6,
        impact_score: 8,
        leverage_ratio: 1.33,
        priority_score: 7,
      }),
    ]);
  });

  it('lowers impact with confidence: the same lift on weaker evidence', () => {
    const [weak] = smallCompoundingActions([{ ...rec, confidence: 0.4 }]);
    expect(weak?.impact_score).toBe(4);
  });

  it('derives actions with scores in range from every recommendation', () => {
    const actions = smallCompoundingActions(strategicRecommendations(fullSnapshot).recommendations);
    expect(actions.length).toBeGreaterThan(7);
    for (const a of actions) {
      expect(a.status).toBe('suggested');
      expect(a.effort_score).toBeGreaterThanOrEqual(0);
      expect(a.impact_score).toBeLessThanOrEqual(10);
      expect(a.priority_score).toBeGreaterThanOrEqual(1);
      expect(a.priority_score).toBeLessThanOrEqual(10);
    }
    expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length);
  });
});

describe('isQuickWin', () => {
  it('is effort at most 3 and impact at least 6 (spec)', () => {
    expect(isQuickWin({ effort_score: 3, impact_score: 6 })).toBe(true);
    expect(isQuickWin({ effort_score: 0, impact_score: 10 })).toBe(true);
    expect(isQuickWin({ effort_score: 3.5, impact_score: 9 })).toBe(false);
    expect(isQuickWin({ effort_score: 1, impact_score: 5.9 })).toBe(false);
  });
});

describe('actionPlan', () => {
  it('turns a market insight into actions without inventing a lift', () => {
    const { insights } = marketInsights(pricingSnapshot);
    const insight = insights.find((i) => i.type === 'competitive')!;
    const plan = actionPlan(insight);
    expect(plan).toHaveLength(insight.recommended_actions.length);
    for (const a of plan) {
      expect(a).toMatchObject({
        expected_lift: null,
        status: 'suggested',
        source_id: insight.id,
        source_kind: 'market_insight',
      });
      expect(a.impact_score).toBe(insight.impact === 'high' ? 7 : insight.impact === 'medium' ? 5 : 3);
      expect(a.description).toContain(insight.data_source);
    }
  });
});
