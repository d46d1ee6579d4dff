import type { AdOptimizationAction, OptimizationAction, OptimizationRecommendation } from '@ri/contracts';
import { type GoogleSandbox, type MetaSandbox, startGoogleSandbox, startMetaSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import type { FindRecommendation, FoundRecommendation } from './index.js';

// Implement Optimization against the Meta and Google Ads sandboxes, through the real connect, sync and writers. The
// recommendations come from a stub (the ads module computes them in the product): one fixed list per business.
// One file past 400 lines, as ads.test.ts: every scenario reads the same app and two synced sandboxes.

let meta: MetaSandbox;
let google: GoogleSandbox;
let t: TestApp;
const logLines: string[] = [];
const recommendations = new Map<string, FoundRecommendation[]>();
const findRecommendation: FindRecommendation = async (_db, businessId, campaignId, recommendationId) =>
  recommendations
    .get(businessId)
    ?.find((f) => f.campaign.id === campaignId && f.recommendation.id === recommendationId) ?? null;

beforeAll(async () => {
  meta = await startMetaSandbox({ seed: 17, accounts: [{ ads: 12, days: 10 }] });
  meta.state.setJobPolls(1);
  google = await startGoogleSandbox({ seed: 17, accounts: [{ ads: 12, days: 10 }] });
  t = await createTestApp(
    {
      META_GRAPH_URL: meta.url,
      GOOGLE_ADS_API_URL: google.url,
      GA4_API_URL: google.url,
      GOOGLE_ADS_DEVELOPER_TOKEN: google.developerToken,
      LOG_LEVEL: 'debug',
    },
    { findRecommendation, logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await meta?.close();
  await google?.close();
});

type Owner = Awaited<ReturnType<typeof signUp>>;
const call = (owner: Owner, method: 'GET' | 'POST', url: string, payload?: object, business?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(owner.token), ...(business ? { 'x-business-id': business } : {}) },
    ...(payload ? { payload } : {}),
  });
const implement = (owner: Owner, campaign_id: string, recommendation_id: string) =>
  call(owner, 'POST', '/analytics/ad-optimizations', { campaign_id, recommendation_id });
const undo = (owner: Owner, id: string) => call(owner, 'POST', `/analytics/ad-optimizations/${id}/undo`);

/** A business of its own connected to the sandbox account with `token`, synced. */
async function connect(platform: 'facebook' | 'google', token: string): Promise<Owner> {
  const owner = await signUp(t);
  const saved =
    platform === 'facebook'
      ? await call(owner, 'POST', '/integrations/facebook/save', {
          accessToken: token,
          adAccountId: meta.state.account().id,
        })
      : await call(owner, 'POST', '/integrations/google/save', { accessToken: token });
  expect(saved.statusCode, saved.body).toBe(201);
  expect((await call(owner, 'POST', `/integrations/${saved.json().integration.id}/sync`)).statusCode).toBe(202);
  await t.syncRunner.drain();
  return owner;
}

/** Gives the business a recommendation for one of its campaigns, as the ads module would answer it. */
function recommend(
  owner: Owner,
  campaign: { platform: 'facebook' | 'google'; vendorId: string; name: string; currency: string },
  id: string,
  action: OptimizationAction,
): string {
  const campaignId = `${campaign.platform}_${campaign.vendorId}`;
  const recommendation: OptimizationRecommendation = {
    id,
    campaign_id: campaignId,
    type: action.kind === 'pause_ad' ? 'creative' : action.kind === 'set_budget' ? 'budget' : 'targeting',
    title:
      action.kind === 'set_budget'
        ? 'Raise the daily budget'
        : action.kind === 'pause_ad'
          ? 'Pause the fatigued ad'
          : 'Refine targeting',
    description: 'Grounded in the campaign’s own figures.',
    expected_impact: 'More conversions at the same ROAS',
    implementation_steps: ['Open the campaign', 'Make the change'],
    priority: 'high',
    evidence: [{ metric: 'roas', value: 4.2, threshold: 3 }],
    action,
    applies_on_platform: true,
  };
  const list = recommendations.get(owner.businessId) ?? [];
  list.push({
    recommendation,
    campaign: {
      id: campaignId,
      name: campaign.name,
      platform: campaign.platform,
      vendorId: campaign.vendorId,
      integrationId: null,
      currency: campaign.currency,
      budgetLevel: campaign.platform === 'google' ? 'campaign' : 'adset',
      dailyBudgetMinor: null,
    },
  });
  recommendations.set(owner.businessId, list);
  return campaignId;
}

/** A budget change of one campaign or ad set, as the ads module words it. */
const setBudget = (level: 'campaign' | 'adset', id: string, from: number, to: number): OptimizationAction => ({
  kind: 'set_budget',
  level,
  target_id: id,
  from,
  to,
  targets: [{ id, name: null, from, to }],
});

const metaAccount = () => meta.state.account();
const metaCampaign = (c: number) => {
  const o = metaAccount().object('campaigns', c);
  return { platform: 'facebook' as const, vendorId: String(o.id), name: String(o.name), currency: 'USD' };
};
const metaAdset = (s: number) => String(metaAccount().object('adsets', s).id);
const campaignIdOf = (c: number) => `facebook_${metaCampaign(c).vendorId}`;
/** A change of each ad set's daily budget by `factor` (whole units, at least one), as the ads module words it. */
function adsetBudgets(campaignId: string, sets: number[], factor: number) {
  const targets = sets.map((s) => {
    const from = metaAccount().dailyBudget('adsets', s)! / 100;
    return {
      id: metaAdset(s),
      name: String(metaAccount().object('adsets', s).name),
      from,
      to: Math.max(1, Math.round(from * factor)),
    };
  });
  const sum = (key: 'from' | 'to') => targets.reduce((total, t) => total + t[key], 0);
  return {
    kind: 'set_budget' as const,
    level: 'adset' as const,
    target_id: campaignId,
    from: sum('from'),
    to: sum('to'),
    targets,
  };
}
const metaPosts = (id: string) => meta.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${id}`));
/** An ad of the campaign that is delivering. */
const activeMetaAd = (c: number, skip = 0) => {
  const account = metaAccount();
  const ads = Array.from({ length: account.spec.ads }, (_, a) => a).filter(
    (a) => account.adCampaign(a) === c && account.status('ads', a) === 'ACTIVE',
  );
  return ads[skip]!;
};

describe('Implement Optimization on Meta Ads', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await connect('facebook', meta.accessToken);
  });

  it("raises an ad set's daily budget on Meta, records before and after with who did it, and undoes it", async () => {
    const s = 0;
    const before = metaAccount().dailyBudget('adsets', s)!;
    const to = Math.round(before * 1.2) / 100;
    const campaignId = recommend(
      owner,
      metaCampaign(0),
      'budget-up',
      setBudget('adset', metaAdset(s), before / 100, to),
    );

    const res = await implement(owner, campaignId, 'budget-up');
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json() as AdOptimizationAction;
    expect(action).toMatchObject({
      campaign_id: campaignId,
      campaign_name: metaCampaign(0).name,
      platform: 'facebook',
      recommendation_id: 'budget-up',
      type: 'budget',
      status: 'applied',
      before: { daily_budget: before / 100 },
      after: { daily_budget: to },
      currency: 'USD',
      created_by: 'Test User',
      undone_by: null,
      can_undo: true,
    });
    expect(action.message).toMatch(
      /^Raised the daily budget of the ad set “.+” from \$[\d,.]+ to \$[\d,.]+ on Meta\.$/,
    );
    // Meta holds the new budget, and so do the synced rows the screens read.
    expect(metaAccount().dailyBudget('adsets', s)).toBe(Math.round(to * 100));
    const stored = await t.database.executeSql(
      'SELECT daily_budget FROM meta_adsets WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, metaAdset(s)],
    );
    expect(Number(stored.rows[0]!.daily_budget)).toBe(Math.round(to * 100));

    const listed = await call(owner, 'GET', `/analytics/ad-optimizations?campaign_id=${campaignId}`);
    expect(listed.json().actions.map((a: AdOptimizationAction) => a.id)).toContain(action.id);

    const undone = await undo(owner, action.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', undone_by: 'Test User', can_undo: false });
    expect(undone.json().undone_at).not.toBeNull();
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);
    const again = await undo(owner, action.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This optimization was already undone.');
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);
  });

  it('pauses a fatigued ad on Meta and reactivates it on undo', async () => {
    const a = activeMetaAd(1);
    const adId = String(metaAccount().object('ads', a).id);
    const campaignId = recommend(owner, metaCampaign(1), 'pause-fatigued', { kind: 'pause_ad', target_id: adId });
    const res = await implement(owner, campaignId, 'pause-fatigued');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'applied', before: { status: 'ACTIVE' }, after: { status: 'PAUSED' } });
    expect(res.json().message).toMatch(/^Paused the ad “.+” on Meta\.$/);
    expect(metaAccount().status('ads', a)).toBe('PAUSED');
    const stored = await t.database.executeSql(
      'SELECT status FROM meta_ads WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, adId],
    );
    expect(stored.rows[0]!.status).toBe('PAUSED');

    const undone = await undo(owner, res.json().id);
    expect(undone.json().status).toBe('undone');
    expect(metaAccount().status('ads', a)).toBe('ACTIVE');
  });

  it('applies a change once when it is submitted twice at the same moment, or again later', async () => {
    const s = 6;
    const before = metaAccount().dailyBudget('adsets', s)!;
    const campaignId = recommend(
      owner,
      metaCampaign(0),
      'budget-twice',
      setBudget('adset', metaAdset(s), before / 100, before / 100 + 5),
    );
    const writesBefore = metaPosts(metaAdset(s)).length;
    const [first, second] = await Promise.all([
      implement(owner, campaignId, 'budget-twice'),
      implement(owner, campaignId, 'budget-twice'),
    ]);
    const statuses = [first.statusCode, second.statusCode];
    expect(statuses).toContain(201);
    for (const status of statuses) expect([201, 409]).toContain(status);
    expect(metaPosts(metaAdset(s)).length - writesBefore).toBe(1);
    const applied = (first.statusCode === 201 ? first : second).json() as AdOptimizationAction;
    // Later, the same change answers the action already recorded, without a second write.
    const later = await implement(owner, campaignId, 'budget-twice');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).toBe(applied.id);
    expect(metaPosts(metaAdset(s)).length - writesBefore).toBe(1);
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before + 500);
    await undo(owner, applied.id);
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);
  });

  it('records a failed change with Meta’s words and answers 502 with the spec’s text; a retry applies it', async () => {
    const s = 1;
    const before = metaAccount().dailyBudget('adsets', s)!;
    const campaignId = recommend(
      owner,
      metaCampaign(1),
      'budget-outage',
      setBudget('adset', metaAdset(s), before / 100, before / 100 + 10),
    );
    meta.inject({ kind: 'server_error', path: `/v25.0/${metaAdset(s)}` });
    const res = await implement(owner, campaignId, 'budget-outage');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to implement optimization. Please try again.');
    expect(res.json().error.reasons[0]).toMatch(/^Meta did not make the change: An unknown error occurred/);
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);
    const listed = (await call(owner, 'GET', `/analytics/ad-optimizations?campaign_id=${campaignId}`)).json()
      .actions as AdOptimizationAction[];
    const failed = listed.find((a) => a.recommendation_id === 'budget-outage')!;
    expect(failed).toMatchObject({ status: 'failed', can_undo: false });
    expect(failed.message).toMatch(/An unknown error occurred/);
    expect((await undo(owner, failed.id)).statusCode).toBe(409);

    const retry = await implement(owner, campaignId, 'budget-outage');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().status).toBe('applied');
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before + 1000);
    await undo(owner, retry.json().id);
  });

  it('refuses to apply a budget that changed since it was recommended, and to undo over a later change', async () => {
    const s = 7;
    const before = metaAccount().dailyBudget('adsets', s)!;
    const stale = recommend(
      owner,
      metaCampaign(1),
      'budget-stale',
      setBudget('adset', metaAdset(s), before / 100 - 3, before / 100 + 3),
    );
    const refused = await implement(owner, stale, 'budget-stale');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Refresh the recommendations before implementing\.$/);
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);

    const campaignId = recommend(
      owner,
      metaCampaign(1),
      'budget-then-edited',
      setBudget('adset', metaAdset(s), before / 100, before / 100 + 3),
    );
    const applied = await implement(owner, campaignId, 'budget-then-edited');
    expect(applied.json().status).toBe('applied');
    // Someone changes the budget in Ads Manager afterwards.
    metaAccount().write('adsets', s, { dailyBudget: before + 9_900 }, Math.floor(Date.now() / 1000));
    const blocked = await undo(owner, applied.json().id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toMatch(/^The daily budget of the ad set “.+” was changed on Meta since/);
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before + 9_900);
    expect((await call(owner, 'GET', '/analytics/ad-optimizations')).json().actions[0]).toMatchObject({
      id: applied.json().id,
      status: 'applied',
      can_undo: true,
    });
  });

  it("changes each ad set's daily budget of an ad-set-budget campaign, applied once, and undoes them together", async () => {
    const sets = metaAccount().adsetsOf(4);
    expect(sets).toHaveLength(2);
    const campaignId = recommend(
      owner,
      metaCampaign(4),
      'budget-down-adsets',
      adsetBudgets(campaignIdOf(4), sets, 0.8),
    );
    const [first, second] = sets.map((s) => ({ id: metaAdset(s), before: metaAccount().dailyBudget('adsets', s)! }));
    const to = (minor: number) => Math.max(1, Math.round((minor * 0.8) / 100));
    const writesBefore = metaPosts(first!.id).length + metaPosts(second!.id).length;

    const res = await implement(owner, campaignId, 'budget-down-adsets');
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json() as AdOptimizationAction;
    expect(action).toMatchObject({
      status: 'applied',
      before: {
        [`daily_budget:${first!.id}`]: first!.before / 100,
        [`daily_budget:${second!.id}`]: second!.before / 100,
      },
      after: { [`daily_budget:${first!.id}`]: to(first!.before), [`daily_budget:${second!.id}`]: to(second!.before) },
      can_undo: true,
    });
    expect(action.action).toMatchObject({
      kind: 'set_budget',
      level: 'adset',
      targets: [{ id: first!.id }, { id: second!.id }],
    });
    expect(action.message).toMatch(
      /^Lowered the daily budgets of 2 ad sets on Meta: “[^”]+” from \$[\d,.]+ to \$[\d,.]+, “[^”]+” from \$[\d,.]+ to \$[\d,.]+\.$/,
    );
    // Meta holds both new budgets, and so do the synced rows.
    expect(sets.map((s) => metaAccount().dailyBudget('adsets', s))).toEqual([
      to(first!.before) * 100,
      to(second!.before) * 100,
    ]);
    const stored = await t.database.executeSql(
      'SELECT vendor_id, daily_budget FROM meta_adsets WHERE business_id = $1 AND vendor_id = ANY($2) ORDER BY vendor_id',
      [owner.businessId, [first!.id, second!.id]],
    );
    expect(Object.fromEntries(stored.rows.map((r) => [r.vendor_id, Number(r.daily_budget)]))).toEqual({
      [first!.id]: to(first!.before) * 100,
      [second!.id]: to(second!.before) * 100,
    });
    // The same change again is the action already recorded: no second write.
    const again = await implement(owner, campaignId, 'budget-down-adsets');
    expect(again.json().id).toBe(action.id);
    expect(metaPosts(first!.id).length + metaPosts(second!.id).length - writesBefore).toBe(2);

    const undone = await undo(owner, action.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().status).toBe('undone');
    expect(undone.json().message).toMatch(
      / Undone: the daily budgets of 2 ad sets are back: “[^”]+” at \$[\d,.]+, “[^”]+” at \$[\d,.]+\.$/,
    );
    expect(sets.map((s) => metaAccount().dailyBudget('adsets', s))).toEqual([first!.before, second!.before]);
  });

  it('changes no ad set when one of them no longer holds its recommended budget, and undoes none over a later edit', async () => {
    const sets = metaAccount().adsetsOf(5);
    const budgets = () => sets.map((s) => metaAccount().dailyBudget('adsets', s));
    const before = budgets();
    const stale = adsetBudgets(campaignIdOf(5), sets, 1.2);
    stale.targets[1]!.from += 3;
    const campaignId = recommend(owner, metaCampaign(5), 'adsets-stale', stale);
    const writes = () => sets.reduce((n, s) => n + metaPosts(metaAdset(s)).length, 0);
    const writesBefore = writes();
    const refused = await implement(owner, campaignId, 'adsets-stale');
    expect(refused.statusCode).toBe(409);
    const second = String(metaAccount().object('adsets', sets[1]!).name);
    expect(refused.json().error.message).toBe(
      `The daily budget of the ad set “${second}” is $${(before[1]! / 100).toFixed(2)} on Meta now, not $${(before[1]! / 100 + 3).toFixed(2)} as when this was recommended. Refresh the recommendations before implementing.`,
    );
    expect(writes()).toBe(writesBefore);
    expect(budgets()).toEqual(before);

    recommend(owner, metaCampaign(5), 'adsets-then-edited', adsetBudgets(campaignIdOf(5), sets, 1.2));
    const applied = await implement(owner, campaignId, 'adsets-then-edited');
    expect(applied.json().status).toBe('applied');
    const raised = budgets();
    // Someone changes the second ad set in Ads Manager afterwards: undo changes neither.
    metaAccount().write('adsets', sets[1]!, { dailyBudget: before[1]! + 700 }, Math.floor(Date.now() / 1000));
    const blocked = await undo(owner, applied.json().id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toMatch(
      new RegExp(`^The daily budget of the ad set “${second}” was changed on Meta since`),
    );
    expect(budgets()).toEqual([raised[0], before[1]! + 700]);
  });

  it('puts back the ad sets it changed when Meta refuses one midway, and records the failure in Meta’s words', async () => {
    const sets = metaAccount().adsetsOf(3);
    const budgets = () => sets.map((s) => metaAccount().dailyBudget('adsets', s));
    const before = budgets();
    const change = adsetBudgets(campaignIdOf(3), sets, 0.8);
    // Under Meta's minimum daily budget: Meta refuses the second ad set after the first has changed.
    change.targets[1]!.to = 0.5;
    const campaignId = recommend(owner, metaCampaign(3), 'adsets-midway', change);
    const res = await implement(owner, campaignId, 'adsets-midway');
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to implement optimization. Please try again.');
    const first = String(metaAccount().object('adsets', sets[0]!).name);
    const second = String(metaAccount().object('adsets', sets[1]!).name);
    expect(res.json().error.reasons[0]).toMatch(
      new RegExp(
        `^Meta did not make the change to the ad set “${second}”: Invalid parameter \\(Your Budget Is Too Low: The minimum daily budget is 1\\.00 USD\\.\\)\\. The ad set “${first}” it had already changed is back at \\$${(before[0]! / 100).toFixed(2)}\\.$`,
      ),
    );
    expect(budgets()).toEqual(before);
    expect(metaPosts(metaAdset(sets[0]!)).length).toBeGreaterThanOrEqual(2);
    const listed = (await call(owner, 'GET', `/analytics/ad-optimizations?campaign_id=${campaignId}`)).json()
      .actions as AdOptimizationAction[];
    const failed = listed.find((a) => a.recommendation_id === 'adsets-midway')!;
    expect(failed).toMatchObject({ status: 'failed', before: {}, after: {}, can_undo: false });
    expect((await undo(owner, failed.id)).json().error.message).toBe(
      'This optimization failed and changed nothing: there is nothing to undo.',
    );
  });

  it('records a change no API makes as a task, and undoes a task without calling Meta', async () => {
    const campaignId = recommend(owner, metaCampaign(2), 'targeting', { kind: 'task' });
    const requests = meta.state.requests.length;
    const res = await implement(owner, campaignId, 'targeting');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'task', before: {}, after: {}, can_undo: true });
    expect(res.json().message).toBe(
      'Meta cannot make this change through its API; recorded as a task: Refine targeting.',
    );
    expect((await undo(owner, res.json().id)).json()).toMatchObject({ status: 'undone', undone_by: 'Test User' });
    expect(meta.state.requests.length).toBe(requests);
  });
});

describe('Implement Optimization with read-only credentials', () => {
  it('records a Meta change as a task when the token lacks ads_management, and changes nothing', async () => {
    const owner = await connect('facebook', meta.accessTokens.readOnly);
    const s = 2;
    const before = metaAccount().dailyBudget('adsets', s)!;
    const campaignId = recommend(
      owner,
      metaCampaign(2),
      'budget-read-only',
      setBudget('adset', metaAdset(s), before / 100, before / 100 + 20),
    );
    const res = await implement(owner, campaignId, 'budget-read-only');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'task', before: {}, after: {} });
    expect(res.json().message).toBe(
      'Your Meta connection is read-only (no ads_management); recorded as a task: Raise the daily budget.',
    );
    expect(metaAccount().dailyBudget('adsets', s)).toBe(before);
    expect(metaPosts(metaAdset(s)).filter((r) => r.tokenHint === meta.accessTokens.readOnly.slice(-4))).toEqual([]);
  });

  it('records a Google change as a task for a Read only user, and changes nothing', async () => {
    const owner = await connect('google', google.accessTokens.readOnly);
    const data = google.state.account();
    const before = data.budgetMicros(2);
    const campaignId = recommend(
      owner,
      { platform: 'google', vendorId: data.campaignId(2), name: data.campaignName(2), currency: 'USD' },
      'google-read-only',
      setBudget('campaign', data.campaignId(2), before / 1e6, before / 1e6 + 15),
    );
    const res = await implement(owner, campaignId, 'google-read-only');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('task');
    expect(res.json().message).toBe(
      "Your Google Ads connection is read-only (your user's access to this Google Ads account is Read only); recorded as a task: Raise the daily budget.",
    );
    expect(data.budgetMicros(2)).toBe(before);
  });
});

describe('Implement Optimization on Google Ads', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await connect('google', google.accessToken);
  });
  const data = () => google.state.account();
  const campaign = (c: number) => ({
    platform: 'google' as const,
    vendorId: data().campaignId(c),
    name: data().campaignName(c),
    currency: 'USD',
  });

  it("changes a campaign's budget on Google Ads and restores it on undo", async () => {
    const before = data().budgetMicros(0);
    const campaignId = recommend(
      owner,
      campaign(0),
      'google-budget',
      setBudget('campaign', data().campaignId(0), before / 1e6, before / 1e6 - 5),
    );
    const res = await implement(owner, campaignId, 'google-budget');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'applied',
      platform: 'google',
      before: { daily_budget: before / 1e6 },
      after: { daily_budget: before / 1e6 - 5 },
    });
    expect(res.json().message).toMatch(
      /^Lowered the daily budget of the campaign “.+” from \$[\d,.]+ to \$[\d,.]+ on Google Ads\.$/,
    );
    expect(data().budgetMicros(0)).toBe(before - 5_000_000);
    const stored = await t.database.executeSql(
      'SELECT daily_budget FROM google_campaigns WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, data().campaignId(0)],
    );
    expect(Number(stored.rows[0]!.daily_budget)).toBe((before - 5_000_000) / 10_000);
    expect((await undo(owner, res.json().id)).json().status).toBe('undone');
    expect(data().budgetMicros(0)).toBe(before);
  });

  it('pauses an ad group ad on Google Ads and enables it again on undo', async () => {
    const d = data();
    const a = Array.from({ length: d.spec.ads }, (_, i) => i).find(
      (i) => d.adCampaign(i) === 1 && d.adStatus(i) === 'ENABLED',
    )!;
    const key = `${d.adGroupId(d.adGroupOf(a))}~${d.adId(a)}`;
    const campaignId = recommend(owner, campaign(1), 'google-pause', { kind: 'pause_ad', target_id: key });
    const res = await implement(owner, campaignId, 'google-pause');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'applied', before: { status: 'ENABLED' }, after: { status: 'PAUSED' } });
    expect(d.adStatus(a)).toBe('PAUSED');
    const stored = await t.database.executeSql(
      'SELECT status FROM google_ads WHERE business_id = $1 AND vendor_id = $2',
      [owner.businessId, key],
    );
    expect(stored.rows[0]!.status).toBe('PAUSED');
    expect((await undo(owner, res.json().id)).json().status).toBe('undone');
    expect(d.adStatus(a)).toBe('ENABLED');
  });
});

describe('Implement Optimization: who may call it, and with what', () => {
  let owner: Owner;
  let other: Owner;
  let actionId: string;
  let campaignId: string;
  beforeAll(async () => {
    owner = await signUp(t);
    other = await signUp(t);
    campaignId = recommend(owner, metaCampaign(3), 'owner-task', { kind: 'task' });
    actionId = (await implement(owner, campaignId, 'owner-task')).json().id;
  });

  it("answers 404 for another business's campaign and action, naming the recommendation", async () => {
    const res = await implement(other, campaignId, 'owner-task');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(
      `Optimization recommendation owner-task not found for campaign ${campaignId}`,
    );
    expect((await undo(other, actionId)).statusCode).toBe(404);
    expect((await undo(other, 'not-a-uuid')).statusCode).toBe(404);
    const list = await call(other, 'GET', '/analytics/ad-optimizations');
    expect(list.json().actions).toEqual([]);
    // Still the owner's, untouched.
    const own = (await call(owner, 'GET', '/analytics/ad-optimizations')).json().actions as AdOptimizationAction[];
    expect(own.map((a) => [a.id, a.status])).toEqual([[actionId, 'task']]);
  });

  it('refuses viewers (the read-only demo business) with 403', async () => {
    const businesses = (await call(owner, 'GET', '/businesses')).json().businesses as {
      id: string;
      is_demo: boolean;
    }[];
    const demo = businesses.find((b) => b.is_demo)!.id;
    const res = await call(
      owner,
      'POST',
      '/analytics/ad-optimizations',
      { campaign_id: campaignId, recommendation_id: 'x' },
      demo,
    );
    expect(res.statusCode).toBe(403);
    expect(
      (await call(owner, 'POST', `/analytics/ad-optimizations/${actionId}/undo`, undefined, demo)).statusCode,
    ).toBe(403);
  });

  it('answers 400 naming the field for a bad body or query', async () => {
    const cases: [string, object, string][] = [
      ['POST', { campaign_id: campaignId }, 'recommendation_id'],
      ['POST', { recommendation_id: 'owner-task' }, 'campaign_id'],
      ['POST', { campaign_id: campaignId, recommendation_id: 'owner-task', days: 14 }, 'days'],
    ];
    for (const [, payload, field] of cases) {
      const res = await call(owner, 'POST', '/analytics/ad-optimizations', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    const list = await call(owner, 'GET', '/analytics/ad-optimizations?limit=0');
    expect(list.statusCode).toBe(400);
    expect(list.json().error.field).toBe('limit');
  });

  it('keeps every token out of answers and log lines', () => {
    const secrets = [meta.accessToken, meta.accessTokens.readOnly, google.accessToken, google.accessTokens.readOnly];
    const logged = logLines.join('\n');
    expect(logged).toContain('vendor call');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});
