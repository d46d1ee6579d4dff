import { describe, expect, it } from 'vitest';
import { trendOf, trendText } from './trend';

describe('trendOf', () => {
  it('gives the change against the previous window in percent', () => {
    expect(trendOf(12_345.67, 10_000)).toEqual({ kind: 'change', direction: 'up', percent: expect.closeTo(23.46, 2) });
    expect(trendOf(2, 2.5)).toEqual({ kind: 'change', direction: 'down', percent: -20 });
    expect(trendOf(5, 5)).toEqual({ kind: 'change', direction: 'flat', percent: 0 });
  });

  it('gives no percentage, and says why, without a previous figure or from zero', () => {
    expect(trendOf(5, null)).toEqual({ kind: 'none', reason: 'no figure for the previous window' });
    expect(trendOf(null, 5)).toEqual({ kind: 'none', reason: 'no figure for this window' });
    expect(trendOf(5, 0)).toEqual({ kind: 'none', reason: 'up from none in the previous window' });
    expect(trendOf(0, 0)).toMatchObject({ kind: 'change', direction: 'flat' });
  });
});

describe('trendText', () => {
  it('words the trend with an arrow and the window', () => {
    expect(trendText(trendOf(120, 100), 30)).toBe('▲ 20.0% vs the previous 30 days');
    expect(trendText(trendOf(80, 100), 7)).toBe('▼ 20.0% vs the previous 7 days');
    expect(trendText(trendOf(100, 100), 90)).toBe('Unchanged vs the previous 90 days');
    expect(trendText(trendOf(1, null), 30)).toBe('No trend: no figure for the previous window');
  });
});
