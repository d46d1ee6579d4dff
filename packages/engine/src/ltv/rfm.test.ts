import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logGamma } from '../stats/incomplete-gamma.js';
import { groupRfm, logAddExp, logRisingFactorials, logSubExp, maxFrequency, mean } from './rfm.js';

describe('rfm helpers', () => {
  it('adds and subtracts in log space without overflow', () => {
    expect(logAddExp(Math.log(2), Math.log(3))).toBeCloseTo(Math.log(5), 14);
    expect(logAddExp(1000, 1000)).toBeCloseTo(1000 + Math.log(2), 10);
    expect(logAddExp(Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(logSubExp(Math.log(5), Math.log(3))).toBeCloseTo(Math.log(2), 14);
    expect(logSubExp(-1000, Number.NEGATIVE_INFINITY)).toBe(-1000);
    expect(logSubExp(1, 2)).toBeNaN();
  });

  it('gives ln Γ(base + n) − ln Γ(base) for every n', () => {
    const rising = logRisingFactorials(0.37, 40);
    for (const n of [0, 1, 2, 10, 40]) expect(rising[n]).toBeCloseTo(logGamma(0.37 + n) - logGamma(0.37), 9);
  });

  it('groups identical histories and keeps every customer counted', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ frequency: fc.nat(3), recency: fc.nat(3), age: fc.nat(3) })), (customers) => {
        const groups = groupRfm(customers);
        expect(groups.reduce((s, g) => s + g.count, 0)).toBe(customers.length);
        expect(new Set(groups.map((g) => `${g.frequency} ${g.recency} ${g.age}`)).size).toBe(groups.length);
        expect(maxFrequency(groups)).toBe(maxFrequency(customers));
      }),
    );
    expect(mean([1, 2, 6])).toBe(3);
  });
});
