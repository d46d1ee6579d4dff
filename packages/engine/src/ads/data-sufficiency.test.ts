import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataSufficiency } from './data-sufficiency.js';

const badge = (
  platform_conversions: number | null,
  attributed_conversions: number,
  tracked_sessions: number,
  clicks: number,
) => dataSufficiency({ platform_conversions, attributed_conversions, tracked_sessions, clicks });

describe('dataSufficiency', () => {
  it('is sufficient when most clicks arrive and there are conversions to compare', () => {
    expect(badge(40, 31, 820, 1000)).toEqual({
      level: 'sufficient',
      reason: '820 tracked sessions from 1,000 clicks (82%); 40 claimed by the platform, 31 attributed by us.',
      match_rate: 0.82,
    });
    expect(badge(12, 0, 1200, 1000).match_rate).toBe(1);
  });

  it('is limited on a partial match or few conversions, at the edges', () => {
    expect(badge(40, 31, 599, 1000).level).toBe('limited');
    expect(badge(40, 31, 599, 1000).reason).toBe(
      '599 tracked sessions from 1,000 clicks (59.9%, under 60%); 40 claimed by the platform, 31 attributed by us.',
    );
    expect(badge(40, 31, 600, 1000).level).toBe('sufficient');
    expect(badge(9, 9, 800, 1000)).toMatchObject({
      level: 'limited',
      reason: 'Few conversions to compare: 9 claimed by the platform, 9 attributed by us (fewer than 10).',
    });
    expect(badge(9, 10, 800, 1000).level).toBe('sufficient');
  });

  it('is insufficient when nothing can be checked, and says why', () => {
    expect(badge(null, 5, 800, 1000)).toMatchObject({
      level: 'insufficient',
      reason: 'The platform reports no conversions to check.',
    });
    expect(badge(5, 0, 0, 0).reason).toBe('No clicks in this period, so no visits to match.');
    expect(badge(5, 0, 0, 300).reason).toBe(
      'No tracked sessions from 300 clicks: check the tracking script on the landing page and that links keep their UTM tags or click ids.',
    );
    expect(badge(50, 2, 199, 1000)).toMatchObject({
      level: 'insufficient',
      reason: 'Only 199 tracked sessions from 1,000 clicks (19.9%, under 20%): most clicks never reach tracking.',
    });
    expect(badge(50, 2, 200, 1000).level).toBe('limited');
  });

  it('always gives a level and a reason, and more sessions never lower the level', () => {
    const rank = { insufficient: 0, limited: 1, sufficient: 2 } as const;
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (claimed, attributed, sessions, clicks) => {
          const b = badge(claimed, attributed, sessions, clicks);
          expect(b.reason.length).toBeGreaterThan(0);
          expect(rank[badge(claimed, attributed, sessions + 50, clicks).level]).toBeGreaterThanOrEqual(rank[b.level]);
        },
      ),
    );
  });
});
