import { describe, expect, it } from 'vitest';
import { deriveProfileInsights, PROFILE_INSIGHT_ACTIONS } from './profile-insights.js';
import { times } from './session-records.fixture.js';

describe('deriveProfileInsights', () => {
  it('finds high-readiness sessions of a profile that did not convert', () => {
    const records = [
      ...times(2, { profile: 'Optimizer', readiness: 85, converted: true }),
      ...times(6, { profile: 'Optimizer', readiness: 85 }),
      ...times(4, { profile: 'Optimizer', readiness: 40 }),
    ];
    expect(deriveProfileInsights(records)).toEqual([
      {
        id: 'profile-optimizer-ready-not-converted',
        type: 'opportunity',
        title: '6 Optimizer visitors reached readiness 80 or more without converting',
        description:
          '8 of 12 Optimizer sessions reached a readiness score of 80 or more, and 6 of those did not convert.',
        user_count: 6,
        action_items: [
          ...PROFILE_INSIGHT_ACTIONS.Optimizer!,
          'Engage Optimizer visitors while their readiness is high',
        ],
        evidence: [
          { metric: 'profile_sessions', value: 12 },
          { metric: 'readiness_threshold', value: 80 },
          { metric: 'ready_sessions', value: 8 },
          { metric: 'ready_not_converted', value: 6 },
        ],
        profile: 'Optimizer',
      },
    ]);
  });

  it('compares a profile with the other profiles only when the gap is significant', () => {
    // 2 of 12 against 12 of 20: pooled z ≈ −2.39.
    const records = [
      ...times(2, { profile: 'Optimizer', converted: true }),
      ...times(10, { profile: 'Optimizer' }),
      ...times(12, { profile: 'Skeptic', converted: true }),
      ...times(8, { profile: 'Skeptic' }),
      ...times(30, { converted: true }), // unprofiled sessions are not compared
    ];
    const [optimizer, skeptic] = deriveProfileInsights(records);
    expect(optimizer).toMatchObject({
      id: 'profile-optimizer-converts-less',
      type: 'warning',
      title: 'Optimizer visitors convert at 16.7% against 60% for other profiles',
      description:
        '2 of 12 Optimizer sessions converted (16.7%) against 12 of 20 sessions of other profiles (60%); a two-proportion test gives z -2.39, beyond the 5% significance level.',
      profile: 'Optimizer',
    });
    expect(skeptic).toMatchObject({ id: 'profile-skeptic-converts-more', type: 'opportunity', user_count: 20 });
    // 4 of 12 against 8 of 20 is no significant gap.
    const similar = [
      ...times(4, { profile: 'Optimizer', converted: true }),
      ...times(8, { profile: 'Optimizer' }),
      ...times(8, { profile: 'Skeptic', converted: true }),
      ...times(12, { profile: 'Skeptic' }),
    ];
    expect(deriveProfileInsights(similar)).toEqual([]);
  });

  it('skips profiles with fewer than 10 sessions and falls back to generic actions for unknown profiles', () => {
    expect(deriveProfileInsights(times(9, { profile: 'Reassurer', readiness: 99 }))).toEqual([]);
    const [insight] = deriveProfileInsights(times(10, { profile: 'Night Owl', readiness: 99 }));
    expect(insight).toMatchObject({ id: 'profile-night-owl-ready-not-converted', profile: 'Night Owl' });
    expect(insight!.action_items.length).toBeGreaterThan(0);
  });
});
