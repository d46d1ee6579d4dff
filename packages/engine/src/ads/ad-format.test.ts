import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatRoas, formatShare } from './ad-format.js';

describe('ad figures in sentences', () => {
  it('writes counts with separators and drops trailing zeros', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(2.456)).toBe('2.46');
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('writes percentages, shares and ROAS', () => {
    expect(formatPercent(1.5)).toBe('1.5%');
    expect(formatPercent(2)).toBe('2%');
    expect(formatShare(0.0125)).toBe('1.3%');
    expect(formatRoas(3.2)).toBe('3.20×');
  });
});
