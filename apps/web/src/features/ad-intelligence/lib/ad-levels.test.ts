import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decayBarPercent, fatigueLevel, spendBarPercent, spendOfBudgetPercent, toUnitScore } from './ad-levels';

describe('fatigueLevel', () => {
  it('is red from 0.7, yellow from 0.4, else green (spec section 5)', () => {
    expect(fatigueLevel(0.39)).toBe('low');
    expect(fatigueLevel(0.4)).toBe('medium');
    expect(fatigueLevel(0.69)).toBe('medium');
    expect(fatigueLevel(0.7)).toBe('high');
    expect(fatigueLevel(1)).toBe('high');
    expect(fatigueLevel(0)).toBe('low');
  });
});

describe('progress bars', () => {
  it('caps spend of budget at 100% and keeps the real share for the text', () => {
    expect(spendBarPercent(600, 1000)).toBe(60);
    expect(spendBarPercent(1200, 1000)).toBe(100);
    expect(spendOfBudgetPercent(1200, 1000)).toBe(120);
    expect(spendBarPercent(100, null)).toBeNull();
    expect(spendBarPercent(100, 0)).toBeNull();
  });

  it('caps message decay at 100% and draws a growing CTR as empty', () => {
    expect(decayBarPercent(0.05)).toBe(5);
    expect(decayBarPercent(1.5)).toBe(100);
    expect(decayBarPercent(-0.2)).toBe(0);
  });

  it('never draws a bar outside 0-100', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0.01, max: 1e9, noNaN: true }),
        (s, b) => {
          const bar = spendBarPercent(s, b)!;
          return bar >= 0 && bar <= 100;
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (r) => {
        const bar = decayBarPercent(r);
        return bar >= 0 && bar <= 100;
      }),
    );
  });
});

describe('toUnitScore', () => {
  it('reads scores above 1 as percentages (spec section 5) and clamps to [0, 1]', () => {
    expect(toUnitScore(0.72)).toBe(0.72);
    expect(toUnitScore(72)).toBe(0.72);
    expect(toUnitScore(1)).toBe(1);
    expect(toUnitScore(250)).toBe(1);
    expect(toUnitScore(-3)).toBe(0);
  });
});
