import { describe, expect, it } from 'vitest';
import { actionOutcome } from './outcome.js';

describe('actionOutcome', () => {
  it('measures a rate before and after with its noise (worked example)', () => {
    // 100 / 1,000 → 130 / 1,000: +0.03. SE = √(.13 × .87 / 1000 + .1 × .9 / 1000) = 0.01425;
    // 95 % interval 0.03 ± 0.02793 = [0.0021, 0.0579]: above 0, an improvement.
    const out = actionOutcome({
      metric: 'conversion rate',
      before: { successes: 100, trials: 1000 },
      after: { successes: 130, trials: 1000 },
    });
    expect(out).toEqual({
      metric: 'conversion rate',
      kind: 'rate',
      before: 0.1,
      after: 0.13,
      change: 0.03,
      relative_change: 0.3,
      noise: { standard_error: 0.0143, interval_95: [0.0021, 0.0579] },
      significant: true,
      verdict: 'improved',
      text: 'Conversion rate rose from 10% to 13% after the action (+3 points; 95% interval +0.2 points to +5.8 points): beyond the noise: an improvement.',
    });
  });

  it('calls the same change on a tenth of the sample noise', () => {
    // 10 / 100 → 13 / 100: SE 0.0451, interval [−0.058, 0.118].
    const out = actionOutcome({
      metric: 'conversion rate',
      before: { successes: 10, trials: 100 },
      after: { successes: 13, trials: 100 },
    });
    expect(out).toMatchObject({ significant: false, verdict: 'no_clear_change', noise: { standard_error: 0.0451 } });
  });

  it('compares daily values by their means (Welch)', () => {
    // Means 100 → 120; each side's variance 250 / 6; SE = √(2 × 41.67 / 7) = 3.45; interval 20 ± 6.76.
    const before = [100, 110, 90, 100, 105, 95, 100];
    const after = before.map((v) => v + 20);
    const out = actionOutcome({ metric: 'revenue per day', before, after });
    expect(out).toMatchObject({
      kind: 'daily_mean',
      before: 100,
      after: 120,
      change: 20,
      noise: { standard_error: 3.4503, interval_95: [13.2375, 26.7625] },
      verdict: 'improved',
    });
    expect(actionOutcome({ metric: 'refund rate per day', before, after, higher_is_better: false }).verdict).toBe(
      'worsened',
    );
  });

  it('says when there is too little data', () => {
    expect(
      actionOutcome({
        metric: 'conversion rate',
        before: { successes: 2, trials: 20 },
        after: { successes: 5, trials: 40 },
      }),
    ).toMatchObject({
      verdict: 'too_little_data',
      significant: false,
      noise: null,
      text: 'Too little data to measure conversion rate: 20 trials before and 40 after; each side needs 30.',
    });
    expect(actionOutcome({ metric: 'revenue', before: [1, 2, 3], after: [1, 2, 3, 4, 5, 6, 7] }).verdict).toBe(
      'too_little_data',
    );
  });
});
