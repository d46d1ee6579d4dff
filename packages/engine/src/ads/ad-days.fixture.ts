import fc from 'fast-check';
import type { AdDay } from './ad-day.js';

/** The YYYY-MM-DD date `offset` days after 2025-01-01. */
export const dateAt = (offset: number): string => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);

/** Consecutive days from 2025-01-01, one per entry: [impressions, clicks, frequency?]. */
export function daysFrom(rows: readonly (readonly [number, number, (number | null)?])[], spendPerDay = 1000): AdDay[] {
  return rows.map(([impressions, clicks, frequency], i) => ({
    date: dateAt(i),
    impressions,
    clicks,
    spend: spendPerDay,
    frequency: frequency ?? null,
  }));
}

/** Any day of delivery within 60 days, clicks never above impressions. */
export const adDayArb: fc.Arbitrary<AdDay> = fc
  .record({
    offset: fc.integer({ min: 0, max: 59 }),
    impressions: fc.integer({ min: 0, max: 20_000 }),
    ctr: fc.double({ min: 0, max: 0.2, noNaN: true }),
    spend: fc.integer({ min: 0, max: 50_000 }),
    frequency: fc.option(fc.double({ min: 1, max: 6, noNaN: true }), { nil: null }),
  })
  .map(({ offset, impressions, ctr, spend, frequency }) => ({
    date: dateAt(offset),
    impressions,
    clicks: Math.floor(impressions * ctr),
    spend,
    frequency,
  }));

/** A list of days and the same list in another order. */
export const daysAndShuffleArb = (maxLength = 60): fc.Arbitrary<[AdDay[], AdDay[]]> =>
  fc
    .array(adDayArb, { maxLength })
    .chain((days) =>
      fc.tuple(fc.constant(days), fc.shuffledSubarray(days, { minLength: days.length, maxLength: days.length })),
    );
