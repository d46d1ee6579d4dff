import { describe, expect, it } from 'vitest';
import { dashboard, emptyDashboard } from '../testing/dashboard-fixtures';
import { moduleCards, trendText } from './module-cards';

describe('moduleCards', () => {
  it('shows the six modules with their figure, formatted by unit, and the source', () => {
    const cards = moduleCards(dashboard());
    expect(cards.map((c) => [c.title, c.value])).toEqual([
      ['Metric Intelligence', '2.1%'],
      ['Customer Intelligence', '1,240'],
      ['Copy Intelligence', '46.2%'],
      ['Ad Intelligence', '$4.5k'],
      ['Behavior Intelligence', '2m 15s'],
      ['Market Intelligence', '+12.5'],
    ]);
    expect(cards[3]!.source).toBe('Meta Ads and Google Ads daily delivery in USD');
  });

  it('leaves an unknown figure empty with its reason', () => {
    const ad = moduleCards(emptyDashboard()).find((c) => c.key === 'ad')!;
    expect(ad.value).toBeNull();
    expect(ad.reason).toBe('No ad platform is connected.');
  });
});

describe('trendText', () => {
  it('gives the direction and the change with one decimal, and never a made-up percentage', () => {
    expect(trendText({ direction: 'up', percentage: 12.46, period: 'last 30 days' })).toBe('▲ 12.5%');
    expect(trendText({ direction: 'down', percentage: -3.2, period: 'last 30 days' })).toBe('▼ 3.2%');
    expect(trendText({ direction: 'neutral', percentage: 0, period: 'last 30 days' })).toBe('No change');
    expect(trendText({ direction: 'up', percentage: null, period: 'last 30 days' })).toBe('Up from none before');
    expect(trendText({ direction: 'neutral', percentage: null, period: 'last 7 days' })).toBe(
      'No earlier figure to compare',
    );
  });
});
