import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT_PER_USER: '5', API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE: '2' });
});
afterAll(() => t.close());

describe('per-user limits of signed-in calls', () => {
  it('answers 429 with Retry-After past the burst, to that user only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !statuses.includes(429); i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/sync-status', headers: bearer(a.token) });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(res.json().error.message).toContain('Too many requests from your account');
      }
    }
    // A burst of twice the rate (10) passes, less the one call sign-up made for the user (and what refilled).
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(9);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/sync-status', headers: bearer(b.token) });
    expect(other.statusCode).toBe(200);
  });

  it('lets a user start only a few recalculations a minute', async () => {
    const owner = await signUp(t);
    await setUpTracking(t, owner.token);
    const batch = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/tracking/batch-calculate-readiness',
        headers: bearer(owner.token),
        payload: { session_ids: [crypto.randomUUID()] },
      });
    expect((await batch()).statusCode).toBe(200);
    expect((await batch()).statusCode).toBe(200);
    const third = await batch();
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toContain('Too many recalculations');
  });
});
