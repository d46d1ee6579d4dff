import { getSite, SITE_IDS } from '@ri/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleAccountData } from './account-data.js';
import { parseGaql } from './gaql.js';
import { type GoogleSandbox, startGoogleSandbox } from './sandbox.js';
import { GOOGLE_SITE_CAMPAIGNS, resolveGoogleAccount } from './spec.js';

// The Google Ads REST and GA4 wire formats as a raw HTTP client sees them; the server's clients are tested against
// the sandbox separately.

const NOW = Date.parse('2026-11-20T15:00:00Z');
let sandbox: GoogleSandbox;
let customer: string;
beforeAll(async () => {
  sandbox = await startGoogleSandbox({
    seed: 4,
    now: NOW,
    pageSize: 100,
    accounts: [
      { ads: 30, days: 30 },
      { site: 'saas', currency: 'JPY', days: 10 },
    ],
  });
  customer = sandbox.customerId;
});
afterAll(() => sandbox.close());

type GoogleBody = {
  results?: Record<string, Record<string, unknown>>[];
  nextPageToken?: string;
  fieldMask?: string;
  resourceNames?: string[];
  rows?: { dimensionValues: { value: string }[]; metricValues: { value: string }[] }[];
  error?: { code: number; message: string; status: string; details?: Record<string, unknown>[] };
};

const call = async (
  path: string,
  body?: object,
  headers: Record<string, string | undefined> = {},
): Promise<{ status: number; body: GoogleBody }> => {
  const all: Record<string, string> = {
    authorization: `Bearer ${sandbox.accessToken}`,
    'content-type': 'application/json',
  };
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) delete all[k];
    else all[k] = v;
  }
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: all,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as GoogleBody };
};
const search = (query: string, pageToken?: string, headers: Record<string, string | undefined> = {}, id = customer) =>
  call(`/v26/customers/${id}/googleAds:search`, { query, ...(pageToken ? { pageToken } : {}) }, headers);
type AdsFailure = { errors: { errorCode: Record<string, string>; message: string }[] };
const adsFailure = (body: GoogleBody) => (body.error!.details![0] as AdsFailure).errors[0]!;

describe('Google Ads sandbox data', () => {
  it('names its campaigns after every google-cpc utm_campaign of the simulated sites, tagged for attribution', () => {
    for (const id of SITE_IDS) {
      const paid = getSite(id).landing['google-cpc'];
      const ours = GOOGLE_SITE_CAMPAIGNS[id];
      expect(ours.campaigns.slice(0, paid.campaigns?.length), id).toEqual(paid.campaigns);
      expect(ours.terms, id).toEqual(paid.terms);
      const data = new GoogleAccountData(resolveGoogleAccount({ site: id }, 0, 2, 1_780_000_000), 2);
      for (let c = 0; c < data.spec.campaigns; c++) {
        const suffix = new URLSearchParams(data.campaign(c).final_url_suffix as string);
        expect(suffix.get('utm_campaign')).toBe(data.campaign(c).name);
        expect(suffix.get('utm_source')).toBe('google');
        expect(suffix.get('utm_medium')).toBe('cpc');
      }
      expect(data.customer().auto_tagging_enabled).toBe(true);
    }
  });

  it('parses the GAQL the sync sends, and refuses what Google refuses', () => {
    expect(
      parseGaql(
        "SELECT campaign.id, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31' AND campaign.status IN (ENABLED, 'PAUSED') ORDER BY campaign.id DESC LIMIT 5",
      ),
    ).toEqual({
      select: ['campaign.id', 'metrics.cost_micros'],
      from: 'campaign',
      where: [
        { field: 'segments.date', op: 'BETWEEN', from: '2026-01-01', to: '2026-01-31' },
        { field: 'campaign.status', op: 'IN', values: ['ENABLED', 'PAUSED'] },
      ],
      orderBy: [{ field: 'campaign.id', desc: true }],
      limit: 5,
      parameters: {},
    });
    expect(() => parseGaql('SELECT campaign.id campaign')).toThrow(/expected FROM/);
    expect(() => parseGaql("SELECT campaign.id FROM campaign WHERE campaign.name = 'open")).toThrow(/not terminated/);
  });
});

describe('Google Ads sandbox over HTTP', () => {
  it('lists the accessible customers, and reads a customer in the REST JSON shape', async () => {
    const list = await call('/v26/customers:listAccessibleCustomers');
    expect(list.body.resourceNames).toEqual([
      `customers/${sandbox.state.manager.id}`,
      ...sandbox.state.accounts.map((a) => `customers/${a.spec.customerId}`),
    ]);
    const res = await search(
      'SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager FROM customer',
    );
    expect(res.body.results).toEqual([
      {
        customer: {
          resourceName: `customers/${customer}`,
          id: customer,
          descriptiveName: 'Northwind Trail Co.',
          currencyCode: 'USD',
          timeZone: 'America/Los_Angeles',
          manager: false,
        },
      },
    ]);
    expect(res.body.fieldMask).toBe(
      'customer.id,customer.descriptiveName,customer.currencyCode,customer.timeZone,customer.manager',
    );
  });

  it('pages by token to the end: every ad-day row once, cost equal to the account totals', async () => {
    const data = sandbox.state.account();
    const query = `SELECT ad_group_ad.ad.id, segments.date, metrics.cost_micros FROM ad_group_ad WHERE segments.date BETWEEN '${data.dateOf(0)}' AND '${data.dateOf(29)}' ORDER BY segments.date, ad_group_ad.ad.id`;
    const seen = new Set<string>();
    let cost = 0;
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await search(query, token);
      expect(res.status).toBe(200);
      for (const row of res.body.results ?? []) {
        seen.add(`${row.adGroupAd!.ad && (row.adGroupAd!.ad as { id: string }).id}/${row.segments!.date}`);
        cost += Number(row.metrics!.costMicros);
        expect(typeof row.metrics!.costMicros).toBe('string');
      }
      token = res.body.nextPageToken;
      pages += 1;
    } while (token);
    const totals = data.totals(0, 29);
    expect(seen.size).toBe(totals.rows);
    expect(pages).toBe(Math.ceil(totals.rows / 100));
    expect(cost).toBe(totals.costMicros);
    expect(sandbox.state.requests.at(-1)?.pageToken).not.toBeNull();
  });

  it('answers responsive search ads with their final URLs, headlines and campaign tracking', async () => {
    const res = await search(
      'SELECT ad_group_ad.ad.id, ad_group_ad.ad.final_urls, ad_group_ad.ad.responsive_search_ad.headlines, campaign.name, campaign.final_url_suffix FROM ad_group_ad LIMIT 1',
    );
    const row = res.body.results![0]!;
    expect(row.adGroupAd).toMatchObject({
      resourceName: expect.stringMatching(/^customers\/\d{10}\/adGroupAds\/\d+~\d+$/),
      ad: {
        resourceName: expect.stringMatching(/\/ads\/\d+$/),
        finalUrls: [expect.stringMatching(/^https:\/\/www\.trail-shop\.example\//)],
        responsiveSearchAd: { headlines: expect.arrayContaining([{ text: expect.any(String) }]) },
      },
    });
    expect(row.campaign).toMatchObject({
      name: 'brand-search',
      finalUrlSuffix: 'utm_source=google&utm_medium=cpc&utm_campaign=brand-search',
    });
  });

  it("refuses queries Google refuses, with Google's error body", async () => {
    const unknown = await search('SELECT campaign.id, campaign.colour FROM campaign');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(unknown.body.error!.details![0]!['@type']).toBe(
      'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
    );
    expect(adsFailure(unknown.body)).toEqual({
      errorCode: { queryError: 'UNRECOGNIZED_FIELD' },
      message: "Unrecognized field in the query: 'campaign.colour'.",
    });
    const wrongResource = await search('SELECT ad_group.id FROM campaign');
    expect(adsFailure(wrongResource.body).errorCode).toEqual({
      queryError: 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
    });
    const noRange = await search('SELECT segments.date, metrics.clicks FROM campaign');
    expect(adsFailure(noRange.body).errorCode).toEqual({ queryError: 'EXPECTED_FILTERS_ON_DATE_RANGE' });
    const paged = await call(`/v26/customers/${customer}/googleAds:search`, {
      query: 'SELECT campaign.id FROM campaign',
      pageSize: 50,
    });
    expect(adsFailure(paged.body).errorCode).toEqual({ requestError: 'PAGE_SIZE_NOT_SUPPORTED' });
    const forged = await search('SELECT campaign.id FROM campaign', 'bm90LWEtdG9rZW4');
    expect(adsFailure(forged.body).errorCode).toEqual({ requestError: 'INVALID_PAGE_TOKEN' });
  });

  it('ignores the developer token, as Google has since 2026-09-09, and checks the access token', async () => {
    const without = await search('SELECT campaign.id FROM campaign');
    expect(without.status).toBe(200);
    expect(sandbox.state.requests.at(-1)?.developerTokenHint).toBe('');
    const any = await search('SELECT campaign.id FROM campaign', undefined, { 'developer-token': 'abc' });
    expect(any.status).toBe(200);
    expect(any.body.results).toEqual(without.body.results);
    const configured = await search('SELECT campaign.id FROM campaign', undefined, {
      'developer-token': sandbox.developerToken,
    });
    expect(configured.status).toBe(200);
    expect(sandbox.state.requests.at(-1)?.developerTokenHint).toBe(sandbox.developerToken.slice(-4));
    const expired = await search('SELECT campaign.id FROM campaign', undefined, {
      authorization: `Bearer ${sandbox.accessTokens.expired}`,
    });
    expect(expired.status).toBe(401);
    expect(expired.body.error?.status).toBe('UNAUTHENTICATED');
    const none = await search('SELECT campaign.id FROM campaign', undefined, { authorization: undefined });
    expect(none.body.error?.message).toMatch(/^Request is missing required authentication credential/);
    for (const res of [expired, none]) {
      expect(JSON.stringify(res.body)).not.toContain(sandbox.accessTokens.expired);
      expect(JSON.stringify(res.body)).not.toContain(sandbox.developerToken);
    }
  });

  it('reaches client accounts through the manager with login-customer-id, and not without', async () => {
    const agency = { authorization: `Bearer ${sandbox.accessTokens.managerOnly}` };
    const list = await call('/v26/customers:listAccessibleCustomers', undefined, agency);
    expect(list.body.resourceNames).toEqual([`customers/${sandbox.state.manager.id}`]);
    const direct = await search('SELECT customer.id FROM customer', undefined, agency);
    expect(direct.status).toBe(403);
    expect(adsFailure(direct.body).message).toMatch(/login-customer-id/);
    const via = await search('SELECT customer.id FROM customer', undefined, {
      ...agency,
      'login-customer-id': sandbox.state.manager.id,
    });
    expect(via.body.results).toEqual([{ customer: { resourceName: `customers/${customer}`, id: customer } }]);
    const clients = await search(
      'SELECT customer_client.id, customer_client.manager FROM customer_client WHERE customer_client.level = 1',
      undefined,
      agency,
      sandbox.state.manager.id,
    );
    expect(clients.body.results?.map((r) => r.customerClient!.id)).toEqual(
      sandbox.state.accounts.map((a) => a.spec.customerId),
    );
    const metrics = await search('SELECT metrics.clicks FROM customer', undefined, agency, sandbox.state.manager.id);
    expect(adsFailure(metrics.body).errorCode).toEqual({ queryError: 'REQUESTED_METRICS_FOR_MANAGER' });
  });

  it('fails injected requests as Google does: rate limit with its delay, expired token, outages', async () => {
    sandbox.inject({ kind: 'rate_limit', retryDelaySeconds: 7 });
    const limited = await search('SELECT campaign.id FROM campaign');
    expect(limited.status).toBe(429);
    expect(adsFailure(limited.body)).toMatchObject({
      errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
      details: { quotaErrorDetails: { retryDelay: '7s' } },
    });
    expect(limited.body.error!.details![1]).toEqual({
      '@type': 'type.googleapis.com/google.rpc.RetryInfo',
      retryDelay: '7s',
    });
    sandbox.inject({ kind: 'expired_token' });
    expect((await search('SELECT campaign.id FROM campaign')).body.error?.status).toBe('UNAUTHENTICATED');
    sandbox.inject({ kind: 'unavailable', times: 2 });
    expect((await search('SELECT campaign.id FROM campaign')).status).toBe(503);
    expect((await search('SELECT campaign.id FROM campaign')).status).toBe(503);
    expect((await search('SELECT campaign.id FROM campaign')).status).toBe(200);
  });

  it('answers a Cloud project approved for test accounts only as v25 and later do', async () => {
    sandbox.inject({ kind: 'cloud_project_not_approved', path: /googleAds:search$/ });
    const listed = await call('/v26/customers:listAccessibleCustomers');
    expect(listed.status).toBe(200);
    const refused = await search('SELECT campaign.id FROM campaign');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(refused.body.error!.details![0]!['@type']).toBe(
      'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
    );
    expect(adsFailure(refused.body)).toMatchObject({
      errorCode: { authorizationError: 'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION' },
      message: expect.stringMatching(/apply for Explorer, Basic or Standard access/),
    });
    expect((await search('SELECT campaign.id FROM campaign')).status).toBe(200);
  });
});

describe('GA4 Data API sandbox', () => {
  const report = (kind: 'runReport' | 'runRealtimeReport', body: object, token = sandbox.accessToken) =>
    call(`/v1beta/properties/${sandbox.propertyId}:${kind}`, body, { authorization: `Bearer ${token}` });

  it('reports event counts by name with key events, for a range and in real time', async () => {
    const res = await report('runReport', {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
      dimensions: [{ name: 'eventName' }],
      metrics: [{ name: 'eventCount' }, { name: 'keyEvents' }],
    });
    expect(res.status).toBe(200);
    const rows = res.body.rows!;
    expect(rows[0]!.dimensionValues[0]!.value).toBe('page_view');
    const purchase = rows.find((r) => r.dimensionValues[0]!.value === 'purchase')!;
    expect(purchase.metricValues[0]!.value).toBe(purchase.metricValues[1]!.value);
    expect(rows.find((r) => r.dimensionValues[0]!.value === 'scroll')!.metricValues[1]!.value).toBe('0');
    const live = await report('runRealtimeReport', {
      dimensions: [{ name: 'eventName' }],
      metrics: [{ name: 'eventCount' }],
    });
    expect(live.body.rows!.length).toBeGreaterThan(0);
    const bad = await report('runReport', {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
      dimensions: [{ name: 'eventNom' }],
      metrics: [{ name: 'eventCount' }],
    });
    expect(bad.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(bad.body.error!.message).toMatch(/^Field eventNom is not a valid dimension/);
  });

  it('refuses a token without analytics access, and an unknown property', async () => {
    const denied = await report('runReport', { metrics: [{ name: 'eventCount' }] }, sandbox.accessTokens.noAnalytics);
    expect(denied.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const other = await call('/v1beta/properties/123:runReport', { metrics: [{ name: 'eventCount' }] });
    expect(other.status).toBe(403);
  });
});
