import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdDay } from './ad-day.js';
import { daysAndShuffleArb, daysFrom } from './ad-days.fixture.js';
import { messageDecay } from './message-decay.js';

/** Days whose CTR is exactly ctr0 × (1 − rate)^t, with clicks as the expected (fractional) count. */
const exponential = (n: number, ctr0: number, rate: number, impressions: (t: number) => number = () => 10_000) =>
  daysFrom(Array.from({ length: n }, (_, t) => [impressions(t), impressions(t) * ctr0 * (1 - rate) ** t] as const));

describe('messageDecay', () => {
  it('recovers the rate of an exact exponential series with r2 of 1', () => {
    const d = messageDecay(exponential(30, 0.03, 0.05));
    expect(d.rate_per_day).toBeCloseTo(0.05, 10);
    expect(d.r2).toBeCloseTo(1, 10);
    expect(d.days).toBe(30);
    expect(d.reason).toBeNull();
    expect(d.half_life_days).toBeCloseTo(Math.LN2 / -Math.log(0.95), 8);
  });

  it('recovers it whatever the daily impressions and with gaps in the dates', () => {
    const uneven = exponential(21, 0.02, 0.1, (t) => 2000 + ((t * 3779) % 5000));
    expect(messageDecay(uneven).rate_per_day).toBeCloseTo(0.1, 10);
    const gappy = uneven.filter((_, t) => t % 3 !== 1);
    expect(messageDecay(gappy).rate_per_day).toBeCloseTo(0.1, 10);
    expect(messageDecay(gappy).days).toBe(14);
  });

  it('stays close on whole clicks', () => {
    const whole = exponential(28, 0.02, 0.03, () => 100_000).map((d) => ({ ...d, clicks: Math.round(d.clicks) }));
    const d = messageDecay(whole);
    expect(d.rate_per_day).toBeCloseTo(0.03, 3);
    expect(d.r2!).toBeGreaterThan(0.99);
  });

  it('is 0 for a flat or rising CTR, and a flat noisy CTR has a poor fit', () => {
    const rising = messageDecay(exponential(14, 0.01, -0.05));
    expect(rising.rate_per_day).toBe(0);
    expect(rising.half_life_days).toBeNull();
    const flat = messageDecay(exponential(14, 0.02, 0));
    expect(flat.rate_per_day).toBe(0);
    expect(flat.r2).toBe(1);
    const noisy = messageDecay(
      daysFrom(Array.from({ length: 20 }, (_, t) => [5000, 100 + ((t * 37) % 21) - 10] as const)),
    );
    expect(noisy.rate_per_day!).toBeLessThan(0.005);
    expect(noisy.r2!).toBeLessThan(0.3);
  });

  it('counts days without clicks instead of dropping them', () => {
    const days = daysFrom([
      ...Array.from({ length: 7 }, () => [1000, 20] as const),
      ...Array.from({ length: 7 }, () => [1000, 0] as const),
    ]);
    // Dropped, the silent week would leave a flat 2% CTR and no decay.
    const d = messageDecay(days);
    expect(d.rate_per_day!).toBeGreaterThan(0.1);
    expect(d.r2!).toBeGreaterThan(0);
  });

  it('bounds a history whose clicks all came on its first day', () => {
    const d = messageDecay(daysFrom([[1000, 40], ...Array.from({ length: 9 }, () => [1000, 0] as const)]));
    expect(d.rate_per_day).toBeCloseTo(1 - Math.exp(-5), 12);
  });

  it('is null with the reason below the evidence thresholds', () => {
    expect(messageDecay(exponential(6, 0.03, 0.05))).toEqual({
      rate_per_day: null,
      r2: null,
      days: 6,
      reason: '6 days with delivery; a decay fit needs at least 7.',
    });
    expect(messageDecay(exponential(7, 0.03, 0.05, () => 142)).reason).toBe(
      '994 impressions; a decay fit needs at least 1,000.',
    );
    expect(messageDecay(daysFrom(Array.from({ length: 10 }, () => [1000, 2.9] as const))).reason).toBe(
      '29 clicks; a decay fit needs at least 30.',
    );
    expect(messageDecay(daysFrom(Array.from({ length: 10 }, () => [1000, 3] as const))).reason).toBeNull();
    expect(messageDecay([]).reason).toBe('0 days with delivery; a decay fit needs at least 7.');
  });

  it('gives a rate in [0, 1] and r2 in [0, 1] that do not depend on the order of the days', () => {
    fc.assert(
      fc.property(daysAndShuffleArb(), ([days, shuffled]: [AdDay[], AdDay[]]) => {
        const d = messageDecay(days);
        if (d.rate_per_day !== null) {
          expect(d.rate_per_day).toBeGreaterThanOrEqual(0);
          expect(d.rate_per_day).toBeLessThanOrEqual(1);
          expect(d.r2!).toBeGreaterThanOrEqual(0);
          expect(d.r2!).toBeLessThanOrEqual(1);
        } else expect(d.reason).toBeTruthy();
        expect(messageDecay(shuffled)).toEqual(d);
      }),
    );
  });
});
