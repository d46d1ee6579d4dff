import { describe, expect, it } from 'vitest';
import { formatFigure, formatMoney, formatMoneyShort, formatPct, formatSeconds } from './dashboard-format';

describe('formatMoneyShort', () => {
  it('abbreviates a million or more as M and a thousand or more as k, with one decimal', () => {
    expect(formatMoneyShort(1_234_567, 'USD')).toBe('$1.2M');
    expect(formatMoneyShort(1_000_000, null)).toBe('$1.0M');
    expect(formatMoneyShort(12_500, 'USD')).toBe('$12.5k');
    expect(formatMoneyShort(1_000, 'USD')).toBe('$1.0k');
    expect(formatMoneyShort(950_000, 'USD')).toBe('$950.0k');
  });

  it('never writes 1000.0k, and keeps cents below a thousand only when there are some', () => {
    expect(formatMoneyShort(999_960, 'USD')).toBe('$1.0M');
    expect(formatMoneyShort(999.999, 'USD')).toBe('$1.0k');
    expect(formatMoneyShort(85, 'USD')).toBe('$85');
    expect(formatMoneyShort(85.4, 'USD')).toBe('$85.40');
    expect(formatMoneyShort(0, 'USD')).toBe('$0');
  });

  it('puts the sign before the symbol and uses the currency of the account', () => {
    expect(formatMoneyShort(-2_500, 'USD')).toBe('-$2.5k');
    expect(formatMoneyShort(12_500, 'EUR')).toBe('€12.5k');
    expect(formatMoney(12_345.6, 'USD')).toBe('$12,345.60');
  });
});

describe('figures by unit', () => {
  it('shows percent with one decimal, seconds as minutes, ratios, counts and the sentiment index', () => {
    expect(formatPct(3.456)).toBe('3.5%');
    expect(formatSeconds(135)).toBe('2m 15s');
    expect(formatSeconds(42.4)).toBe('42s');
    expect(formatFigure(2.5, 'ratio', null)).toBe('2.50x');
    expect(formatFigure(12345, 'count', null)).toBe('12,345');
    expect(formatFigure(12.34, 'index', null)).toBe('+12.3');
    expect(formatFigure(-50, 'index', null)).toBe('-50.0');
    expect(formatFigure(72.45, 'score', null)).toBe('72.5');
  });
});
