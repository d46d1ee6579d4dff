import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange, insightTotals } from './insights.js';
import { type MetaSandbox, startMetaSandbox } from './sandbox.js';
import { EFFECTIVE_STATUSES } from './statuses.js';

// The Graph wire format as a raw HTTP client sees it; the server's Meta client is tested against it separately.

let sandbox: MetaSandbox;
let act: string;
beforeAll(async () => {
  sandbox = await startMetaSandbox({ seed: 5, now: 1_780_000_000, accounts: [{ ads: 30 }, { ads: 4, days: 10 }] });
  act = sandbox.state.account().id;
});
afterAll(() => sandbox.close());

type Body = {
  data: Record<string, unknown>[];
  paging?: { cursors: { before: string; after: string }; next?: string };
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
  [field: string]: unknown;
};

const get = async (path: string, token: string | null = sandbox.accessToken, init: RequestInit = {}) => {
  const response = await fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
};
const range = encodeURIComponent('{"since":"2026-05-25","until":"2026-05-27"}');
/** Every status, as the business SDKs send a list parameter (a JSON array). */
const everyStatus = encodeURIComponent(JSON.stringify(EFFECTIVE_STATUSES));

describe('Meta sandbox over HTTP', () => {
  it('answers any Graph version, the token as a header or a parameter, and only the fields asked for', async () => {
    const me = await get('/v19.0/me');
    expect(me.body).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Sandbox Advertiser' });
    expect(me.headers.get('facebook-api-version')).toBe('v19.0');
    const viaQuery = await get(`/v25.0/me?fields=id&access_token=${sandbox.accessToken}`, null);
    expect(viaQuery.body).toEqual({ id: me.body.id });
    expect(sandbox.state.requests.at(-1)).toMatchObject({
      tokenVia: 'query',
      tokenHint: sandbox.accessToken.slice(-4),
    });
    const campaigns = await get(`/v25.0/${act}/campaigns`);
    expect(Object.keys(campaigns.body.data[0]!)).toEqual(['id']);
    const named = await get(`/v25.0/${act}/campaigns?fields=name,objective,effective_status`);
    expect(named.body.data[0]).toEqual({ name: 'spring-sale', objective: 'OUTCOME_SALES', effective_status: 'ACTIVE' });
    const one = await get(`/v25.0/${campaigns.body.data[1]!.id}?fields=id,name,lifetime_budget`);
    expect(one.body).toEqual({ id: campaigns.body.data[1]!.id, name: 'trail-coach-video' });
    // A creative's own `body` and `status` fields are data, not an error reply.
    const creatives = await get(`/v25.0/${act}/adcreatives?fields=id,body,status&limit=1`);
    expect(creatives.status).toBe(200);
    expect(creatives.body.data[0]).toMatchObject({ body: expect.any(String), status: 'ACTIVE' });
  });

  it('pages with Graph cursors: next carries the token as Graph does, and the last page has none', async () => {
    const ads = `/v25.0/${act}/ads?limit=25&effective_status=${everyStatus}`;
    const first = await get(ads);
    expect(first.body.data).toHaveLength(25);
    expect(first.body.paging?.next).toContain(`access_token=${sandbox.accessToken}`);
    const second = await get(`${ads}&after=${first.body.paging!.cursors.after}`);
    expect(second.body.data).toHaveLength(5);
    expect(second.body.paging?.next).toBeUndefined();
    const next = await fetch(first.body.paging!.next!).then((r) => r.json() as Promise<Body>);
    expect(next.data).toEqual(second.body.data);
    const ids = [...first.body.data, ...second.body.data].map((a) => a.id);
    expect(new Set(ids).size).toBe(30);
  });

  it('leaves archived and deleted objects and their stats out unless the request names their statuses', async () => {
    const account = sandbox.state.account();
    const statusOf = (a: number) => account.effectiveStatus('ads', a);
    const removed = Array.from({ length: 30 }, (_, a) => a).filter((a) =>
      ['ARCHIVED', 'DELETED'].includes(statusOf(a)),
    );
    expect(removed.map(statusOf)).toEqual(['DELETED', 'ARCHIVED', 'DELETED', 'ARCHIVED', 'DELETED']);
    // Unasked, the edge answers the 25 others, and one page of them is the last.
    const plain = await get(`/v25.0/${act}/ads?fields=id,effective_status&limit=25`);
    expect(plain.body.data).toHaveLength(25);
    expect(plain.body.paging?.next).toBeUndefined();
    expect(plain.body.data.map((a) => a.effective_status)).not.toContain('DELETED');
    // Named by effective_status or by filtering, they come back with their status; a deleted one is read by its id.
    const deleted = encodeURIComponent('["DELETED"]');
    const named = await get(`/v25.0/${act}/ads?fields=id,status,effective_status&effective_status=${deleted}`);
    expect(named.body.data).toHaveLength(3);
    expect(named.body.data[0]).toMatchObject({ status: 'DELETED', effective_status: 'DELETED' });
    const filtering = encodeURIComponent(
      JSON.stringify([{ field: 'ad.effective_status', operator: 'IN', value: ['ARCHIVED'] }]),
    );
    expect((await get(`/v25.0/${act}/ads?filtering=${filtering}`)).body.data).toHaveLength(2);
    expect((await get(`/v25.0/${named.body.data[0]!.id}?fields=effective_status`)).body).toEqual({
      effective_status: 'DELETED',
    });
    // A value Graph does not know is refused, naming the parameter.
    const wrong = await get(`/v25.0/${act}/campaigns?effective_status=${encodeURIComponent('["GONE"]')}`);
    expect(wrong.body.error).toMatchObject({ code: 100, message: expect.stringMatching(/effective_status\[0\]/) });

    // level=ad insights leave the removed ads' rows out too, unless filtered on ad.effective_status.
    const days = dayRange(account, '2026-05-01', '2026-05-27');
    const query = `level=ad&time_increment=1&fields=ad_id,spend&limit=5000&time_range=${encodeURIComponent(
      '{"since":"2026-05-01","until":"2026-05-27"}',
    )}`;
    const spend = (rows: Record<string, unknown>[]) =>
      rows.reduce((sum, r) => sum + Math.round(Number(r.spend) * 100), 0);
    const shown = (await get(`/v25.0/${act}/insights?${query}`)).body.data;
    const all = encodeURIComponent(
      JSON.stringify([{ field: 'ad.effective_status', operator: 'IN', value: EFFECTIVE_STATUSES }]),
    );
    const every = (await get(`/v25.0/${act}/insights?${query}&filtering=${all}`)).body.data;
    expect(every.length).toBe(insightTotals(account, days).rows);
    expect(spend(every)).toBe(insightTotals(account, days).spendMinor);
    const removedIds = new Set(removed.map((a) => account.object('ads', a).id));
    expect(shown.some((r) => removedIds.has(r.ad_id as string))).toBe(false);
    expect(spend(every.filter((r) => removedIds.has(r.ad_id as string)))).toBeGreaterThan(0);
    expect(spend(shown) + spend(every.filter((r) => removedIds.has(r.ad_id as string)))).toBe(spend(every));
    // An insights job keeps its request's filter.
    const job = await get(`/v25.0/${act}/insights`, sandbox.accessToken, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${query}&filtering=${all}`,
    });
    const id = job.body.report_run_id as string;
    for (let i = 0; i < 3; i++) await get(`/v25.0/${id}`);
    expect((await get(`/v25.0/${id}/insights?limit=5000`)).body.data).toEqual(every);
  });

  it('serves daily ad insights in Graph strings, and an async job for the same query', async () => {
    const query = `level=ad&time_increment=1&time_range=${range}&fields=ad_id,spend,impressions,actions,purchase_roas&limit=500`;
    const rows = (await get(`/v25.0/${act}/insights?${query}`)).body.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({
      date_start: '2026-05-25',
      date_stop: '2026-05-25',
      spend: expect.stringMatching(/^\d+\.\d\d$/),
    });
    expect(new Set(rows.map((r) => r.date_start))).toEqual(new Set(['2026-05-25', '2026-05-26', '2026-05-27']));
    const job = await get(`/v25.0/${act}/insights`, sandbox.accessToken, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: query,
    });
    const id = job.body.report_run_id as string;
    expect((await get(`/v25.0/${id}/insights`)).body.error).toMatchObject({ code: 100 });
    for (let i = 0; i < 3; i++) await get(`/v25.0/${id}`);
    expect((await get(`/v25.0/${id}`)).body).toMatchObject({
      async_status: 'Job Completed',
      async_percent_completion: 100,
    });
    expect((await get(`/v25.0/${id}/insights?limit=500`)).body.data).toEqual(rows);
    const wide = encodeURIComponent('{"since":"2020-01-01","until":"2026-05-27"}');
    const small = await startMetaSandbox({ seed: 5, now: 1_780_000_000, syncInsightsMaxRows: 100 });
    const tooMuch = await fetch(`${small.url}/v25.0/${small.state.account().id}/insights?time_range=${wide}`, {
      headers: { Authorization: `Bearer ${small.accessToken}` },
    }).then((r) => r.json() as Promise<Body>);
    // A report runs by itself as Meta's do: after jobMs it has completed at its first status read.
    const post = (sb: typeof small) =>
      fetch(`${sb.url}/v25.0/${sb.state.account().id}/insights`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sb.accessToken}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: query,
      }).then((r) => r.json() as Promise<{ report_run_id: string }>);
    const quick = await startMetaSandbox({ seed: 5, now: 1_780_000_000, jobMs: 30 });
    const run = await post(quick);
    await new Promise((r) => setTimeout(r, 60));
    const status = await fetch(`${quick.url}/v25.0/${run.report_run_id}`, {
      headers: { Authorization: `Bearer ${quick.accessToken}` },
    }).then((r) => r.json() as Promise<Body>);
    await quick.close();
    expect(status).toMatchObject({ async_status: 'Job Completed' });
    await small.close();
    expect(tooMuch.error).toMatchObject({ code: 1 });
  });

  it('answers errors in Graph bodies without repeating the token', async () => {
    const wrong = await get('/v25.0/me', 'EAAGwrong');
    expect([wrong.status, wrong.body.error.code, wrong.body.error.type]).toEqual([400, 190, 'OAuthException']);
    const expired = await get('/v25.0/me', sandbox.accessTokens.expired);
    expect([expired.body.error.code, expired.body.error.error_subcode]).toEqual([190, 463]);
    expect(expired.body.error.message).toMatch(/^Error validating access token: Session has expired on /);
    const denied = await get(`/v25.0/${act}/ads`, sandbox.accessTokens.noAdsRead);
    expect([denied.status, denied.body.error.code]).toEqual([403, 200]);
    expect((await get('/v25.0/me', null)).body.error.code).toBe(104);
    expect((await get('/v25.0/act_1/ads')).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await get(`/v25.0/${act}/ads?fields=colour`)).body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (colour) on node type (Ad)',
    );
    expect((await get(`/v25.0/${act}/insights?level=campaign`)).body.error.code).toBe(100);
    for (const body of [wrong.body, expired.body, denied.body]) {
      expect(JSON.stringify(body)).not.toContain(sandbox.accessToken);
      expect(body.error.fbtrace_id).toMatch(/^A/);
    }
  });

  it('fails on demand, with usage headers at 100 % and a wait on throttling', async () => {
    sandbox.inject({ kind: 'rate_limit', path: `/v25.0/${act}/insights` });
    const throttled = await get(`/v25.0/${act}/insights?time_range=${range}`);
    expect([throttled.status, throttled.body.error.code, throttled.body.error.error_subcode]).toEqual([
      400, 80000, 2446079,
    ]);
    const usage = JSON.parse(throttled.headers.get('x-business-use-case-usage')!);
    expect(usage[act.slice(4)][0]).toMatchObject({
      type: 'ads_insights',
      call_count: 100,
      estimated_time_to_regain_access: 1,
    });
    expect(JSON.parse(throttled.headers.get('x-ad-account-usage')!)).toMatchObject({ acc_id_util_pct: 100 });
    sandbox.inject({ kind: 'rate_limit', path: '/v25.0/me' });
    expect((await get('/v25.0/me')).body.error.code).toBe(17);
    // A throttle of a few seconds: the account header says them, the use-case header 0 whole minutes.
    sandbox.inject({ kind: 'rate_limit', path: `/v25.0/${act}/ads`, regainSeconds: 2 });
    const brief = await get(`/v25.0/${act}/ads`);
    expect(JSON.parse(brief.headers.get('x-ad-account-usage')!).reset_time_duration).toBe(2);
    expect(JSON.parse(brief.headers.get('x-business-use-case-usage')!)[act.slice(4)][0]).toMatchObject({
      estimated_time_to_regain_access: 0,
    });
    sandbox.inject({ kind: 'server_error', times: 2 });
    expect((await get('/v25.0/me')).body.error.code).toBe(1);
    expect((await get('/v25.0/me')).status).toBe(500);
    sandbox.inject({ kind: 'unexpected_error' });
    expect((await get('/v25.0/me')).body.error).toMatchObject({ code: 2, is_transient: true });
    sandbox.inject({ kind: 'expired_token' });
    expect((await get('/v25.0/me')).body.error.error_subcode).toBe(463);
    sandbox.inject({ kind: 'permission' });
    expect((await get('/v25.0/me')).body.error.code).toBe(10);
    sandbox.inject({ kind: 'timeout' });
    await expect(fetch(`${sandbox.url}/v25.0/me`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect((await get('/v25.0/me')).status).toBe(200);
  });

  it('grows the usage with requests in the window and throttles at 100 %, counting violations', async () => {
    sandbox.state.setUsageLimit({ calls: 5, windowMs: 60_000 }, true);
    const other = sandbox.state.accounts[1]!.id;
    const percents: number[] = [];
    const headersSeen: Headers[] = [];
    for (let i = 0; i < 5; i++) {
      const { headers } = await get(`/v25.0/${other}/campaigns`);
      headersSeen.push(headers);
      percents.push(JSON.parse(headers.get('x-business-use-case-usage')!)[other.slice(4)][0].call_count);
    }
    expect(percents).toEqual([20, 40, 60, 80, 100]);
    // Under the limit too, the account header says how long until its score is back to 0 (the window: 60 s).
    expect(JSON.parse(headersSeen.at(-2)!.get('x-ad-account-usage')!).reset_time_duration).toBe(60);
    const over = await get(`/v25.0/${other}/campaigns`);
    expect(over.body.error.code).toBe(80004);
    expect(
      JSON.parse(over.headers.get('x-business-use-case-usage')!)[other.slice(4)][0].estimated_time_to_regain_access,
    ).toBe(1);
    expect(sandbox.state.rateLimitViolations).toBe(1);
    expect(sandbox.state.usage(other).call_count).toBe(100);
    sandbox.state.setUsageLimit({ calls: 2000, windowMs: 300_000 }, true);
    expect((await get(`/v25.0/${other}/campaigns`)).status).toBe(200);
  });
});
