import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linePoints, niceMax, ticks } from './chart-scale';

describe('niceMax', () => {
  it('rounds up to 1, 2, 2.5, 5 or 10 times a power of ten', () => {
    expect(niceMax(430)).toBe(500);
    expect(niceMax(52)).toBe(100);
    expect(niceMax(21)).toBe(25);
    expect(niceMax(0.7)).toBe(1);
    expect(niceMax(1000)).toBe(1000);
    expect(niceMax(0)).toBe(1);
  });

  it('is never below the value it bounds, nor more than 2.5 times it', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (max) => {
        const top = niceMax(max);
        return top >= max && top <= max * 2.5 * (1 + 1e-9);
      }),
    );
  });
});

describe('ticks and lines', () => {
  it('spaces ticks evenly from zero to the top, on round steps', () => {
    expect(ticks(500)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(ticks(2000)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(ticks(25)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(ticks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('draws values across the box, zero at the bottom and the top at the top', () => {
    expect(linePoints([0, 50, 100], 100, 1000)).toBe('0.00,100.00 500.00,50.00 1000.00,0.00');
    expect(linePoints([25], 100, 1000)).toBe('0,75.00 1000,75.00');
  });
});
