import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.js';

describe('wilsonInterval', () => {
  it('matches published 95% intervals', () => {
    // Newcombe (1998), table I: 81/263, 15/148, 0/20, 1/29.
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
      [5, 10, 0.2366, 0.7634],
    ];
    for (const [x, n, low, high] of cases) {
      const [l, h] = wilsonInterval(x, n)!;
      expect(l).toBeCloseTo(low, 4);
      expect(h).toBeCloseTo(high, 4);
    }
  });

  it('is null without trials or with impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(-1, 2)).toBeNull();
  });

  it('holds the observed share, stays in [0, 1] and narrows as trials grow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, q) => {
        const x = Math.round(q * n);
        const [low, high] = wilsonInterval(x, n)!;
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(x / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(x / n - 1e-12);
        const [low4, high4] = wilsonInterval(4 * x, 4 * n)!;
        expect(high4 - low4).toBeLessThanOrEqual(high - low + 1e-12);
      }),
    );
  });

  it('is symmetric: x of n mirrors n − x of n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (n, k) => {
        const x = k % (n + 1);
        const [low, high] = wilsonInterval(x, n)!;
        const [mLow, mHigh] = wilsonInterval(n - x, n)!;
        expect(low).toBeCloseTo(1 - mHigh, 12);
        expect(high).toBeCloseTo(1 - mLow, 12);
      }),
    );
  });
});
