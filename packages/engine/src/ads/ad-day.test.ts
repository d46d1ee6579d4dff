import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdDay, ctrOf, dateToUtcMs, frequencyOfDays, normalizeAdDays } from './ad-day.js';
import { daysAndShuffleArb } from './ad-days.fixture.js';

describe('normalizeAdDays', () => {
  it('sorts by date, counts calendar days and merges rows of one date', () => {
    const days: AdDay[] = [
      { date: '2025-03-03', impressions: 100, clicks: 2, spend: 500, frequency: 2 },
      { date: '2025-02-28', impressions: 1000, clicks: 30, spend: 900 },
      { date: '2025-03-03', impressions: 300, clicks: 4, spend: 100, frequency: 1 },
    ];
    const out = normalizeAdDays(days);
    expect(out.map((d) => [d.date, d.dayIndex])).toEqual([
      ['2025-02-28', 0],
      ['2025-03-03', 3],
    ]);
    expect(out[1]).toMatchObject({ impressions: 400, clicks: 6, spend: 600, frequency: 1.25 });
    expect(out[0]!.frequency).toBeNull();
  });

  it('leaves out rows whose date is not a calendar date and reads impossible counts as 0', () => {
    const out = normalizeAdDays([
      { date: '2025-02-30', impressions: 5, clicks: 1, spend: 1 },
      { date: 'yesterday', impressions: 5, clicks: 1, spend: 1 },
      { date: '2025-01-01', impressions: -5, clicks: Number.NaN, spend: Number.POSITIVE_INFINITY },
    ]);
    expect(out).toEqual([{ date: '2025-01-01', dayIndex: 0, impressions: 0, clicks: 0, spend: 0, frequency: null }]);
    expect(dateToUtcMs('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(dateToUtcMs('2023-02-29')).toBeNull();
  });

  it('gives CTR and mean frequency over days', () => {
    const out = normalizeAdDays([
      { date: '2025-01-01', impressions: 1000, clicks: 10, spend: 0, frequency: 1 },
      { date: '2025-01-02', impressions: 3000, clicks: 50, spend: 0, frequency: 2 },
    ]);
    expect(ctrOf(out)).toBeCloseTo(0.015, 12);
    expect(frequencyOfDays(out)).toBeCloseTo(1.75, 12);
    expect(ctrOf([])).toBeNull();
    expect(frequencyOfDays(normalizeAdDays([{ date: '2025-01-01', impressions: 9, clicks: 1, spend: 0 }]))).toBeNull();
  });

  it('does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(daysAndShuffleArb(), ([days, shuffled]) => {
        expect(normalizeAdDays(shuffled)).toEqual(normalizeAdDays(days));
      }),
    );
  });
});
