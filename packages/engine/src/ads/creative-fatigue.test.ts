import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysAndShuffleArb, daysFrom } from './ad-days.fixture.js';
import { creativeFatigue, FATIGUE_THRESHOLDS, fatigueBand } from './creative-fatigue.js';

/** `n` days of 2,000 impressions at `ctr` (a fraction) and `frequency`. */
const week = (n: number, ctr: number, frequency: number | null = null) =>
  Array.from({ length: n }, () => [2000, Math.round(2000 * ctr), frequency] as const);

describe('creativeFatigue', () => {
  it('scores a creative whose CTR halved while its frequency rose above 0.5', () => {
    // Launch week at 2% CTR seen 1.2 times a day; a middle week sliding; last week at 1% seen twice a day.
    const days = daysFrom([...week(7, 0.02, 1.2), ...week(7, 0.015, 1.6), ...week(7, 0.01, 2)]);
    const f = creativeFatigue(days);
    expect(f.baseline_ctr).toBeCloseTo(0.02, 12);
    expect(f.recent_ctr).toBeCloseTo(0.01, 12);
    expect(f.frequency).toBeCloseTo(2, 12);
    // d = 0.5, p = 2/1.2 − 1 = 2/3; 1 − 0.5 × (1 − 0.5 × 2/3) = 2/3.
    expect(f.score).toBeCloseTo(2 / 3, 12);
    expect(f.score).toBeGreaterThan(0.5);
    expect(f).toMatchObject({ reason: null, days_live: 21, impressions: 42_000 });
    expect(fatigueBand(f.score!)).toBe('yellow');
  });

  it('scores a halved CTR without frequency (as on Google) exactly 0.5', () => {
    const f = creativeFatigue(daysFrom([...week(7, 0.04), ...week(7, 0.02)]));
    expect(f.score).toBeCloseTo(0.5, 12);
    expect(f.frequency).toBeNull();
  });

  it('scores a steady creative low', () => {
    const steady = daysFrom(
      Array.from({ length: 28 }, (_, i) => [2000, 40 + ((i * 7) % 5) - 2, 1.3 + (i % 3) * 0.02] as const),
    );
    const f = creativeFatigue(steady);
    expect(f.score).not.toBeNull();
    expect(f.score!).toBeLessThan(0.1);
    expect(fatigueBand(f.score!)).toBe('green');
  });

  it('reads a rising CTR as no fatigue and frequency alone as at most a warning', () => {
    expect(creativeFatigue(daysFrom([...week(7, 0.01), ...week(7, 0.03)])).score).toBe(0);
    const seenMore = creativeFatigue(daysFrom([...week(7, 0.02, 1), ...week(7, 0.02, 3)]));
    expect(seenMore.score).toBeCloseTo(FATIGUE_THRESHOLDS.frequencyWeight, 12);
  });

  it('judges on the days the creative delivered, not calendar days', () => {
    const paused = daysFrom([...week(7, 0.04), ...Array.from({ length: 10 }, () => [0, 0] as const), ...week(7, 0.02)]);
    const f = creativeFatigue(paused);
    expect(f.days_live).toBe(14);
    expect(f.score).toBeCloseTo(0.5, 12);
  });

  it('is null with a reason naming the threshold when evidence is short', () => {
    const young = creativeFatigue(daysFrom(week(13, 0.02)));
    expect(young.score).toBeNull();
    expect(young.reason).toBe('Live 13 days; fatigue needs at least 14 days of delivery.');
    expect(young.days_live).toBe(13);

    const thin = creativeFatigue(daysFrom(Array.from({ length: 14 }, (_, i) => [i < 7 ? 142 : 2000, 10] as const)));
    expect(thin.score).toBeNull();
    expect(thin.reason).toBe('994 impressions in the first 7 days; fatigue needs at least 1,000.');

    const thinRecent = creativeFatigue(
      daysFrom(Array.from({ length: 14 }, (_, i) => [i < 7 ? 2000 : 100, 40] as const)),
    );
    expect(thinRecent.reason).toBe('700 impressions in the last 7 days; fatigue needs at least 1,000.');

    const fewClicks = creativeFatigue(daysFrom(week(14, 0.001)));
    expect(fewClicks.score).toBeNull();
    expect(fewClicks.reason).toContain('14 clicks in the first 7 days; fatigue needs at least 20');
    expect(creativeFatigue([]).reason).toBe('Live 0 days; fatigue needs at least 14 days of delivery.');
  });

  it('scores at the thresholds exactly', () => {
    const edge = creativeFatigue(
      daysFrom(Array.from({ length: 14 }, (_, i) => [i < 7 ? 143 : 1000, i < 7 ? 3 : 1] as const)),
    );
    // 1,001 baseline impressions and 21 clicks: enough.
    expect(edge.reason).toBeNull();
    expect(edge.score).not.toBeNull();
  });

  it('stays in [0, 1] and does not depend on the order of the days', () => {
    fc.assert(
      fc.property(daysAndShuffleArb(), ([days, shuffled]) => {
        const f = creativeFatigue(days);
        if (f.score !== null) {
          expect(f.score).toBeGreaterThanOrEqual(0);
          expect(f.score).toBeLessThanOrEqual(1);
          expect(f.reason).toBeNull();
        } else expect(f.reason).toBeTruthy();
        expect(creativeFatigue(shuffled)).toEqual(f);
      }),
    );
  });
});

describe('fatigueBand', () => {
  it('colours by the spec bounds', () => {
    expect(fatigueBand(0.7)).toBe('red');
    expect(fatigueBand(0.6999)).toBe('yellow');
    expect(fatigueBand(0.4)).toBe('yellow');
    expect(fatigueBand(0.3999)).toBe('green');
    expect(fatigueBand(0)).toBe('green');
    expect(fatigueBand(1)).toBe('red');
  });
});
