import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  postBatch,
  setUpTracking,
  signUp,
  type TestApp,
  wireBatch,
} from '../../test/harness.js';
import { INGEST_PATHS } from '../tracking/ingest.routes.js';

/**
 * Walks every API route the server declares, signed in as user A, aimed at business B. Each must
 * answer 403/404 or, for routes not about a business, carry nothing of B. New routes are covered
 * the day they are added.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let trackingB: string;
let sessionB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { businessName: 'Alpha Outfitters' });
  b = await signUp(t, { businessName: 'Bravo Secret Holdings' });
  await setUpTracking(t, a.token);
  trackingB = await setUpTracking(t, b.token, 'https://bravo.example');
  const batch = wireBatch(trackingB, [{ type: 'page_view', url: 'https://bravo.example/secret-plans' }]);
  await postBatch(t, batch, { origin: 'https://bravo.example' });
  sessionB = batch.session_id;
});

/**
 * A valid body for every state-changing route, so the walk reaches the business check instead of
 * stopping at validation. A new write route without an entry here fails the walk until one is added.
 */
const VALID_BODIES: Record<string, () => unknown> = {
  'PATCH /api/v1/businesses/:businessId': () => ({ name: 'Hijacked' }),
  'POST /api/v1/tracking/generate-script': () => ({ allowed_origins: ['https://attacker.example'] }),
  'POST /api/v1/tracking/test-script': () => ({ tracking_id: trackingB, website_url: 'https://bravo.example/' }),
  'POST /api/v1/tracking/sessions/:sessionId/calculate-readiness': () => ({}),
  'POST /api/v1/tracking/sessions/:sessionId/classify-neuromind': () => ({}),
  'POST /api/v1/tracking/batch-calculate-readiness': () => ({ session_ids: [sessionB] }),
  'POST /api/v1/engagement/actions': () => ({ kind: 'engage', session_id: sessionB, title: 'Reach out' }),
  'PUT /api/v1/tracking/page-types': () => ({ rules: [{ match: '/secret-plans', page_type: 'demo' }] }),
  'POST /api/v1/analytics/readiness-model/refit': () => ({}),
};
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
      // Public ingestion names its business by tracking id; ingest.test.ts checks that wall.
      if (route.method === 'OPTIONS' || INGEST_PATHS.some((p) => route.url === `/api/v1/tracking${p}`)) continue;
      // Auth routes act on the caller's own account; logout would end A's session mid-walk.
      if (route.url.startsWith('/api/v1/auth/') && route.url !== '/api/v1/auth/user') continue;
      const url = route.url
        .replace(':businessId', b.businessId)
        .replace(':sessionId', sessionB)
        .replace(':profile_type', 'Skeptic');
      expect(url, `${route.url} has a path parameter the walk does not fill`).not.toContain(':');
      const key = `${route.method} ${route.url}`;
      const writes = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(route.method);
      if (writes && !route.url.startsWith('/api/v1/auth/'))
        expect(VALID_BODIES[key], `add a valid body for ${key}`).toBeDefined();
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { ...bearer(a.token), 'x-business-id': b.businessId },
        payload: writes ? (VALID_BODIES[key]?.() as object) : undefined,
      });
      checked.push(`${route.method} ${route.url} -> ${res.statusCode}`);
      if (route.url.includes(':businessId') || res.statusCode >= 400) {
        // A is signed in, so 401 would mean the walk broke, not that the wall held.
        expect([403, 404], `${route.method} ${route.url} answered ${res.body}`).toContain(res.statusCode);
      }
      expect(res.body, `${route.method} ${route.url} leaked business B`).not.toContain(b.businessId);
      expect(res.body).not.toContain('Bravo Secret Holdings');
      expect(res.body).not.toContain(b.email);
      expect(res.body).not.toContain(trackingB);
      expect(res.body).not.toContain('secret-plans');
    }
    expect(checked.length).toBeGreaterThanOrEqual(5);

    // Routes that act on a session are walked with a real session of B.
    expect(checked.some((c) => c.includes(':sessionId'))).toBe(true);
    // B's business is untouched, seen from B.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${b.businessId}`,
      headers: bearer(b.token),
    });
    expect(own.json().name).toBe('Bravo Secret Holdings');
    const rules = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/page-types', headers: bearer(b.token) });
    expect(rules.json().rules).toEqual([]);
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
