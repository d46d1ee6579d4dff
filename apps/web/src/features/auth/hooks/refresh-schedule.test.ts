import { describe, expect, it, vi } from 'vitest';
import { getRefreshBackoffMs, isRefreshDue, REFRESH_MAX_ATTEMPTS, refreshWithBackoff } from './refresh-schedule';

describe('isRefreshDue', () => {
  const now = 1_700_000_000_000;

  it('refreshes when expiry is within three 30-second ticks', () => {
    expect(isRefreshDue(now / 1000 + 90, now)).toBe(true);
    expect(isRefreshDue(now / 1000 + 10, now)).toBe(true);
    expect(isRefreshDue(now / 1000 - 10, now)).toBe(true);
  });

  it('waits while the token has more than 90 seconds left or the expiry is unknown', () => {
    expect(isRefreshDue(now / 1000 + 91, now)).toBe(false);
    expect(isRefreshDue(null, now)).toBe(false);
  });
});

describe('refreshWithBackoff', () => {
  it('doubles the pause from 200 ms', () => {
    expect([1, 2, 3, 4].map(getRefreshBackoffMs)).toEqual([200, 400, 800, 1600]);
  });

  it('retries transient failures with backoff until one succeeds', async () => {
    const sleep = vi.fn(async () => {});
    const refresh = vi.fn().mockRejectedValueOnce(new Error('503')).mockRejectedValueOnce(new Error('503'));
    refresh.mockResolvedValue('ok');
    await expect(refreshWithBackoff(refresh, { isFinal: () => false, sleep })).resolves.toBe('ok');
    expect(sleep.mock.calls).toEqual([[200], [400]]);
  });

  it('gives up after the last attempt, and at once on a final error', async () => {
    const sleep = vi.fn(async () => {});
    const failing = vi.fn().mockRejectedValue(new Error('down'));
    await expect(refreshWithBackoff(failing, { isFinal: () => false, sleep })).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(REFRESH_MAX_ATTEMPTS);

    const refused = vi.fn().mockRejectedValue(new Error('401'));
    await expect(refreshWithBackoff(refused, { isFinal: () => true, sleep })).rejects.toThrow('401');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
