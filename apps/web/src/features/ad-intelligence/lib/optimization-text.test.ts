import type { OptimizationRecommendation } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { budgetRecommendation, optimizationAction } from '../../../test/ad-campaign-fixtures';
import { beforeAfterLines, confirmText } from './optimization-text';

const rec = (overrides: Partial<OptimizationRecommendation>) => ({ ...budgetRecommendation, ...overrides });

describe('confirmText', () => {
  it('states the budget change and where it is made', () => {
    expect(confirmText(budgetRecommendation, 'facebook', 'USD')).toBe(
      "Raise the ad set's daily budget from $50.00 to $60.00 on Meta.",
    );
    expect(
      confirmText(
        rec({ action: { kind: 'set_budget', level: 'campaign', target_id: 'c', from: 80, to: 64 } }),
        'google',
        'EUR',
      ),
    ).toBe("Lower the campaign's daily budget from €80.00 to €64.00 on Google Ads.");
    expect(confirmText(rec({ action: { kind: 'pause_ad', target_id: 'ad-9' } }), 'facebook', 'USD')).toBe(
      'Pause ad ad-9 on Meta.',
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
});
