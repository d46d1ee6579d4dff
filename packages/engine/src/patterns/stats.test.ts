import { round } from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareGroups, correlationStrength, percent, quantile, twoProportionZ } from './stats.js';

/** Sessions from the four cells of a 2×2 table: member and converted, member only, converted only, neither. */
const table = (n11: number, n10: number, n01: number, n00: number) => [
  ...Array.from({ length: n11 }, () => ({ member: true, converted: true })),
  ...Array.from({ length: n10 }, () => ({ member: true, converted: false })),
  ...Array.from({ length: n01 }, () => ({ member: false, converted: true })),
  ...Array.from({ length: n00 }, () => ({ member: false, converted: false })),
];

describe('compareGroups', () => {
  it('counts the cells and computes phi as by hand', () => {
    // (3·3 − 1·1) / √(4·4·4·4) = 8 / 16
    expect(compareGroups(table(3, 1, 1, 3), (s) => s.member)).toEqual({
      sessions: 8,
      members: 4,
      membersConverted: 3,
      rest: 4,
      restConverted: 1,
      phi: 0.5,
    });
    // (2·4 − 3·1) / √(5·5·3·7) = 5 / √525
    expect(compareGroups(table(2, 3, 1, 4), (s) => s.member).phi).toBeCloseTo(5 / Math.sqrt(525), 12);
    expect(compareGroups(table(0, 5, 5, 0), (s) => s.member).phi).toBe(-1);
  });

  it('gives phi 0 when a margin is empty: no sessions, no conversions, all converted, all members', () => {
    expect(compareGroups([], () => true).phi).toBe(0);
    expect(compareGroups(table(0, 4, 0, 6), (s) => s.member).phi).toBe(0);
    expect(compareGroups(table(4, 0, 6, 0), (s) => s.member).phi).toBe(0);
    expect(compareGroups(table(4, 6, 0, 0), (s) => s.member).phi).toBe(0);
  });

  it('keeps phi in [-1, 1] with the sign of the conversion-rate difference', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), (a, b, c, d) => {
        const g = compareGroups(table(a, b, c, d), (s) => s.member);
        expect(g.phi).toBeGreaterThanOrEqual(-1);
        expect(g.phi).toBeLessThanOrEqual(1);
        if (g.members > 0 && g.rest > 0 && g.phi !== 0)
          expect(Math.sign(g.phi)).toBe(Math.sign(a / (a + b) - c / (c + d)));
      }),
    );
  });
});

describe('quantile', () => {
  it('interpolates between closest ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12);
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe('twoProportionZ', () => {
  it('is the pooled z statistic, null without variation', () => {
    // p = 0.5, difference 0.2, standard error √(0.25 · (1/50 + 1/50)) = 0.1
    expect(twoProportionZ(30, 50, 20, 50)).toBeCloseTo(2, 12);
    expect(twoProportionZ(20, 50, 30, 50)).toBeCloseTo(-2, 12);
    expect(twoProportionZ(0, 50, 0, 50)).toBeNull();
    expect(twoProportionZ(5, 5, 7, 7)).toBeNull();
    expect(twoProportionZ(1, 0, 2, 5)).toBeNull();
  });
});

describe('formatting', () => {
  it('rounds without -0 and gives percentages to one decimal', () => {
    expect(Object.is(round(-0.001), 0)).toBe(true);
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(3, 12)).toBe(25);
    expect(percent(1, 0)).toBe(0);
  });

  it('words a correlation as the UI does', () => {
    expect(correlationStrength(0.71)).toBe('strong');
    expect(correlationStrength(-0.71)).toBe('strong');
    expect(correlationStrength(0.7)).toBe('moderate');
    expect(correlationStrength(0.41)).toBe('moderate');
    expect(correlationStrength(0.4)).toBe('weak');
  });
});
