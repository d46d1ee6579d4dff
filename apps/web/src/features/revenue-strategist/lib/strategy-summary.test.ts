import { describe, expect, it } from 'vitest';
import { action, churnRecommendation, insight, recommendation } from '../test/strategy-fixtures';
import { isQuickWin, strategySummary } from './strategy-summary';

describe('isQuickWin (spec: effort ≤ 3 and impact ≥ 6)', () => {
  it('holds at the edges and not past them', () => {
    expect(isQuickWin({ effort_score: 3, impact_score: 6 })).toBe(true);
    expect(isQuickWin({ effort_score: 3.1, impact_score: 6 })).toBe(false);
    expect(isQuickWin({ effort_score: 0, impact_score: 5.9 })).toBe(false);
  });
});

describe('strategySummary', () => {
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  const at = (days: number) => new Date(now - days * 86_400_000).toISOString();

  it('counts high priority and those first found within 7 days, sums lifts read as fractions', () => {
    const summary = strategySummary(
      [
        recommendation({ id: 'a', first_generated_at: at(6.9) }),
        recommendation({ id: 'b', first_generated_at: at(7) }),
        { ...churnRecommendation, expected_revenue_lift: 12 },
      ],
      [],
      [],
      now,
    );
    expect(summary.highPriority).toBe(2);
    expect(summary.newThisWeek).toBe(1);
    expect(summary.liftSum).toBeCloseTo(0.0375 * 2 + 0.12, 10);
    expect(summary.recommendationCount).toBe(3);
  });

  it('counts quick wins among open actions only, and opportunities by type', () => {
    const summary = strategySummary(
      [],
      [
        action({ id: '1', status: 'suggested' }),
        action({ id: '2', status: 'in_progress' }),
        action({ id: '3', status: 'completed' }),
        action({ id: '4', status: 'dismissed' }),
        action({ id: '5', effort_score: 4 }),
      ],
      [insight(), insight({ id: 'x', type: 'threat' }), insight({ id: 'y', type: 'opportunity' })],
      now,
    );
    expect(summary.quickWins).toBe(2);
    expect(summary.opportunities).toBe(2);
  });
});
