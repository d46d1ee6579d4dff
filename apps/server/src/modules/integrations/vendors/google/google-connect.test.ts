import { type GoogleSandbox, startGoogleSandbox } from '@ri/sandboxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';
import { testGoogleCredentials } from './google-service.js';

let sandbox: GoogleSandbox;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  sandbox = await startGoogleSandbox({ seed: 21, accounts: [{ ads: 8, days: 20 }] });
  // A developer token set, as an operator may still have one: it is sent and never shown (google-sync.test.ts
  // connects and syncs without one).
  t = await createTestApp(
    {
      GOOGLE_ADS_API_URL: sandbox.url,
      GA4_API_URL: sandbox.url,
      GOOGLE_ADS_DEVELOPER_TOKEN: sandbox.developerToken,
      LOG_LEVEL: 'debug',
    },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

type Caller = Awaited<ReturnType<typeof signUp>>;
const caller = async () => {
  const who = await signUp(t);
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(who.token), 'x-business-id': who.businessId },
      ...(payload ? { payload } : {}),
    });
};
const storedFor = async (businessId: string) =>
  t.database.db.select().from(integrations).where(eq(integrations.businessId, businessId));

describe('connecting Google Ads: section 5', () => {
  it.each([
    [{}, 'Access Token is required'],
    [{ accessToken: '   ' }, 'Access Token is required'],
    [
      { accessToken: 'ya29.short' },
      'This Google Ads access token is too short: Google Ads access tokens are typically much longer (100+ characters). Please check your token.',
    ],
    [
      { accessToken: `ya29.${'a'.repeat(40)}test${'b'.repeat(20)}` },
      'Please provide a real Google Ads access token, not a test or placeholder value.',
    ],
    [
      { accessToken: 'x'.repeat(80) },
      'Please provide a real Google Ads access token, not a test or placeholder value.',
    ],
  ])('refuses %j with the form’s message, naming accessToken, and stores nothing', async (body, message) => {
    const call = await caller();
    for (const path of ['test-credentials', 'save']) {
      const res = await call('POST', `/integrations/google/${path}`, { ...body, customerId: '123-456-7890' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'accessToken', message: expect.stringContaining(message) });
    }
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });
});

describe('checking a Google token', () => {
  it('reports the customer, what the token reads, GA4, and when a pasted token stops working', async () => {
    const call = await caller();
    const before = Date.now();
    const res = await call('POST', '/integrations/google/test-credentials', {
      accessToken: sandbox.accessToken,
      customerId: sandbox.customerId.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
      propertyId: sandbox.propertyId,
    });
    expect(res.statusCode).toBe(200);
    const check = res.json();
    expect(check).toMatchObject({
      valid: true,
      error: null,
      account_type: 'search_ads',
      account_info: null,
      permission_level: 'full',
      vendor_account: {
        id: sandbox.customerId.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3'),
        name: 'Northwind Trail Co.',
        currency: 'USD',
        time_zone: 'America/Los_Angeles',
      },
    });
    expect(check.capabilities).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Read campaigns, ad groups and responsive search ads of Northwind Trail Co\./),
        expect.stringMatching(/^Read daily cost, impressions, clicks, conversions and conversion value \(USD\)/),
        `Read GA4 events of property ${sandbox.propertyId}: real-time, historical and key events`,
      ]),
    );
    const expires = Date.parse(check.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(check.limitations.join(' ')).toMatch(
      /A pasted access token lasts an hour: this one stops working by .*OAuth/,
    );
    expect(JSON.stringify(check)).not.toContain(sandbox.accessToken);
    const adsRequest = sandbox.state.requests.filter((r) => r.path.startsWith('/v26/')).at(-1);
    expect(adsRequest?.developerTokenHint).toBe(sandbox.developerToken.slice(-4));
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('says plainly that an expired token is refused, and saves nothing', async () => {
    const call = await caller();
    const res = await call('POST', '/integrations/google/test-credentials', {
      accessToken: sandbox.accessTokens.expired,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, permission_level: null });
    expect(res.json().error).toMatch(
      /^Invalid Google Ads credentials: Google refused the access token \(.*\(HTTP 401\)\)\. Access tokens last an hour/,
    );
    const save = await call('POST', '/integrations/google/save', { accessToken: sandbox.accessTokens.expired });
    expect(save.statusCode).toBe(400);
    expect(save.json().error).toMatchObject({ code: 'invalid_credentials', field: 'accessToken' });
    expect(JSON.stringify(save.json())).not.toContain(sandbox.accessTokens.expired);
  });

  it('finds a client account through a manager, and names a customer it cannot reach', async () => {
    const call = await caller();
    const agency = await call('POST', '/integrations/google/test-credentials', {
      accessToken: sandbox.accessTokens.managerOnly,
    });
    expect(agency.json()).toMatchObject({ valid: true, permission_level: 'business' });
    expect(agency.json().capabilities).toContainEqual(expect.stringMatching(/^Reached through manager account/));
    const stranger = await call('POST', '/integrations/google/test-credentials', {
      accessToken: sandbox.accessToken,
      customerId: '1112223333',
    });
    expect(stranger.json()).toMatchObject({
      valid: false,
      error:
        'This Google account cannot reach customer 111-222-3333, directly or through a manager account it can use.',
    });
    const manager = await call('POST', '/integrations/google/save', {
      accessToken: sandbox.accessToken,
      customerId: sandbox.state.manager.id,
    });
    expect(manager.statusCode).toBe(400);
    expect(manager.json().error).toMatchObject({
      field: 'customerId',
      message: expect.stringMatching(/manager account/),
    });
  });

  it('answers 502 when Google cannot be reached, instead of blaming the token', async () => {
    const call = await caller();
    sandbox.inject({ kind: 'unavailable', path: '/v26/customers:listAccessibleCustomers' });
    const res = await call('POST', '/integrations/google/test-credentials', { accessToken: sandbox.accessToken });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'vendor_unavailable' });
    expect(res.json().error.message).toMatch(/^Failed to connect to Google Ads: The service is currently unavailable/);
  });
});

describe('saving Google Ads', () => {
  let call: Awaited<ReturnType<typeof caller>>;
  let owner: Caller;
  beforeAll(async () => {
    owner = await signUp(t);
    call = (method, url, payload) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
        ...(payload ? { payload } : {}),
      });
  });

  it('has no analytics events before Google is connected', async () => {
    const res = await call('POST', '/integrations/google/analytics-events', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Google Ads integration not found');
  });

  it('stores the token sealed with its customer, and attaches the analytics test when a property is given', async () => {
    const res = await call('POST', '/integrations/google/save', {
      accessToken: sandbox.accessToken,
      propertyId: sandbox.propertyId,
      integrationName: 'Google Ads',
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({ success: true, valid: true, account_type: 'search_ads', permission_level: 'full' });
    expect(saved.analytics_test).toMatchObject({ success: true, errors: [], error: null });
    expect(saved.analytics_test.historical_events).toBeGreaterThan(saved.analytics_test.conversion_events);
    expect(saved.analytics_test.conversion_events).toBeGreaterThan(0);
    expect(saved.analytics_test.real_time_events).toBeGreaterThan(0);
    expect(saved.integration).toMatchObject({
      provider: 'google_ads',
      status: 'connected',
      sandbox: true,
      credentials_expire_at: saved.expires_at,
      credential_hints: { accessToken: expect.stringMatching(/…/), propertyId: sandbox.propertyId },
    });
    expect(saved.integration.credential_hints.accessToken).not.toContain(sandbox.accessToken.slice(10, 30));
    const [row] = await storedFor(owner.businessId);
    expect(JSON.stringify(row)).not.toContain(sandbox.accessToken);
    expect(row!.credentialsExpireAt?.toISOString()).toBe(saved.expires_at);
    expect(logLines.join('\n')).not.toContain(sandbox.accessToken);
    expect(logLines.join('\n')).not.toContain(sandbox.developerToken);
  });

  it('reads the stored connection’s GA4 events: real-time, over the range, and key events', async () => {
    const res = await call('POST', '/integrations/google/analytics-events', { date_range: '30daysAgo' });
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.errors).toEqual([]);
    expect(events.events.map((e: { event_name: string }) => e.event_name)).toContain('page_view');
    expect(events.conversions.map((e: { event_name: string }) => e.event_name).sort()).toEqual([
      'generate_lead',
      'purchase',
    ]);
    expect(events.real_time_events.length).toBeGreaterThan(0);
    const lastRequest = sandbox.state.requests.filter((r) => r.path.endsWith(':runReport')).at(-1);
    expect(JSON.parse(lastRequest!.body).dateRanges).toEqual([{ startDate: '30daysAgo', endDate: 'today' }]);
    const bad = await call('POST', '/integrations/google/analytics-events', { date_range: 'last week' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('date_range');
  });

  it('keeps the connection when GA4 refuses, and reports the failed test and the limitation', async () => {
    const res = await call('POST', '/integrations/google/save', {
      accessToken: sandbox.accessTokens.noAnalytics,
      propertyId: sandbox.propertyId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, permission_level: 'limited' });
    expect(res.json().limitations).toContainEqual(expect.stringMatching(/^Cannot read GA4 property/));
    expect(res.json().analytics_test).toMatchObject({
      success: false,
      real_time_events: 0,
      historical_events: 0,
      error: expect.stringMatching(/User does not have sufficient permissions for this property/),
    });
    expect(res.json().analytics_test.errors).toHaveLength(2);
    expect(await storedFor(owner.businessId)).toHaveLength(1);
  });
});

const NO_IDS = { customerId: undefined, propertyId: undefined };
const EXPLORER =
  /read test accounts only .*must apply for Explorer access on the Google Ads API Overview page of that Cloud project/;

describe('the developer token', () => {
  // The service itself, without another app: what the routes above answer when none is configured.
  it('is not needed: a check without one sends none and says nothing about it', async () => {
    const settings = { googleAds: sandbox.url, ga4: sandbox.url, developerToken: undefined };
    const before = sandbox.state.requests.length;
    const check = await testGoogleCredentials(settings, { accessToken: sandbox.accessToken, ...NO_IDS });
    expect(check).toMatchObject({ valid: true, error: null, permission_level: 'full' });
    expect(JSON.stringify(check)).not.toMatch(/developer token|DEVELOPER_TOKEN/i);
    const sent = sandbox.state.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((r) => r.developerTokenHint)).toEqual(sent.map(() => ''));
  });
});

describe('a Google Cloud project approved for test accounts only', () => {
  it('reaches the owner as the operator’s to fix, not as an account the token cannot read', async () => {
    const owner = await signUp(t);
    const call = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/integrations/google/${url}`,
        headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
        payload,
      });
    // Listing the accessible customers works; reading any of them is refused, as Google does (v25 and later).
    const cancel = sandbox.inject({ kind: 'cloud_project_not_approved', path: /googleAds:search$/, times: 10 });
    try {
      for (const customerId of [undefined, sandbox.customerId]) {
        const res = await call('test-credentials', { accessToken: sandbox.accessToken, customerId });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ valid: false, error: expect.stringMatching(EXPLORER) });
        expect(res.json().error).toMatch(/\(HTTP 403\)/);
        expect(res.json().error).not.toMatch(/cannot be read|cannot reach|no Google Ads client account/);
      }
      const save = await call('save', { accessToken: sandbox.accessToken });
      expect(save.statusCode).toBe(400);
      expect(save.json().error.message).toMatch(EXPLORER);
    } finally {
      cancel();
    }
    expect(await storedFor(owner.businessId)).toHaveLength(0);
  });
});
