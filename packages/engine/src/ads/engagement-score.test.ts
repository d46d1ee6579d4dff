import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engagementScore } from './engagement-score.js';

describe('engagementScore', () => {
  it('is 0.5 for a creative exactly as good as the account', () => {
    const s = engagementScore({ impressions: 10_000, clicks: 150, conversions: 6, account_ctr: 1.5, account_cvr: 4 });
    expect(s).toMatchObject({ reason: null, basis: 'ctr_and_cvr' });
    expect(s.score).toBeCloseTo(0.5, 12);
  });

  it('works through the formula: twice the CTR, half the conversion rate', () => {
    // CTR 3% vs 1.5% → 2/3; CVR 2% vs 4% → 1/3; mean 0.5.
    const s = engagementScore({ impressions: 10_000, clicks: 300, conversions: 6, account_ctr: 1.5, account_cvr: 4 });
    expect(s.score).toBeCloseTo(0.5, 12);
    // CTR 3% vs 1.5% and CVR 8% vs 4%: both 2/3.
    const better = engagementScore({
      impressions: 10_000,
      clicks: 300,
      conversions: 24,
      account_ctr: 1.5,
      account_cvr: 4,
    });
    expect(better.score).toBeCloseTo(2 / 3, 12);
  });

  it('rests on CTR alone until the conversion rate can be measured', () => {
    const few = engagementScore({ impressions: 2000, clicks: 29, conversions: 5, account_ctr: 1.45, account_cvr: 4 });
    expect(few.basis).toBe('ctr');
    expect(few.score).toBeCloseTo(0.5, 12);
    const noAccountCvr = engagementScore({
      impressions: 2000,
      clicks: 30,
      conversions: 5,
      account_ctr: 1.5,
      account_cvr: null,
    });
    expect(noAccountCvr.basis).toBe('ctr');
    expect(noAccountCvr.score).toBeCloseTo(0.5, 12);
    const counted = engagementScore({
      impressions: 2000,
      clicks: 30,
      conversions: 0,
      account_ctr: 1.5,
      account_cvr: 4,
    });
    expect(counted.basis).toBe('ctr_and_cvr');
    expect(counted.score).toBeCloseTo(0.25, 12);
  });

  it('is null with the reason below 1,000 impressions or without an account CTR', () => {
    expect(engagementScore({ impressions: 999, clicks: 50, conversions: 1, account_ctr: 1, account_cvr: 1 })).toEqual({
      score: null,
      reason: '999 impressions; an engagement score needs at least 1,000.',
      basis: null,
    });
    expect(
      engagementScore({ impressions: 1000, clicks: 50, conversions: 1, account_ctr: 1, account_cvr: 1 }).score,
    ).not.toBeNull();
    expect(
      engagementScore({ impressions: 5000, clicks: 50, conversions: 1, account_ctr: null, account_cvr: 1 }).reason,
    ).toBe('The account has no click-through rate to compare with yet.');
    expect(
      engagementScore({ impressions: 5000, clicks: 50, conversions: 1, account_ctr: 0, account_cvr: 1 }).score,
    ).toBeNull();
  });

  it('stays in [0, 1) and rises with clicks', () => {
    const input = fc.record({
      impressions: fc.integer({ min: 1000, max: 1_000_000 }),
      clickShare: fc.double({ min: 0, max: 1, noNaN: true }),
      convShare: fc.double({ min: 0, max: 1, noNaN: true }),
      account_ctr: fc.double({ min: 0.01, max: 20, noNaN: true }),
      account_cvr: fc.option(fc.double({ min: 0.01, max: 50, noNaN: true }), { nil: null }),
    });
    fc.assert(
      fc.property(input, ({ impressions, clickShare, convShare, account_ctr, account_cvr }) => {
        const clicks = Math.floor(impressions * clickShare * 0.2);
        const conversions = Math.floor(clicks * convShare);
        const s = engagementScore({ impressions, clicks, conversions, account_ctr, account_cvr }).score!;
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(1);
        const more = engagementScore({ impressions, clicks: clicks + 1, conversions, account_ctr, account_cvr: null });
        const same = engagementScore({ impressions, clicks, conversions, account_ctr, account_cvr: null });
        expect(more.score!).toBeGreaterThan(same.score!);
      }),
    );
  });
});
