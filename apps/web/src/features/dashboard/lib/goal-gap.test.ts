import { describe, expect, it } from 'vitest';
import { dashboard, emptyDashboard } from '../testing/dashboard-fixtures';
import { barWidth, gapTone, goalCards, goalGap, goalProgress } from './goal-gap';

const card = (key: string, d = dashboard(), canSet = true) => goalCards(d, canSet).find((c) => c.key === key)!;

describe('goal gap maths (spec 2.5)', () => {
  it('is goal minus current, yellow while positive and green at or past the goal', () => {
    expect(goalGap(25_200, 30_000)).toBe(4_800);
    expect(gapTone(4_800)).toBe('short');
    expect(gapTone(0)).toBe('met');
    expect(gapTone(-1.29)).toBe('met');
  });

  it('caps the bar at 100% (and 0 for a net loss) while the progress keeps the real share', () => {
    expect(goalProgress(25_200, 30_000)).toBeCloseTo(84);
    expect(goalProgress(45_000, 30_000)).toBe(150);
    expect(barWidth(150)).toBe(100);
    expect(barWidth(-12)).toBe(0);
    expect(barWidth(84)).toBe(84);
  });
});

describe('goalCards', () => {
  it('describes a revenue gap with the figures of the dashboard only', () => {
    const revenue = card('revenue');
    expect(revenue).toMatchObject({ title: 'Monthly Revenue', current: 25_200, goal: 30_000, gap: 4_800 });
    expect(revenue.format(25_200)).toBe('$25.2k');
    expect(revenue.description).toBe('$4.8k short of the $30.0k goal over the last 30 days (84.0% of it).');
    expect(revenue.actions).toEqual([
      'Conversion rate is 2.1% against a 3.5% goal: closing that gap lifts revenue from the same traffic.',
      'Revenue is up 20.0% on the previous 30 days.',
      '3,000 tracked sessions in the window: more qualified visitors raise revenue at the same conversion rate.',
    ]);
  });

  it('writes a conversion gap in percentage points and points at friction, bounces and ready customers', () => {
    const cvr = card('cvr');
    expect(cvr.gap).toBeCloseTo(1.4);
    expect(cvr.format(2.1)).toBe('2.1%');
    expect(cvr.description).toBe('1.4 percentage points short of the 3.5% goal over the last 30 days (60.0% of it).');
    expect(cvr.actions).toContain('8.4% of sessions hit friction (rage clicks): fix the pages where it happens.');
    expect(cvr.actions).toContain('38 customers are at readiness 80 or more: engage them while they are ready.');
  });

  it('says a goal is met when current reaches it', () => {
    const aov = card('aov');
    expect(aov.gap).toBeCloseTo(-1.29);
    expect(aov.description).toBe('Goal met: $1.29 above the $80 goal over the last 30 days.');
    expect(aov.actions).toEqual(['Raise the goal to keep stretching.']);
    expect(card('aov', dashboard(), false).actions).toEqual([]);
  });

  it('has no gap without a figure or a goal, and says why', () => {
    const empty = emptyDashboard();
    const revenue = card('revenue', empty);
    expect(revenue).toMatchObject({
      current: null,
      gap: null,
      progress: null,
      currentReason: 'Connect Stripe to see revenue.',
    });
    expect(revenue.description).toBe('The revenue over the last 30 days is not known, so there is no gap to show.');

    const d = dashboard();
    const noGoal = dashboard({ structural_tension: { ...d.structural_tension, goal_cvr: null } });
    const cvr = card('cvr', noGoal);
    expect(cvr).toMatchObject({ gap: null, progress: null });
    expect(cvr.description).toBe('2.1% over the last 30 days; no conversion rate goal is set.');
    expect(cvr.actions).toEqual(['Set a conversion rate goal to see how far off it you are.']);
    expect(card('cvr', noGoal, false).actions).toEqual([]);
  });
});
