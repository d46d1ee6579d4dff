import { type GoogleSandbox, startGoogleSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../../vendor-http.js';
import { createGa4Client } from './ga4-client.js';
import { createGoogleAdsClient, GOOGLE_ADS_API_VERSION, type GoogleAdsClient } from './google-ads-client.js';
import { classifyGoogleError } from './google-failure.js';
import { metricsQuery } from './google-phases.js';

const NOW = Date.parse('2026-11-20T18:00:00Z');
let sandbox: GoogleSandbox;
let ads: GoogleAdsClient;
const logLines: unknown[] = [];
const log = { debug: (...args: unknown[]) => logLines.push(args) };

beforeAll(async () => {
  sandbox = await startGoogleSandbox({
    seed: 11,
    now: NOW,
    pageSize: 250,
    accounts: [{ ads: 40, days: 30 }],
  });
  // A developer token set, as an operator may still have one: it is sent, and never shown.
  ads = createGoogleAdsClient({
    accessToken: sandbox.accessToken,
    developerToken: sandbox.developerToken,
    baseUrl: sandbox.url,
    timeoutMs: 500,
    log,
  });
});
afterAll(() => sandbox.close());

const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(VendorError);
      return err as VendorError;
    },
  );

/** Nothing a caller or a log could see carries the access token or the developer token. */
const expectNoSecrets = (...texts: unknown[]) => {
  for (const text of texts) {
    const json = typeof text === 'string' ? text : JSON.stringify(text, Object.getOwnPropertyNames(text ?? {}));
    expect(json).not.toContain(sandbox.accessToken);
    expect(json).not.toContain(sandbox.developerToken);
  }
};

describe('Google Ads client against the sandbox', () => {
  it('lists accessible customers and reads one, pinned to one version, tokens only in headers', async () => {
    const accessible = await ads.listAccessibleCustomers();
    expect(accessible).toEqual([sandbox.state.manager.id, sandbox.customerId]);
    expect(await ads.customer(sandbox.customerId)).toEqual({
      id: sandbox.customerId,
      descriptiveName: 'Northwind Trail Co.',
      currencyCode: 'USD',
      timeZone: 'America/Los_Angeles',
      manager: false,
      testAccount: false,
      autoTaggingEnabled: true,
    });
    for (const request of sandbox.state.requests.slice(-2)) {
      expect(request.path.startsWith(`/${GOOGLE_ADS_API_VERSION}/`)).toBe(true);
      expect(request.query).toBe('');
      expect(request.tokenHint).toBe(sandbox.accessToken.slice(-4));
      expect(request.developerTokenHint).toBe(sandbox.developerToken.slice(-4));
    }
  });

  it('pages a metrics query to the end by page token: each ad-day once, cost equal to the account', async () => {
    const data = sandbox.state.account();
    const query = metricsQuery(data.dateOf(0), data.dateOf(29));
    const keys = new Set<string>();
    let cost = 0;
    let pages = 0;
    let token: string | null = null;
    do {
      const page: Awaited<ReturnType<GoogleAdsClient['search']>> = await ads.search(sandbox.customerId, query, token);
      for (const row of page.rows) {
        keys.add(`${row.adGroupAd.ad.id}@${row.segments.date}`);
        cost += Number(row.metrics.costMicros);
      }
      token = page.nextPageToken;
      pages += 1;
    } while (token);
    const totals = data.totals(0, 29);
    expect(keys.size).toBe(totals.rows);
    expect(pages).toBe(Math.ceil(totals.rows / 250));
    expect(cost).toBe(totals.costMicros);
    const bodies = sandbox.state.requests.slice(-pages).map((r) => JSON.parse(JSON.stringify(r)));
    expect(bodies.every((r) => r.body === query)).toBe(true);
  });

  it('sends no developer-token header when none is set', async () => {
    const plain = createGoogleAdsClient({ accessToken: sandbox.accessToken, baseUrl: sandbox.url });
    expect(await plain.listAccessibleCustomers()).toEqual([sandbox.state.manager.id, sandbox.customerId]);
    expect(sandbox.state.requests.at(-1)).toMatchObject({
      tokenHint: sandbox.accessToken.slice(-4),
      developerTokenHint: '',
    });
  });

  it('reaches a client through its manager with login-customer-id', async () => {
    const agency = createGoogleAdsClient({ accessToken: sandbox.accessTokens.managerOnly, baseUrl: sandbox.url });
    const direct = await failure(agency.customer(sandbox.customerId));
    expect(direct).toMatchObject({ kind: 'permission', vendorCode: 'authorizationError.USER_PERMISSION_DENIED' });
    const clients = await agency.through(sandbox.state.manager.id).clients(sandbox.state.manager.id);
    expect(clients.map((c) => c.id)).toEqual([sandbox.customerId]);
    const customer = await agency.through(sandbox.state.manager.id).customer(sandbox.customerId);
    expect(customer.id).toBe(sandbox.customerId);
    expect(sandbox.state.requests.at(-1)?.loginCustomerId).toBe(sandbox.state.manager.id);
  });

  it('lists only the manager’s clients Google still serves: a canceled one refuses its own queries', async () => {
    const agency = await startGoogleSandbox({ seed: 12, now: NOW, accounts: [{ status: 'CANCELED' }, {}] });
    try {
      const [canceled, open] = agency.state.accounts.map((a) => a.spec.customerId);
      const client = createGoogleAdsClient({ accessToken: agency.accessTokens.managerOnly, baseUrl: agency.url });
      const manager = client.through(agency.state.manager.id);
      expect((await manager.clients(agency.state.manager.id)).map((c) => c.id)).toEqual([open]);
      expect(await failure(manager.customer(canceled!))).toMatchObject({
        kind: 'permission',
        vendorCode: 'authorizationError.CUSTOMER_NOT_ENABLED',
      });
    } finally {
      await agency.close();
    }
  });

  it('classifies every failure, with Google’s retry delay, and carries no token anywhere', async () => {
    const query = 'SELECT campaign.id FROM campaign';
    sandbox.inject({ kind: 'rate_limit', retryDelaySeconds: 12 });
    const limited = await failure(ads.search(sandbox.customerId, query));
    expect(limited).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 12_000,
      vendorCode: 'quotaError.RESOURCE_TEMPORARILY_EXHAUSTED',
    });
    sandbox.inject({ kind: 'expired_token' });
    const expired = await failure(ads.search(sandbox.customerId, query));
    expect(expired).toMatchObject({ kind: 'auth', status: 401 });
    sandbox.inject({ kind: 'server_error' });
    expect(await failure(ads.search(sandbox.customerId, query))).toMatchObject({ kind: 'transient', status: 500 });
    sandbox.inject({ kind: 'unavailable' });
    expect(await failure(ads.search(sandbox.customerId, query))).toMatchObject({ kind: 'transient', status: 503 });
    sandbox.inject({ kind: 'timeout' });
    const timeout = await failure(ads.search(sandbox.customerId, query));
    expect(timeout).toMatchObject({ kind: 'transient', status: undefined });
    const invalid = await failure(ads.search(sandbox.customerId, 'SELECT campaign.colour FROM campaign'));
    expect(invalid).toMatchObject({ kind: 'invalid', status: 400, vendorCode: 'queryError.UNRECOGNIZED_FIELD' });
    expect(invalid.message).toContain("Unrecognized field in the query: 'campaign.colour'.");
    sandbox.inject({ kind: 'cloud_project_not_approved' });
    const project = await failure(ads.search(sandbox.customerId, query));
    expect(project).toMatchObject({
      kind: 'permission',
      status: 403,
      vendorCode: 'authorizationError.CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION',
    });
    // The sync reads the Cloud project's access level as the operator's to fix, not as a reason to reconnect.
    expect(classifyGoogleError(project)).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/must apply for Explorer access on the Google Ads API Overview page/),
    });
    expect(classifyGoogleError(limited)).toMatchObject({ kind: 'rate_limited', retryAfterMs: 12_000 });
    expectNoSecrets(limited, expired, timeout, invalid, project, limited.stack, logLines);
    expect(logLines.length).toBeGreaterThan(5);
  });

  it('reads a developer token Google refuses as the operator’s to correct or remove, not to obtain', () => {
    const refused = new VendorError({
      vendor: 'google_ads',
      kind: 'auth',
      status: 401,
      message: 'google_ads POST https://googleads.example/v26 answered 401: The developer token is not valid.',
      vendorCode: 'authenticationError.DEVELOPER_TOKEN_INVALID',
    });
    const read = classifyGoogleError(refused);
    expect(read).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/Google no longer needs one/) });
    expect(read.message).toMatch(/correct GOOGLE_ADS_DEVELOPER_TOKEN or remove it/);
  });
});

describe('GA4 client against the sandbox', () => {
  it('reads event counts by name, key events, and real-time events', async () => {
    const ga4 = createGa4Client({ accessToken: sandbox.accessToken, baseUrl: sandbox.url, log });
    const report = await ga4.runReport(sandbox.propertyId, {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
      dimensions: ['eventName'],
      metrics: ['eventCount', 'keyEvents'],
    });
    const purchase = report.rows.find((r) => r.dimensions[0] === 'purchase')!;
    expect(purchase.metrics[0]).toBeGreaterThan(0);
    expect(purchase.metrics[1]).toBe(purchase.metrics[0]);
    expect(report.rows.find((r) => r.dimensions[0] === 'page_view')!.metrics[1]).toBe(0);
    const live = await ga4.runRealtimeReport(sandbox.propertyId, {
      dimensions: ['eventName'],
      metrics: ['eventCount'],
    });
    expect(live.rows.length).toBeGreaterThan(0);
    const denied = createGa4Client({ accessToken: sandbox.accessTokens.noAnalytics, baseUrl: sandbox.url });
    const refused = await failure(denied.runReport(sandbox.propertyId, { dimensions: [], metrics: ['eventCount'] }));
    expect(refused).toMatchObject({ kind: 'permission', status: 403, vendorCode: 'PERMISSION_DENIED' });
    expectNoSecrets(refused, logLines);
    expect(JSON.stringify(refused)).not.toContain(sandbox.accessTokens.noAnalytics);
  });
});
