import { describe, expect, it } from 'vitest';
import { days, weekly, yearly } from './market.fixture.js';
import { dailySeries, monthIndex, nextMonth, weekdayPattern } from './seasonality.js';

describe('dailySeries', () => {
  it('fills missing dates with 0, sums a date given twice and stops at the window end', () => {
    const rows = [
      { date: '2024-05-01', net: 5 },
      { date: '2024-05-03', net: 7 },
      { date: '2024-05-03', net: 1 },
      { date: '2024-06-01', net: 9 },
    ];
    expect(dailySeries(rows, '2024-05-04')).toEqual([
      { date: '2024-05-01', net: 5 },
      { date: '2024-05-02', net: 0 },
      { date: '2024-05-03', net: 8 },
      { date: '2024-05-04', net: 0 },
    ]);
  });
});

describe('weekdayPattern', () => {
  it('finds the strong weekday (worked example)', () => {
    // Mean day = (6 × 1,000 + 2,000) / 7 = 1,142.9; Saturday index = 2,000 / 1,142.9 = 1.75. The other days
    // (0.875) are within 0.2 of 1.
    const p = weekdayPattern(dailySeries(weekly, '2024-05-30'));
    expect(p).toMatchObject({ days: 84, from: '2024-03-08', to: '2024-05-30', low: null });
    expect('high' in p && p.high).toMatchObject({ weekday: 'Saturday', days: 12 });
    expect('high' in p && p.high!.index).toBeCloseTo(1.75, 10);
  });

  it('needs 8 weeks', () => {
    expect(weekdayPattern(dailySeries(weekly.slice(-55), '2024-05-30'))).toEqual({
      reason: '55 days of revenue; the weekday pattern needs 56.',
    });
  });

  it('finds nothing in flat revenue', () => {
    const flat = days('2024-01-01', 100, (_, date) => ({ date, net: 1000 }));
    expect(weekdayPattern(dailySeries(flat, '2024-04-09'))).toMatchObject({ high: null, low: null });
  });
});

describe('monthIndex', () => {
  it('measures a month against the year around it (worked example)', () => {
    // The 365 days from 2023-04-26 (the data's start: June's centred year would begin before it) hold 335 days
    // at 1,000 and June's 30 at 1,600: mean 1,049.3. June index = 1,600 / 1,049.3 = 1.5248.
    const m = monthIndex(dailySeries(yearly, '2024-05-30'), 5);
    expect(m).toMatchObject({ month: 'June', occurrences: ['2023'] });
    expect('index' in m && m.index).toBeCloseTo(1600 / (383_000 / 365), 10);
  });

  it('needs a year of data and a full month', () => {
    expect(monthIndex(dailySeries(yearly.slice(-300), '2024-05-30'), 5)).toEqual({
      reason: '300 days of revenue; the month-of-year pattern needs 365.',
    });
    // From 2023-05-15: May 2023 started before the data, and May 2024 is not over on 2024-05-30.
    expect(monthIndex(dailySeries(yearly.slice(19), '2024-05-30'), 4)).toEqual({
      reason: 'No full May with a year of revenue around it.',
    });
  });

  it('knows the next month', () => {
    expect([nextMonth('2024-05-30'), nextMonth('2024-12-31')]).toEqual([5, 0]);
  });
});
