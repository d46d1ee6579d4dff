import { describe, expect, it } from 'vitest';
import { prepareAttributionPaths } from './paths.js';
import { ruleBasedCredit, touchShares } from './rule-based.js';

const DAY = 86_400_000;
const path = (channels: string[], daysBefore: number[], converted = true) =>
  prepareAttributionPaths([
    {
      touches: channels.map((channel, i) => ({ channel, at: (30 - daysBefore[i]!) * DAY })),
      converted,
      convertedAt: 30 * DAY,
      value: 100,
    },
  ])[0]!;

describe('touchShares', () => {
  const four = path(['a', 'b', 'c', 'd'], [21, 14, 7, 0]);

  it('gives the whole conversion to the last or the first touch', () => {
    expect(touchShares(four, 'last_click')).toEqual([0, 0, 0, 1]);
    expect(touchShares(four, 'first_click')).toEqual([1, 0, 0, 0]);
  });

  it('shares linearly', () => {
    expect(touchShares(four, 'linear')).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('halves a touch each half-life before the conversion', () => {
    // Ages 21, 14, 7, 0 days with a 7-day half-life: weights 1/8, 1/4, 1/2, 1, sum 15/8.
    const shares = touchShares(four, 'time_decay');
    [1 / 15, 2 / 15, 4 / 15, 8 / 15].forEach((s, i) => {
      expect(shares[i]).toBeCloseTo(s, 12);
    });
    // A 14-day half-life: 2^-1.5, 2^-1, 2^-0.5, 1.
    const slower = touchShares(four, 'time_decay', { halfLifeDays: 14 });
    const w = [2 ** -1.5, 0.5, 2 ** -0.5, 1];
    const sum = w.reduce((s, x) => s + x, 0);
    w.forEach((x, i) => {
      expect(slower[i]).toBeCloseTo(x / sum, 12);
    });
  });

  it('weighs touches of the same age equally under time decay, even a year before the conversion', () => {
    const old = path(['a', 'b'], [365, 365]);
    expect(touchShares(old, 'time_decay')).toEqual([0.5, 0.5]);
  });

  it('gives 40/40 to the ends and shares 20 among the middle under position-based', () => {
    const shares = touchShares(four, 'position_based');
    expect(shares[0]).toBeCloseTo(0.4, 12);
    expect(shares[1]).toBeCloseTo(0.1, 12);
    expect(shares[2]).toBeCloseTo(0.1, 12);
    expect(shares[3]).toBeCloseTo(0.4, 12);
    expect(touchShares(path(['a'], [3]), 'position_based')).toEqual([1]);
    expect(touchShares(path(['a', 'b'], [3, 1]), 'position_based')).toEqual([0.5, 0.5]);
    const uneven = touchShares(path(['a', 'b'], [3, 1]), 'position_based', {
      positionWeights: { first: 0.3, last: 0.6 },
    });
    expect(uneven[0]).toBeCloseTo(1 / 3, 12);
    expect(uneven[1]).toBeCloseTo(2 / 3, 12);
  });

  it('refuses options that cannot share a conversion', () => {
    expect(() => touchShares(four, 'time_decay', { halfLifeDays: 0 })).toThrow(/halfLifeDays/);
    expect(() => touchShares(four, 'position_based', { positionWeights: { first: 0.7, last: 0.5 } })).toThrow(
      /positionWeights/,
    );
  });
});

describe('ruleBasedCredit', () => {
  it('sums each channel’s touches, repeated touches included, and lists channels of lost paths with 0', () => {
    const paths = [path(['a', 'b', 'a'], [3, 2, 1]), path(['c'], [1], false)];
    const credit = ruleBasedCredit(paths, 'linear');
    expect(credit.get('a')!.conversions).toBeCloseTo(2 / 3, 12);
    expect(credit.get('a')!.value).toBeCloseTo(200 / 3, 10);
    expect(credit.get('b')!.conversions).toBeCloseTo(1 / 3, 12);
    expect(credit.get('c')).toEqual({ conversions: 0, value: 0 });
  });
});
