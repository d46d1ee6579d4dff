import { describe, expect, it } from 'vitest';
import { formatFractionPercent, formatSignedPercent, toFraction } from './fractions';

describe('toFraction (spec 3 section 3)', () => {
  it('keeps fractions, divides a value above 1 by 100, and makes a non-number 0.5', () => {
    expect(toFraction(0.25)).toBe(0.25);
    expect(toFraction(1)).toBe(1);
    expect(toFraction(85)).toBe(0.85);
    expect(toFraction('high')).toBe(0.5);
    expect(toFraction(null)).toBe(0.5);
    expect(toFraction(Number.NaN)).toBe(0.5);
  });
});

describe('percent formats', () => {
  it('writes fractions as percentages with a decimal only where it matters', () => {
    expect(formatFractionPercent(0.0375)).toBe('3.8%');
    expect(formatFractionPercent(0.3)).toBe('30%');
    expect(formatFractionPercent(0.125)).toBe('13%');
    expect(formatFractionPercent(0)).toBe('0%');
  });

  it('signs changes with a typographic minus', () => {
    expect(formatSignedPercent(0.1)).toBe('+10%');
    expect(formatSignedPercent(-0.255)).toBe('−25.5%');
    expect(formatSignedPercent(0)).toBe('0%');
  });
});
