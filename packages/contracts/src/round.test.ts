import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { round } from './round.js';

describe('round', () => {
  it('rounds to the given decimals, halves up, two by default', () => {
    expect(round(1.234)).toBe(1.23);
    expect(round(1.235, 1)).toBe(1.2);
    expect(round(0.00005, 4)).toBe(0.0001);
    expect(round(2.5, 0)).toBe(3);
    expect(round(-2.5, 0)).toBe(-2);
    expect(round(12_345.678, 1)).toBe(12_345.7);
  });

  it('never gives -0 or NaN: both read 0', () => {
    expect(Object.is(round(-0.001), 0)).toBe(true);
    expect(Object.is(round(-0), 0)).toBe(true);
    expect(round(Number.NaN)).toBe(0);
    expect(round(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('agrees with Math.round on the scaled value everywhere else', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 6 }), (v, digits) => {
        const plain = Math.round(v * 10 ** digits) / 10 ** digits;
        expect(round(v, digits)).toBe(Object.is(plain, -0) ? 0 : plain);
      }),
    );
  });
});
