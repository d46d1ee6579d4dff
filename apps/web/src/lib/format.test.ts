import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDuration,
  formatMinutesSeconds,
  formatPercent,
  formatRelativeTime,
  formatShare,
  roundOrBlank,
  toSafeHref,
  truncateText,
} from './format';

describe('format', () => {
  it('rounds figures to the given decimals and leaves an absent value absent', () => {
    expect(roundOrBlank(0.31849, 4)).toBe(0.3185);
    expect(roundOrBlank(86.44, 1)).toBe(86.4);
    expect(roundOrBlank(2.4, 2)).toBe(2.4);
    expect(roundOrBlank(undefined, 1)).toBeUndefined();
  });

  it('writes probabilities with one decimal and shares as whole percentages', () => {
    expect(formatPercent(0.318)).toBe('31.8%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatShare(0.62)).toBe('62%');
    expect(formatShare(0.005)).toBe('1%');
  });

  it('truncates only text longer than the limit', () => {
    expect(truncateText('abcdef', 6)).toBe('abcdef');
    expect(truncateText('abcdefg', 6)).toBe('abcdef…');
  });

  it('shows list durations as Xm Ys', () => {
    expect(formatMinutesSeconds(0)).toBe('0m 0s');
    expect(formatMinutesSeconds(125)).toBe('2m 5s');
    expect(formatMinutesSeconds(59.6)).toBe('1m 0s');
  });

  it('shows detail durations as ms, s under a minute, else m', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(12_340)).toBe('12.3s');
    expect(formatDuration(150_000)).toBe('2.5m');
  });

  it('counts bytes in 1024 steps', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('says s, m or h ago, then the date', () => {
    const now = Date.parse('2025-03-02T12:00:00Z');
    expect(formatRelativeTime('2025-03-02T11:59:30Z', now)).toBe('30s ago');
    expect(formatRelativeTime('2025-03-02T11:15:00Z', now)).toBe('45m ago');
    expect(formatRelativeTime('2025-03-02T02:00:00Z', now)).toBe('10h ago');
    expect(formatRelativeTime('2025-02-20T12:00:00Z', now)).toBe(new Date('2025-02-20T12:00:00Z').toLocaleDateString());
  });

  it('links only web addresses', () => {
    expect(toSafeHref('https://shop.example/a')).toBe('https://shop.example/a');
    expect(toSafeHref('javascript:alert(1)')).toBeNull();
    expect(toSafeHref('not a url')).toBeNull();
    expect(toSafeHref(null)).toBeNull();
  });
});
