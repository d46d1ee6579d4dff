import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READINESS_KNOTS, readinessBand, readinessFromProbability } from './readiness.js';

describe('readinessFromProbability', () => {
  it('puts the base rate mid Early Stage and confident sessions in Ready to Convert', () => {
    expect(readinessFromProbability(0.155)).toBe(30);
    expect(readinessBand(readinessFromProbability(0.155))).toBe('Early Stage');
    expect(readinessBand(readinessFromProbability(0.45))).toBe('Warming Up');
    expect(readinessBand(readinessFromProbability(0.75))).toBe('Ready to Convert');
    expect(readinessFromProbability(0)).toBe(0);
    expect(readinessFromProbability(1)).toBe(100);
  });

  it('is increasing (strictly, beyond float rounding) and within [0, 100]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const sLo = readinessFromProbability(lo);
        const sHi = readinessFromProbability(hi);
        expect(sLo).toBeGreaterThanOrEqual(0);
        expect(sHi).toBeLessThanOrEqual(100);
        expect(sHi).toBeGreaterThanOrEqual(sLo);
        if (hi - lo > 1e-9) expect(sHi).toBeGreaterThan(sLo);
      }),
    );
  });

  it('has knots increasing in both coordinates', () => {
    for (let i = 1; i < READINESS_KNOTS.length; i++) {
      expect(READINESS_KNOTS[i]![0]).toBeGreaterThan(READINESS_KNOTS[i - 1]![0]);
      expect(READINESS_KNOTS[i]![1]).toBeGreaterThan(READINESS_KNOTS[i - 1]![1]);
    }
  });
});

describe('readinessBand', () => {
  it('follows the spec bands', () => {
    expect(readinessBand(80)).toBe('Ready to Convert');
    expect(readinessBand(79.99)).toBe('Warming Up');
    expect(readinessBand(60)).toBe('Warming Up');
    expect(readinessBand(59.9)).toBe('Early Stage');
  });
});
