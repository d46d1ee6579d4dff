import {
  insightFigures,
  insightTotals,
  META_SHOWN_BY_DEFAULT,
  type MetaSandbox,
  startMetaSandbox,
} from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

// One app and one Meta sandbox for the file (building an app is the slow part): each scenario is a business of
// its own connected to an ad account of its own.
let sandbox: MetaSandbox;
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  sandbox = await startMetaSandbox({
    seed: 31,
    accounts: [
      { ads: 60, days: 90 },
      { ads: 20, days: 10 },
      { ads: 60, days: 60 },
      { ads: 40, days: 45 },
      // Ten campaigns: the tenth was archived, and ads 5, 9, 17… were deleted or archived days before the last day.
      { campaigns: 10, ads: 40, days: 40 },
    ],
  });
  // Reports complete on their first status read: the tests are about the sync, not about waiting.
  sandbox.state.setJobPolls(1);
  t = await createTestApp(
    { META_GRAPH_URL: sandbox.url, LOG_LEVEL: 'debug', SYNC_SLICE_SECONDS: '5' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** A business of its own that has connected Meta Ads to the sandbox's account `index`. */
async function connected(index: number) {
  const owner = await signUp(t);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
  const adAccountId = sandbox.state.accounts[index]!.id;
  const saved = await call('POST', '/integrations/facebook/save', { accessToken: sandbox.accessToken, adAccountId });
  expect(saved.statusCode).toBe(201);
  const id = saved.json().integration.id as string;
  const progress = async () => (await call('GET', '/integrations/sync-progress')).json().sync_progress[id];
  return { owner, call, id, progress, account: sandbox.state.accounts[index]! };
}
type App = Awaited<ReturnType<typeof connected>>;

async function count(owner: App['owner'], table: string): Promise<number> {
  const { rows } = await t.database.executeSql(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = $1`, [
    owner.businessId,
  ]);
  return Number(rows[0]!.n);
}

/** The sandbox account's objects and (ad, day) rows, as the tables should hold them. */
function expected(account: App['account']) {
  const totals = insightTotals(account, { from: 0, to: account.spec.days - 1 });
  return {
    tables: {
      meta_campaigns: account.count('campaigns'),
      meta_adsets: account.count('adsets'),
      meta_ads: account.count('ads'),
      meta_creatives: account.count('adcreatives'),
      meta_ad_insights: totals.rows,
    },
    totals,
  };
}

async function expectAllStored(app: App) {
  for (const [table, n] of Object.entries(expected(app.account).tables))
    expect(await count(app.owner, table), table).toBe(n);
}

describe('a Meta Ads sync', () => {
  let app: App;
  beforeAll(async () => {
    app = await connected(0);
  });

  it('stores every object and every (ad, day) row once, with the spend Meta reports', async () => {
    const { owner } = app;
    expect((await app.call('POST', `/integrations/${app.id}/sync`)).statusCode).toBe(202);
    await t.syncRunner.drain();
    expect(await app.progress()).toMatchObject({ overall_status: 'completed', overall_progress: 100 });

    const { tables, totals } = expected(app.account);
    expect(tables.meta_ad_insights).toBeGreaterThan(3_000);
    await expectAllStored(app);
    const { rows } = await t.database.executeSql(
      `SELECT sum(spend)::bigint AS spend, sum(impressions)::bigint AS impressions, sum(clicks)::bigint AS clicks,
              sum((actions->>'purchase')::numeric)::bigint AS purchases,
              sum(coalesce((action_values->>'purchase')::bigint, 0))::bigint AS value,
              count(DISTINCT (ad_id, date))::int AS keys
         FROM meta_ad_insights WHERE business_id = $1`,
      [owner.businessId],
    );
    const sums = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
    expect(sums).toEqual({
      spend: totals.spendMinor,
      impressions: totals.impressions,
      clicks: totals.clicks,
      purchases: totals.purchases,
      value: totals.purchaseValueMinor,
      keys: totals.rows,
    });
    // The 90 days went through three reports; the chunk of a day or so left was read directly.
    expect(sandbox.state.reportRuns.filter((r) => r.account === app.account).length).toBe(3);
    const direct = `/v25.0/${app.account.id}/insights`;
    expect(
      sandbox.state.requests.some((r) => r.method === 'GET' && r.path === direct && r.query.includes('time_range')),
    ).toBe(true);

    // What Ad Intelligence will read: budgets in minor units with the currency, creatives with their UTM values.
    const adset = app.account.object('adsets', 0);
    const budget = await t.database.executeSql(
      'SELECT daily_budget, currency FROM meta_adsets WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, adset.id],
    );
    expect(Number(budget.rows[0]!.daily_budget)).toBe(Number(adset.daily_budget));
    expect(budget.rows[0]!.currency).toBe('usd');
    const creative = await t.database.executeSql(
      `SELECT title, call_to_action, link_url, utm FROM meta_creatives WHERE business_id = $1 ORDER BY vendor_id LIMIT 1`,
      [owner.businessId],
    );
    expect(creative.rows[0]).toMatchObject({
      call_to_action: 'SHOP_NOW',
      link_url: 'https://www.trail-shop.example/',
      utm: {
        utm_source: 'facebook',
        utm_medium: 'paid_social',
        utm_campaign: 'spring-sale',
        utm_content: 'carousel-a',
      },
    });
    const integration = (await app.call('GET', `/integrations/${app.id}`)).json();
    expect(integration).toMatchObject({
      status: 'connected',
      data_points_synced: Object.values(tables).reduce((a, n) => a + n, 0),
    });
  });

  it('reads only the last 28 days of insights on the next run, and still holds each row once', async () => {
    const runsBefore = sandbox.state.reportRuns.length;
    await app.call('POST', `/integrations/${app.id}/sync`);
    await t.syncRunner.drain();
    expect((await app.progress()).overall_status).toBe('completed');
    const runs = sandbox.state.reportRuns.slice(runsBefore);
    expect(runs.length).toBe(1);
    // The window starts 28 days before the last run (a day either side for the account's time zone).
    const days = app.account.spec.days;
    expect(runs[0]!.range.from).toBeGreaterThanOrEqual(days - 30);
    expect(runs[0]!.range.from).toBeLessThanOrEqual(days - 27);
    await expectAllStored(app);
  });
});

describe('a Meta Ads sync Meta slows down or refuses', () => {
  let app: App;
  beforeAll(async () => {
    app = await connected(1);
  });

  it('pauses on a rate limit for the time Meta gives, asks nothing meanwhile, then completes', async () => {
    sandbox.inject({ kind: 'rate_limit', path: /\/adsets$/, regainSeconds: 1 });
    await app.call('POST', `/integrations/${app.id}/sync`);
    for (let i = 0; i < 200 && (await app.progress()).overall_status !== 'timeout_resuming'; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const paused = await app.progress();
    expect(paused).toMatchObject({ overall_status: 'timeout_resuming', current_stage: 'adsets' });
    expect(paused.progress_message).toMatch(
      /^Meta Ads asked us to slow down \(\(#80004\) There have been too many calls/,
    );
    const seen = sandbox.state.requests.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(sandbox.state.requests.length).toBe(seen);
    await t.syncRunner.drain();
    expect((await app.progress()).overall_status).toBe('completed');
    await expectAllStored(app);
  });

  it('stops on a token Meta no longer accepts, and tells the owner to reconnect', async () => {
    sandbox.inject({ kind: 'expired_token', path: /\/ads$/ });
    await app.call('POST', `/integrations/${app.id}/sync`);
    await t.syncRunner.drain();
    const integration = (await app.call('GET', `/integrations/${app.id}`)).json();
    expect(integration.status).toBe('error');
    expect(integration.error).toMatch(
      /^Meta Ads refused the stored credentials \(Error validating access token: Session has expired on .*\)\. Reconnect Meta Ads with valid credentials to sync again\.$/,
    );
    expect((await app.progress()).overall_status).toBe('failed');
    expect(JSON.stringify(integration)).not.toContain(sandbox.accessToken);
  });
});

describe('a Meta Ads sync near the usage limit', () => {
  it('slows down on the usage headers: no request reaches Meta while the account is throttled', async () => {
    const app = await connected(2);
    // An allowance the sync would use up within its window if it did not brake (its reads cost about 70 calls'
    // worth: an insights page of 500 rows costs 6, a seventh of the allowance). Small enough that a sync slowed
    // by a busy machine still comes near it: a usage of 77 % or more makes a pause the owner is told about.
    sandbox.state.setUsageLimit({ calls: 40, windowMs: 2_500 }, true);
    await app.call('POST', `/integrations/${app.id}/sync`);
    const messages = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const progress = await app.progress();
      messages.add(progress.progress_message);
      if (['completed', 'failed'].includes(progress.overall_status)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await app.progress()).overall_status).toBe('completed');
    expect(sandbox.state.rateLimitViolations).toBe(0);
    expect([...messages].some((m) => m.startsWith('Meta asked us to slow down (usage at'))).toBe(true);
    await expectAllStored(app);
  }, 30_000);
});

describe('a Meta Ads sync cut short', () => {
  it('resumes each slice from its report and page: no report started twice, no page asked for twice', async () => {
    // A second server on the same database, with slices of 10 ms (each shorter than a page's fetch and store): the
    // run pauses as timeout_resuming after nearly every page.
    const short = await createTestApp({ META_GRAPH_URL: sandbox.url, SYNC_SLICE_SECONDS: '0.01' }, { sharing: t });
    try {
      const owner = await signUp(short);
      const account = sandbox.state.accounts[3]!;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        short.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: bearer(owner.token),
          ...(payload ? { payload } : {}),
        });
      const saved = await call('POST', '/integrations/facebook/save', {
        accessToken: sandbox.accessToken,
        adAccountId: account.id,
      });
      const id = saved.json().integration.id as string;
      await call('POST', `/integrations/${id}/sync`);
      await short.syncRunner.drain();
      expect(short.syncRunner.stats().paused).toBeGreaterThan(2);
      expect((await call('GET', '/integrations/sync-progress')).json().sync_progress[id].overall_status).toBe(
        'completed',
      );
      await expectAllStored({ owner, account } as App);
      const reports = sandbox.state.reportRuns.filter((r) => r.account === account);
      expect(reports.length).toBe(3);
      const pages = sandbox.state.requests.filter((r) => reports.some((run) => r.path.endsWith(`/${run.id}/insights`)));
      expect(pages.length).toBeGreaterThan(3);
      expect(new Set(pages.map((r) => `${r.path}${r.query}`)).size).toBe(pages.length);
    } finally {
      await short.close();
    }
  });
});

describe('a Meta Ads sync of an account with archived and deleted objects', () => {
  it('stores the ads deleted within the restated window with their spend, and reads their days again', async () => {
    // The allowance the near-the-limit scenario left would only slow this one down.
    sandbox.state.setUsageLimit({ calls: 2000, windowMs: 300_000 }, true);
    const app = await connected(4);
    const { account, owner } = app;
    await app.call('POST', `/integrations/${app.id}/sync`);
    await t.syncRunner.drain();
    expect((await app.progress()).overall_status).toBe('completed');
    // Every object and (ad, day) row, which is more than Graph answers when not asked for every status.
    await expectAllStored(app);
    const range = { from: 0, to: account.spec.days - 1 };
    expect(insightTotals(account, range, META_SHOWN_BY_DEFAULT).spendMinor).toBeLessThan(
      insightTotals(account, range).spendMinor,
    );
    const statuses = await t.database.executeSql(
      `SELECT effective_status, count(*)::int AS n FROM meta_ads WHERE business_id = $1 GROUP BY 1`,
      [owner.businessId],
    );
    const byStatus = Object.fromEntries(statuses.rows.map((r) => [r.effective_status, Number(r.n)]));
    expect(byStatus.DELETED).toBeGreaterThan(0);
    expect(byStatus.ARCHIVED).toBeGreaterThan(0);
    const archived = await t.database.executeSql(
      'SELECT effective_status FROM meta_campaigns WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, account.object('campaigns', 9).id],
    );
    expect(archived.rows[0]!.effective_status).toBe('ARCHIVED');

    // A deleted ad that spent in the last 28 days: its days are stored with the spend Meta reports.
    const ad = Array.from({ length: account.spec.ads }, (_, a) => a).find(
      (a) => account.status('ads', a) === 'DELETED',
    )!;
    const adId = String(account.object('ads', ad).id);
    const { start, end } = account.delivery(ad);
    expect(end).toBeGreaterThan(account.spec.days - 28);
    const day = (d: number) => new Date((account.spec.firstDay + d * 86_400) * 1000).toISOString().slice(0, 10);
    const spentSince = (from: number) => {
      let minor = 0;
      for (let d = Math.max(from, start); d < end; d++) minor += insightFigures(account, d, ad)?.spendMinor ?? 0;
      return minor;
    };
    const stored = async (from: number) => {
      const { rows } = await t.database.executeSql(
        `SELECT count(*)::int AS days, coalesce(sum(spend), 0)::bigint AS spend FROM meta_ad_insights
          WHERE business_id = $1 AND ad_id = $2 AND date >= $3::date`,
        [owner.businessId, adId, day(from)],
      );
      return { days: Number(rows[0]!.days), spend: Number(rows[0]!.spend) };
    };
    expect(await stored(0)).toEqual({ days: end - start, spend: spentSince(0) });
    expect(spentSince(account.spec.days - 26)).toBeGreaterThan(0);

    // The next run reads the restated days again, the deleted ad's among them: spend lost since comes back.
    const restated = account.spec.days - 26;
    await t.database.executeSql(
      'UPDATE meta_ad_insights SET spend = 0 WHERE business_id = $1 AND ad_id = $2 AND date >= $3::date',
      [owner.businessId, adId, day(restated)],
    );
    await app.call('POST', `/integrations/${app.id}/sync`);
    await t.syncRunner.drain();
    expect((await app.progress()).overall_status).toBe('completed');
    expect((await stored(restated)).spend).toBe(spentSince(restated));
    await expectAllStored(app);
  });
});

it('never writes the token to the log', () => {
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain(sandbox.accessToken);
});
