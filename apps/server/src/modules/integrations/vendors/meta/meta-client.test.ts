import { dayRange, insightTotals, META_SHOWN_BY_DEFAULT, type MetaSandbox, startMetaSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../../vendor-http.js';
import {
  createMetaClient,
  META_EFFECTIVE_STATUSES,
  META_GRAPH_API_VERSION,
  META_LIST_KINDS,
  type MetaClient,
  type MetaInsightRow,
  type MetaPage,
  throttleHint,
} from './meta-client.js';

const NOW = 1_780_000_000; // 2026-05-28: the data's last day is 2026-05-27
let sandbox: MetaSandbox;
let client: MetaClient;
let accountId: string;
const logLines: unknown[] = [];
const log = { debug: (...args: unknown[]) => logLines.push(args) };

beforeAll(async () => {
  // Reports advance with status reads only (jobMs far off), so the polling sequence is the same however slow the run.
  sandbox = await startMetaSandbox({
    seed: 7,
    now: NOW,
    jobMs: 600_000,
    accounts: [{ ads: 130, days: 40 }, { ads: 5 }],
  });
  client = createMetaClient({ accessToken: sandbox.accessToken, baseUrl: sandbox.url, log });
  accountId = sandbox.state.account().id;
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

/** Reads every page of a paged call, checking each cursor is asked for once. */
const readAll = async <T>(next: (after: string | null) => Promise<MetaPage<T>>) => {
  const items: T[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page = await next(after);
    items.push(...page.items);
    pages += 1;
    after = page.hasMore ? page.nextCursor : null;
  } while (after);
  return { items, pages };
};

const key = (row: MetaInsightRow) => `${row.ad_id}@${row.date_start}`;

describe('Meta Graph client against the Meta sandbox', () => {
  it('reads the user and their ad accounts, pinned to one version, the token only in a header', async () => {
    expect(await client.me()).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Sandbox Advertiser' });
    const accounts = await client.adAccounts();
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toEqual({
      id: accountId,
      account_id: accountId.slice(4),
      name: 'Northwind Trail Co.',
      currency: 'USD',
      timezone_name: 'America/Los_Angeles',
      account_status: 1,
    });
    const seen = sandbox.state.requests.slice(-2);
    for (const request of seen) {
      expect(request.path.startsWith(`/${META_GRAPH_API_VERSION}/`)).toBe(true);
      expect(request.tokenVia).toBe('header');
      expect(request.query).not.toContain(sandbox.accessToken);
    }
  });

  it('pages every list to the end, each object once, archived and deleted ones included', async () => {
    const account = sandbox.state.account();
    for (const kind of META_LIST_KINDS) {
      const { items, pages } = await readAll((after) => client.listPage(kind, accountId, { after, limit: 50 }));
      expect(items.length, kind).toBe(account.count(kind));
      expect(new Set(items.map((i) => i.id)).size, kind).toBe(items.length);
      expect(pages, kind).toBe(Math.ceil(account.count(kind) / 50));
      // Graph answers them only when asked: the request names every status (ad creatives have no such filter).
      const query = new URLSearchParams(sandbox.state.requests.at(-1)!.query);
      const named = query.get('effective_status');
      expect(named === null ? null : JSON.parse(named), kind).toEqual(
        kind === 'adcreatives' ? null : [...META_EFFECTIVE_STATUSES],
      );
    }
    const { items: every } = await readAll((after) => client.listPage('ads', accountId, { after }));
    const statuses = every.map((ad) => ad.effective_status);
    expect(statuses.filter((s) => s === 'DELETED').length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 'ARCHIVED').length).toBeGreaterThan(0);
    const { items: ads } = await client.listPage('ads', accountId, { limit: 1 });
    expect(ads[0]).toMatchObject({ adset_id: expect.any(String), creative: { id: expect.any(String) } });
    const { items: creatives } = await client.listPage('adcreatives', accountId, { limit: 1 });
    expect(creatives[0]!.url_tags).toContain('utm_campaign=spring-sale');
  });

  it('pages a small insights range to the end: every (ad, day) row once, figures as the sandbox has them', async () => {
    const options = { since: '2026-05-20', until: '2026-05-27' };
    const { items } = await readAll((after) => client.insightsPage(accountId, { ...options, after, limit: 100 }));
    const totals = insightTotals(
      sandbox.state.account(),
      dayRange(sandbox.state.account(), options.since, options.until),
    );
    expect(items.length).toBe(totals.rows);
    expect(new Set(items.map(key)).size).toBe(items.length);
    const spend = items.reduce((sum, row) => sum + Math.round(Number(row.spend) * 100), 0);
    expect(spend).toBe(totals.spendMinor);
    // Every ad's rows, deleted and archived ones' too: more than Graph answers unasked.
    const unasked = insightTotals(
      sandbox.state.account(),
      dayRange(sandbox.state.account(), options.since, options.until),
      META_SHOWN_BY_DEFAULT,
    );
    expect(spend).toBeGreaterThan(unasked.spendMinor);
    const filtering = new URLSearchParams(sandbox.state.requests.at(-1)!.query).get('filtering');
    expect(JSON.parse(filtering!)).toEqual([
      { field: 'ad.effective_status', operator: 'IN', value: [...META_EFFECTIVE_STATUSES] },
    ]);
    expect(items[0]).toMatchObject({
      date_start: '2026-05-20',
      date_stop: '2026-05-20',
      campaign_id: expect.any(String),
    });
  });

  it('runs an insights job from POST through polling to paged rows', async () => {
    const options = { since: '2026-04-18', until: '2026-05-27' };
    const { reportRunId } = await client.startInsightsJob(accountId, options);
    expect(sandbox.state.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/${META_GRAPH_API_VERSION}/${accountId}/insights`,
    });
    const statuses: string[] = [];
    for (;;) {
      const status = await client.insightsJobStatus(reportRunId);
      statuses.push(status.status);
      if (status.done || status.failed) break;
    }
    expect(statuses).toEqual(['Job Not Started', 'Job Running', 'Job Completed']);
    const { items } = await readAll((after) => client.insightsJobPage(reportRunId, { after, limit: 500 }));
    const totals = insightTotals(
      sandbox.state.account(),
      dayRange(sandbox.state.account(), options.since, options.until),
    );
    expect(items.length).toBe(totals.rows);
    expect(new Set(items.map(key)).size).toBe(items.length);

    sandbox.inject({ kind: 'job_failed' });
    const failed = await client.startInsightsJob(accountId, options);
    let last = await client.insightsJobStatus(failed.reportRunId);
    while (!last.done && !last.failed) last = await client.insightsJobStatus(failed.reportRunId);
    expect(last).toMatchObject({ status: 'Job Failed', failed: true, done: false });
  });

  it('classifies each failure the sandbox can answer', async () => {
    sandbox.inject({ kind: 'expired_token' });
    expect(await failure(client.me())).toMatchObject({ kind: 'auth', status: 400, vendorCode: '190/463' });
    const expired = createMetaClient({ accessToken: sandbox.accessTokens.expired, baseUrl: sandbox.url });
    expect(await failure(expired.adAccounts())).toMatchObject({ kind: 'auth', vendorCode: '190/463' });
    const wrong = createMetaClient({ accessToken: 'EAAGnotarealtoken', baseUrl: sandbox.url });
    expect(await failure(wrong.me())).toMatchObject({ kind: 'auth', vendorCode: '190' });
    const limited = createMetaClient({ accessToken: sandbox.accessTokens.noAdsRead, baseUrl: sandbox.url });
    expect((await limited.me()).name).toBe('Sandbox Advertiser');
    expect(await failure(limited.listPage('campaigns', accountId))).toMatchObject({
      kind: 'permission',
      vendorCode: '200',
    });
    sandbox.inject({ kind: 'permission' });
    expect(await failure(client.listPage('ads', accountId))).toMatchObject({ kind: 'permission', vendorCode: '10' });

    sandbox.inject({ kind: 'rate_limit', path: /\/campaigns$/ });
    const throttled = await failure(client.listPage('campaigns', accountId));
    expect(throttled).toMatchObject({ kind: 'rate_limited', vendorCode: '80004/2446079', retryAfterMs: 60_000 });
    expect(throttled.traceId).toMatch(/^A/);
    sandbox.inject({ kind: 'rate_limit' });
    expect(await failure(client.me())).toMatchObject({ kind: 'rate_limited', vendorCode: '17' });
    sandbox.inject({ kind: 'server_error' });
    expect(await failure(client.me())).toMatchObject({ kind: 'transient', status: 500, vendorCode: '1' });
    sandbox.inject({ kind: 'unexpected_error' });
    expect(await failure(client.me())).toMatchObject({ kind: 'transient', vendorCode: '2' });
    sandbox.inject({ kind: 'timeout' });
    const slow = createMetaClient({ accessToken: sandbox.accessToken, baseUrl: sandbox.url, timeoutMs: 200 });
    expect(await failure(slow.me())).toMatchObject({ kind: 'transient', status: undefined });
    expect(await failure(client.listPage('ads', 'act_12; DROP'))).toMatchObject({ kind: 'invalid' });
    expect(await failure(client.insightsJobStatus('../me'))).toMatchObject({ kind: 'invalid' });
    expect(await client.me()).toMatchObject({ name: 'Sandbox Advertiser' });
  });

  it('reads the usage headers into a throttle hint, and waits as Meta says once over the limit', async () => {
    const small = await startMetaSandbox({ seed: 2, now: NOW, usageLimit: { calls: 8, windowMs: 120_000 } });
    try {
      const meta = createMetaClient({ accessToken: small.accessToken, baseUrl: small.url });
      const id = small.state.account().id;
      const percents: number[] = [];
      let pauses = 0;
      for (let i = 0; i < 8; i++) {
        const page = await meta.listPage('campaigns', id, { limit: 2 });
        percents.push(page.throttle.usagePercent);
        if (page.throttle.pauseMs > 0) pauses += 1;
      }
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.at(-1)).toBeGreaterThanOrEqual(87);
      expect(pauses).toBeGreaterThan(0);
      const over = await failure(meta.listPage('campaigns', id));
      expect(over).toMatchObject({ kind: 'rate_limited', vendorCode: '80004/2446079', retryAfterMs: 120_000 });
      expect(small.state.rateLimitViolations).toBe(1);
    } finally {
      await small.close();
    }
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({
        1: [
          {
            type: 'ads_insights',
            call_count: 80,
            total_cputime: 20,
            total_time: 20,
            estimated_time_to_regain_access: 0,
          },
        ],
      }),
    });
    expect(throttleHint(headers)).toMatchObject({ usagePercent: 80, pauseMs: 1302 });
    expect(throttleHint(new Headers())).toEqual({ usagePercent: 0, pauseMs: 0, usage: undefined });
    // The account's reset time bounds the pause; a next call as costly as the largest so far that would pass 95 %
    // waits until the usage can take it (here: 3 s to reset 76 points, 10 of them to shed before a 24-point call).
    const account = (pct: number, reset: number) =>
      new Headers({ 'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: pct, reset_time_duration: reset }) });
    expect(throttleHint(account(90, 2)).pauseMs).toBe(2_000);
    expect(throttleHint(account(76, 3)).pauseMs).toBe(52);
    expect(throttleHint(account(76, 3), 24).pauseMs).toBe(395);
    expect(throttleHint(account(60, 3), 10).pauseMs).toBe(0);
  });

  it('never lets the token out: not in errors (message, JSON, stack), logs, or the URLs the sandbox saw', async () => {
    const token = sandbox.accessToken;
    const errors: VendorError[] = [];
    for (const kind of ['expired_token', 'rate_limit', 'server_error', 'permission'] as const) {
      sandbox.inject({ kind });
      errors.push(await failure(client.listPage('campaigns', accountId)));
    }
    sandbox.inject({ kind: 'timeout' });
    errors.push(await failure(createMetaClient({ accessToken: token, baseUrl: sandbox.url, timeoutMs: 100 }).me()));
    errors.push(await failure(createMetaClient({ accessToken: token, baseUrl: 'http://127.0.0.1:1' }).me()));
    for (const err of errors) {
      expect(err.message).not.toContain(token);
      expect(JSON.stringify(err)).not.toContain(token);
      expect(String(err.stack)).not.toContain(token);
    }
    expect(JSON.stringify(logLines)).not.toContain(token);
    expect(logLines.length).toBeGreaterThan(0);
    for (const request of sandbox.state.requests) {
      expect(request.query).not.toContain(token);
      expect(request.path).not.toContain(token);
    }
  });
});
