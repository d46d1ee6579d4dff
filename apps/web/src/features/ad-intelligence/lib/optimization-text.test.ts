import type { OptimizationRecommendation } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { adsetBudgetsAction, budgetRecommendation, optimizationAction } from '../../../test/ad-campaign-fixtures';
import { beforeAfterLines, confirmText } from './optimization-text';

const rec = (overrides: Partial<OptimizationRecommendation>) => ({ ...budgetRecommendation, ...overrides });

describe('confirmText', () => {
  it('states the budget change and where it is made', () => {
    expect(confirmText(budgetRecommendation, 'facebook', 'USD')).toBe(
      "Raise the ad set's daily budget from $50.00 to $60.00 on Meta.",
    );
    expect(
      confirmText(
        rec({
          action: {
            kind: 'set_budget',
            level: 'campaign',
            target_id: 'c',
            from: 80,
            to: 64,
            targets: [{ id: 'c', name: 'Brand', from: 80, to: 64 }],
          },
        }),
        'google',
        'EUR',
      ),
    ).toBe("Lower the campaign's daily budget from €80.00 to €64.00 on Google Ads.");
    expect(confirmText(rec({ action: { kind: 'pause_ad', target_id: 'ad-9' } }), 'facebook', 'USD')).toBe(
      'Pause ad ad-9 on Meta.',
    );
  });

  it('names each ad set and its figures when the change sets several', () => {
    expect(confirmText(rec({ action: adsetBudgetsAction }), 'facebook', 'USD')).toBe(
      'Lower the daily budgets of 2 ad sets on Meta: Prospecting US from $40.00 to $32.00, Retargeting from $45.00 to $36.00.',
    );
    expect(confirmText(rec({ action: adsetBudgetsAction, applies_on_platform: false }), 'facebook', 'USD')).toBe(
      'Recorded as a task: your connection is read-only. Nothing changes on Meta; the task asks someone to lower the daily budgets of 2 ad sets there: Prospecting US from $40.00 to $32.00, Retargeting from $45.00 to $36.00.',
    );
  });

  it('says the change becomes a task when the connection is read-only, or the platform has no setting for it', () => {
    expect(confirmText(rec({ applies_on_platform: false }), 'facebook', 'USD')).toBe(
      "Recorded as a task: your connection is read-only. Nothing changes on Meta; the task asks someone to raise the ad set's daily budget from $50.00 to $60.00 there.",
    );
    expect(confirmText(rec({ action: { kind: 'task' }, applies_on_platform: false }), 'google', 'USD')).toMatch(
      /^Recorded as a task: Google Ads offers no setting for this change/,
    );
  });
});

describe('beforeAfterLines', () => {
  it('lists each recorded value before and after, money in the currency', () => {
    expect(beforeAfterLines(optimizationAction())).toEqual(['Daily budget: $50.00 → $60.00']);
    expect(beforeAfterLines(optimizationAction({ before: { status: 'ACTIVE' }, after: { status: 'PAUSED' } }))).toEqual(
      ['Status: Active → Paused'],
    );
    expect(beforeAfterLines(optimizationAction({ before: {}, after: {} }))).toEqual([]);
  });

  it('lists each ad set by name when the action changed several', () => {
    const action = optimizationAction({
      action: adsetBudgetsAction,
      before: { 'daily_budget:as-1': 40, 'daily_budget:as-2': 45 },
      after: { 'daily_budget:as-1': 32, 'daily_budget:as-2': 36 },
    });
    expect(beforeAfterLines(action)).toEqual([
      'Daily budget of Prospecting US: $40.00 → $32.00',
      'Daily budget of Retargeting: $45.00 → $36.00',
    ]);
    // An ad set the action does not name is still told apart by its id.
    expect(
      beforeAfterLines(
        optimizationAction({ action: adsetBudgetsAction, before: { 'daily_budget:as-9': 10 }, after: {} }),
      ),
    ).toEqual(['Daily budget of ad set as-9: $10.00 → none']);
  });
});
