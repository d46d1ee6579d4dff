import { describe, expect, it } from 'vitest';
import { isoDateToDay } from '../ltv/purchases.js';
import { pathRandom, samplePoisson } from './sampling.js';
import { estimateWeekdayFactors, weekdayOf } from './weekday.js';

const first = isoDateToDay('2024-01-01')!;

describe('weekdayOf', () => {
  it('numbers days from Sunday', () => {
    expect(weekdayOf(isoDateToDay('2024-01-07')!)).toBe(0);
    expect(weekdayOf(first)).toBe(1);
  });
});

describe('estimateWeekdayFactors', () => {
  const random = pathRandom(3, 0);
  const counts = (effects: number[], days: number) =>
    Array.from({ length: days }, (_, t) => samplePoisson(random, 200 * effects[weekdayOf(first + t)]!));

  it('recovers clear weekday effects', () => {
    const effects = [0.6, 1.2, 1.2, 1.1, 1.1, 1, 0.8];
    const factors = estimateWeekdayFactors(counts(effects, 84), first);
    // 12 weeks of about 200 a day: each factor rests on 12 ratios with about 7 % noise each.
    factors.forEach((f, d) => {
      expect(Math.abs(f - effects[d]!)).toBeLessThan(0.08);
    });
  });

  it('shrinks effects that chance explains to (almost) none', () => {
    const factors = estimateWeekdayFactors(counts([1, 1, 1, 1, 1, 1, 1], 84), first);
    for (const f of factors) expect(Math.abs(f - 1)).toBeLessThan(0.03);
  });

  it('gives none on too short a history', () => {
    expect(estimateWeekdayFactors(counts([0.5, 1, 1, 1, 1, 1, 1.5], 20), first)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
