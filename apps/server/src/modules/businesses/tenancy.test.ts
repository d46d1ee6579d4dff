import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';

/**
 * Walks every API route the server declares, signed in as user A, aimed at business B. Each must
 * answer 403/404 or, for routes not about a business, carry nothing of B. New routes are covered
 * the day they are added.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { businessName: 'Alpha Outfitters' });
  b = await signUp(t, { businessName: 'Bravo Secret Holdings' });
});
afterAll(() => t.close());

const PUBLIC_PREFIXES = ['/api/docs', '/api/v1/health', '/api/v1/auth/'];

describe('tenancy', () => {
  it('covers the routes it should', () => {
    const api = t.routes.filter(
      (r) => r.url.startsWith('/api/v1') && !PUBLIC_PREFIXES.some((p) => r.url.startsWith(p)),
    );
    expect(api.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/businesses/:businessId', 'PATCH /api/v1/businesses/:businessId']),
    );
  });

  it("never lets one business's user read or change another business", async () => {
    const checked: string[] = [];
    for (const route of t.routes) {
      if (!route.url.startsWith('/api/v1') || route.url.startsWith('/api/v1/health')) continue;
      // Auth routes act on the caller's own account; logout would end A's session mid-walk.
      if (route.url.startsWith('/api/v1/auth/') && route.url !== '/api/v1/auth/user') continue;
      const url = route.url.replace(':businessId', b.businessId).replace(/:(\w+)/g, b.businessId);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { ...bearer(a.token), 'x-business-id': b.businessId },
        payload: ['POST', 'PATCH', 'PUT'].includes(route.method) ? { name: 'Hijacked' } : undefined,
      });
      checked.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      if (route.url.includes(':businessId') || res.statusCode >= 400) {
        // A is signed in, so 401 would mean the walk broke, not that the wall held.
        expect([403, 404], `${route.method} ${route.url}`).toContain(res.statusCode);
      }
      expect(res.body, `${route.method} ${route.url} leaked business B`).not.toContain(b.businessId);
      expect(res.body).not.toContain('Bravo Secret Holdings');
      expect(res.body).not.toContain(b.email);
    }
    expect(checked.length).toBeGreaterThanOrEqual(5);

    // B's business is untouched, seen from B.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${b.businessId}`,
      headers: bearer(b.token),
    });
    expect(own.json().name).toBe('Bravo Secret Holdings');
  });

  it('answers a malformed business id with a 400 that names it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/businesses/not-a-uuid', headers: bearer(a.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('businessId');
    const header = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/sync-status',
      headers: { ...bearer(a.token), 'x-business-id': 'nope' },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().error.field).toBe('businessId');
  });
});
