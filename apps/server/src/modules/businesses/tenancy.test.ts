import { ALL_ENDPOINTS, type EndpointName, pathOf } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../db/schema.js';
import {
  bearer,
  createTestApp,
  postBatch,
  setUpTracking,
  signUp,
  type TestApp,
  wireBatch,
} from '../../test/harness.js';

/**
 * Walks every endpoint the contracts declare, signed in as user A, aimed at business B. Each must answer
 * 403/404 or, for endpoints about the person rather than a business, carry nothing of B. New endpoints are
 * covered the day they are declared, and a route the server registers without a declaration fails the walk.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let trackingB: string;
let sessionB: string;
let integrationB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { businessName: 'Alpha Outfitters' });
  b = await signUp(t, { businessName: 'Bravo Secret Holdings' });
  await setUpTracking(t, a.token);
  trackingB = await setUpTracking(t, b.token, 'https://bravo.example');
  const batch = wireBatch(trackingB, [{ type: 'page_view', url: 'https://bravo.example/secret-plans' }]);
  await postBatch(t, batch, { origin: 'https://bravo.example' });
  sessionB = batch.session_id;
  // B's Stripe connection, as saving one stores it (the walk must never reach the vendor).
  const [row] = await t.database.db
    .insert(integrations)
    .values({
      businessId: b.businessId,
      provider: 'stripe',
      name: 'Bravo Stripe',
      status: 'connected',
      credentials: 'v1.sealed-elsewhere',
      credentialHints: { secretKey: 'sk_live_…b4b4' },
    })
    .returning({ id: integrations.id });
  integrationB = row!.id;
});
afterAll(() => t.close());

/**
 * A valid body for every endpoint that takes one, so the walk reaches the business check instead of
 * stopping at validation. A new endpoint with a body and no entry here fails the walk until one is added.
 */
/** A well-formed access token (section 5's rules) that no vendor knows. */
const HIJACK_TOKEN = `EAAH${'hijack'.repeat(12)}`;

const VALID_BODIES: Partial<Record<EndpointName, () => unknown>> = {
  updateBusiness: () => ({ name: 'Hijacked' }),
  generateTrackingScript: () => ({ allowed_origins: ['https://attacker.example'] }),
  testTrackingScript: () => ({ tracking_id: trackingB, website_url: 'https://bravo.example/' }),
  batchCalculateReadiness: () => ({ session_ids: [sessionB] }),
  createEngagementAction: () => ({ kind: 'engage', session_id: sessionB, title: 'Reach out' }),
  putPageTypes: () => ({ rules: [{ match: '/secret-plans', page_type: 'demo' }] }),
  testStripeCredentials: () => ({ secretKey: 'sk_test_hijackhijackhijackhijack' }),
  saveStripeCredentials: () => ({ secretKey: 'sk_test_hijackhijackhijackhijack' }),
  testFacebookCredentials: () => ({ accessToken: HIJACK_TOKEN }),
  saveFacebookCredentials: () => ({ accessToken: HIJACK_TOKEN }),
  testFacebookConversionsCredentials: () => ({ accessToken: HIJACK_TOKEN, pixelId: '123456789012345' }),
  saveFacebookConversionsCredentials: () => ({ accessToken: HIJACK_TOKEN, pixelId: '123456789012345' }),
  testGoogleCredentials: () => ({ accessToken: HIJACK_TOKEN }),
  saveGoogleCredentials: () => ({ accessToken: HIJACK_TOKEN }),
  testGoHighLevelCredentials: () => ({ apiKey: 'pit-hijack', locationId: 'loc-hijack' }),
  saveGoHighLevelCredentials: () => ({ apiKey: 'pit-hijack', locationId: 'loc-hijack' }),
  googleAnalyticsEvents: () => ({ date_range: '7daysAgo' }),
  updateConversionsApiSettings: () => ({ predicted_value_events: false }),
  authorizeOAuth: () => ({ integrationName: 'Hijacked' }),
  refreshOAuth: () => ({ integration_id: integrationB }),
  implementAdOptimization: () => ({ campaign_id: 'facebook_120000000000001', recommendation_id: 'budget-increase' }),
  linkCustomerRecords: () => ({ record_a: 'stripe:cus_bravo', record_b: 'ghl:bravo', kind: 'same_person' }),
  createCustomerSegment: () => ({ name: 'Hijacked', rules: { min_readiness: 80 } }),
  updateCustomerSegment: () => ({ name: 'Hijacked', rules: { min_readiness: 80 } }),
  createCustomerAction: () => ({ type: 'retention', title: 'Hijack', channel: 'owner_task' }),
  putDashboardGoals: () => ({ monthly_revenue: 1, conversion_rate: 1, average_order_value: 1 }),
  generateRecommendations: () => ({ days: 30 }),
  setActionStatus: () => ({ status: 'dismissed' }),
  runRevenueSimulation: () => ({ changes: { conversion_rate: 0.1 } }),
  addCompetitorPrice: () => ({ competitor: 'Hijack', product: 'Pro', price: 1, own_price: 2, currency: 'USD' }),
};

/** Values for the path params the declarations use. */
const pathParams = () => ({
  businessId: b.businessId,
  sessionId: sessionB,
  profile_type: 'Skeptic',
  id: integrationB,
  provider: 'google',
  actionId: '00000000-0000-4000-8000-000000000000',
  campaignId: 'facebook_120000000000001',
});

/** The walk leaves out what needs no session (sign-in forms, health, ingestion by tracking id: ingest.test.ts
 * checks that wall) and sign-out, which would end A's session mid-walk. */
const walked = ALL_ENDPOINTS.filter(
  (e) => e.access.kind !== 'public' && e.access.kind !== 'tracking' && e.name !== 'signOut',
);

describe('tenancy', () => {
  it('registers exactly the declared endpoints under /api/v1', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    const declared = ALL_ENDPOINTS.map((e) => `${e.method} /api/v1${e.path}`);
    expect(registered.sort()).toEqual(declared.sort());
    expect(walked.map((e) => e.name)).toEqual(expect.arrayContaining(['getBusiness', 'updateBusiness', 'getUser']));
  });

  it("never lets one business's user read or change another business", async () => {
    const checked: string[] = [];
    for (const e of walked) {
      const url = `/api/v1${pathOf(e, pathParams())}`;
      if (e.body) expect(VALID_BODIES[e.name], `add a valid body for ${e.name}`).toBeDefined();
      const res = await t.app.inject({
        method: e.method,
        url,
        headers: { ...bearer(a.token), 'x-business-id': b.businessId },
        payload: e.body ? (VALID_BODIES[e.name]?.() as object) : undefined,
      });
      checked.push(`${e.name} -> ${res.statusCode}`);
      if (e.access.kind === 'read' || e.access.kind === 'write') {
        // A is signed in, so 401 would mean the walk broke, not that the wall held.
        expect([403, 404], `${e.name} answered ${res.body}`).toContain(res.statusCode);
      }
      expect(res.body, `${e.name} leaked business B`).not.toContain(b.businessId);
      expect(res.body).not.toContain('Bravo Secret Holdings');
      expect(res.body).not.toContain(b.email);
      expect(res.body).not.toContain(trackingB);
      expect(res.body).not.toContain('secret-plans');
      expect(res.body).not.toContain('Bravo Stripe');
    }
    expect(checked.length).toBe(walked.length);
    // Endpoints that act on a session are walked with a real session of B.
    expect(walked.some((e) => e.path.includes(':sessionId'))).toBe(true);
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

  it('refuses every write to the read-only demo business, as the access rule says', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/businesses', headers: bearer(a.token) });
    const demo = (list.json().businesses as { id: string; is_demo: boolean }[]).find((x) => x.is_demo)!;
    const writes = ALL_ENDPOINTS.filter((e) => e.access.kind === 'write');
    expect(writes.length).toBeGreaterThan(0);
    for (const e of writes) {
      const res = await t.app.inject({
        method: e.method,
        url: `/api/v1${pathOf(e, { ...pathParams(), businessId: demo.id })}`,
        headers: { ...bearer(a.token), 'x-business-id': demo.id },
        payload: e.body ? (VALID_BODIES[e.name]?.() as object) : undefined,
      });
      expect(res.statusCode, `${e.name} answered ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('read_only');
    }
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
