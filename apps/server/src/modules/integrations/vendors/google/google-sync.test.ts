import { type GoogleSandbox, startGoogleSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

// Days of data end today in the account's time zone, as the server's clock sees it: the sandbox runs on real time.
let sandbox: GoogleSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let id: string;

beforeAll(async () => {
  // 24 ads over 120 days, 300 rows a page: the 90-day first run takes several pages of metrics. One Performance Max
  // campaign, which Google reports at the campaign level only.
  sandbox = await startGoogleSandbox({
    seed: 31,
    pageSize: 300,
    accounts: [{ ads: 24, days: 120, performanceMaxCampaigns: 1 }],
  });
  // No GOOGLE_ADS_DEVELOPER_TOKEN: Google has ignored developer tokens since 2026-09-09, so none is needed.
  t = await createTestApp({ GOOGLE_ADS_API_URL: sandbox.url, GA4_API_URL: sandbox.url });
  owner = await signUp(t);
  const saved = await call('POST', '/integrations/google/save', { accessToken: sandbox.accessTokens.managerOnly });
  expect(saved.statusCode).toBe(201);
  id = saved.json().integration.id;
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
}

async function one(sqlText: string): Promise<Record<string, unknown>> {
  const { rows } = await t.database.executeSql(sqlText, [owner.businessId]);
  return rows[0] as Record<string, unknown>;
}

const progress = async () => (await call('GET', '/integrations/sync-progress')).json().sync_progress[id];

describe('a Google Ads sync, with no developer token configured', () => {
  it('stores campaigns, ad groups, ads and 90 days of metrics once each, with costs equal to Google’s, Performance Max included', async () => {
    expect((await call('POST', `/integrations/${id}/sync`)).statusCode).toBe(202);
    await t.syncRunner.drain();
    const data = sandbox.state.account();
    const { adGroups, ads, days } = data.spec;
    const campaigns = data.allCampaigns;
    const first = days - 90;
    const totals = data.totals(first, days - 1);
    const adRows = data.totals(first, days - 1, () => true).rows;
    expect(totals.rows).toBeGreaterThan(adRows);
    const counts = await one(`SELECT
      (SELECT count(*)::int FROM google_campaigns WHERE business_id = $1) AS campaigns,
      (SELECT count(*)::int FROM google_ad_groups WHERE business_id = $1) AS ad_groups,
      (SELECT count(*)::int FROM google_ads WHERE business_id = $1) AS ads,
      (SELECT count(*)::int FROM google_ad_metrics WHERE business_id = $1) AS metric_rows,
      (SELECT count(DISTINCT (ad_key, date))::int FROM google_ad_metrics WHERE business_id = $1) AS distinct_rows,
      (SELECT coalesce(sum(cost), 0)::bigint FROM google_ad_metrics WHERE business_id = $1) AS cost,
      (SELECT coalesce(sum(clicks), 0)::bigint FROM google_ad_metrics WHERE business_id = $1) AS clicks,
      (SELECT min(date)::text FROM google_ad_metrics WHERE business_id = $1) AS first_day`);
    expect(counts).toMatchObject({ campaigns, ad_groups: adGroups, ads, metric_rows: totals.rows });
    expect(counts.distinct_rows).toBe(totals.rows);
    expect(Number(counts.cost)).toBe(totals.costMinor);
    expect(Number(counts.clicks)).toBe(totals.clicks);
    expect(String(counts.first_day) >= data.dateOf(first)).toBe(true);
    // The metrics were read page by page through the manager account, each page once.
    const pages = sandbox.state.requests.filter((r) => r.body.includes('segments.date BETWEEN'));
    expect(pages.length).toBe(Math.ceil(adRows / 300) + Math.ceil((totals.rows - adRows) / 300));
    expect(new Set(pages.map((r) => `${r.body.includes('PERFORMANCE_MAX')} ${r.pageToken}`)).size).toBe(pages.length);
    expect(pages.every((r) => r.loginCustomerId === sandbox.state.manager.id)).toBe(true);

    // The Performance Max campaign's spend, read at the campaign level: there are no ad rows for it.
    const pmax = await one(`SELECT c.vendor_id, c.name, count(*)::int AS days, sum(m.cost)::bigint AS cost
      FROM google_ad_metrics m JOIN google_campaigns c ON c.business_id = m.business_id AND c.vendor_id = m.campaign_id
     WHERE m.business_id = $1 AND m.ad_key LIKE 'campaign~%' GROUP BY 1, 2`);
    const pmaxIndex = data.spec.campaigns;
    let pmaxCost = 0;
    for (let day = first; day < days; day++)
      pmaxCost += (data.campaignMetrics(pmaxIndex, day)?.costMicros ?? 0) / data.microsPerMinor;
    expect({ ...pmax, cost: Number(pmax.cost) }).toEqual({
      vendor_id: data.campaignId(pmaxIndex),
      name: 'performance-max',
      days: totals.rows - adRows,
      cost: pmaxCost,
    });

    const campaign = await one(
      `SELECT name, utm_campaign, currency, final_url_suffix FROM google_campaigns WHERE business_id = $1 AND name = 'brand-search'`,
    );
    expect(campaign).toEqual({
      name: 'brand-search',
      utm_campaign: 'brand-search',
      currency: 'usd',
      final_url_suffix: 'utm_source=google&utm_medium=cpc&utm_campaign=brand-search',
    });
    const ad = await one(`SELECT final_urls, headlines, descriptions FROM google_ads WHERE business_id = $1 LIMIT 1`);
    expect((ad.final_urls as string[])[0]).toMatch(/^https:\/\/www\.trail-shop\.example\//);
    expect((ad.headlines as string[]).length).toBeGreaterThanOrEqual(3);

    expect(await progress()).toMatchObject({ overall_status: 'completed', overall_progress: 100 });
    const integration = (await call('GET', `/integrations/${id}`)).json();
    const stored = campaigns + adGroups + ads + totals.rows;
    expect(integration).toMatchObject({ status: 'connected', error: null, data_points_synced: stored });
    // Connected and synced without a developer-token header on any Google Ads request.
    const adsRequests = sandbox.state.requests.filter((r) => r.path.startsWith('/v26/'));
    expect(adsRequests.length).toBeGreaterThan(pages.length);
    expect(adsRequests.filter((r) => r.developerTokenHint !== '')).toEqual([]);
  });

  it('reads the trailing 28 days again on the next run, and still holds each day once', async () => {
    const before = sandbox.state.requests.length;
    await call('POST', `/integrations/${id}/sync`);
    await t.syncRunner.drain();
    const query = sandbox.state.requests.slice(before).find((r) => r.body.includes('segments.date BETWEEN'))!.body;
    const [, from, to] = /BETWEEN '([\d-]+)' AND '([\d-]+)'/.exec(query)!;
    const span = (Date.parse(to!) - Date.parse(from!)) / 86_400_000;
    expect(span).toBeGreaterThanOrEqual(28);
    expect(span).toBeLessThanOrEqual(29);
    const data = sandbox.state.account();
    const rows = await one(`SELECT count(*)::int AS n FROM google_ad_metrics WHERE business_id = $1`);
    expect(rows.n).toBe(data.totals(data.spec.days - 90, data.spec.days - 1).rows);
  });

  it('pauses as timeout_resuming on a rate limit, for Google’s delay, then completes', async () => {
    const before = sandbox.state.requests.length;
    sandbox.inject({ kind: 'rate_limit', retryDelaySeconds: 1, path: /googleAds:search$/ });
    await call('POST', `/integrations/${id}/sync`);
    await new Promise((r) => setTimeout(r, 150));
    const paused = await progress();
    expect(paused.overall_status).toBe('timeout_resuming');
    expect(paused.progress_message).toMatch(
      /^Google Ads asked us to slow down \(Too many requests\. Retry in 1 seconds\./,
    );
    expect(Date.parse(paused.resume_at) - Date.now()).toBeGreaterThan(500);
    expect(sandbox.state.requests.length - before).toBe(1);
    await t.syncRunner.drain();
    expect((await progress()).overall_status).toBe('completed');
  });

  it('stops when the Cloud project may read test accounts only, and tells the owner it is the operator’s', async () => {
    const cancel = sandbox.inject({ kind: 'cloud_project_not_approved', path: /googleAds:search$/, times: 5 });
    await call('POST', `/integrations/${id}/sync`);
    await t.syncRunner.drain();
    cancel();
    const integration = (await call('GET', `/integrations/${id}`)).json();
    expect(integration.status).toBe('error');
    expect(integration.error).toMatch(
      /read test accounts only .*must apply for Explorer access on the Google Ads API Overview page of that Cloud project/,
    );
    expect(integration.error).not.toMatch(/Reconnect/);
    expect((await progress()).overall_status).toBe('failed');
  });

  it('stops on a token Google no longer accepts, and tells the owner to reconnect', async () => {
    sandbox.inject({ kind: 'expired_token', times: 5 });
    await call('POST', `/integrations/${id}/sync`);
    await t.syncRunner.drain();
    const integration = (await call('GET', `/integrations/${id}`)).json();
    expect(integration.status).toBe('error');
    expect(integration.error).toMatch(
      /^Google Ads refused the stored credentials \(.*\(HTTP 401\)\)\. Reconnect Google Ads with valid credentials to sync again\.$/,
    );
    expect(integration.error).not.toContain(sandbox.accessTokens.managerOnly);
    expect((await progress()).overall_status).toBe('failed');
  });
});
