import { type MetaSandbox, startMetaSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

let sandbox: MetaSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const logLines: string[] = [];

beforeAll(async () => {
  sandbox = await startMetaSandbox({
    seed: 11,
    accounts: [
      { ads: 12, days: 10 },
      { ads: 4, days: 10 },
    ],
  });
  t = await createTestApp(
    { META_GRAPH_URL: sandbox.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const post = (path: 'test-credentials' | 'save', payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/facebook/${path}`,
    headers: bearer(owner.token),
    payload,
  });
const stored = () => t.database.db.select().from(integrations);

describe('connecting Meta Ads: section 5 before Meta is asked', () => {
  const short = 'EAAGshort-token-of-forty-characters-xxxxx';
  it.each([
    [{}, 'accessToken', 'Access Token is required'],
    [{ accessToken: '   ' }, 'accessToken', 'Access Token is required'],
    [
      { accessToken: short },
      'accessToken',
      'This Meta business access token is too short: Meta business access tokens are typically much longer (100+ characters). Please check your token.',
    ],
    [
      { accessToken: `EAAG${'a'.repeat(40)}test${'b'.repeat(20)}` },
      'accessToken',
      'Please provide a real Meta business access token, not a test or placeholder value.',
    ],
    [
      { accessToken: 'x'.repeat(64) },
      'accessToken',
      'Please provide a real Meta business access token, not a test or placeholder value.',
    ],
    [
      { accessToken: `EAAG${'c'.repeat(80)}`, adAccountId: 'my-account' },
      'adAccountId',
      'Ad Account ID must be the number of the ad account, with or without act_',
    ],
  ])('refuses %j naming %s', async (body, field, message) => {
    const before = sandbox.state.requests.length;
    for (const path of ['test-credentials', 'save'] as const) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field, message: expect.stringContaining(message) });
    }
    expect(sandbox.state.requests.length).toBe(before);
    expect(await stored()).toHaveLength(0);
  });
});

describe('connecting Meta Ads against the Meta sandbox', () => {
  it('detects the ad account when none is given and says what the token can do, storing nothing', async () => {
    const res = await post('test-credentials', { accessToken: sandbox.accessToken });
    expect(res.statusCode).toBe(200);
    const first = sandbox.state.account();
    expect(res.json()).toMatchObject({
      valid: true,
      error: null,
      account_type: 'social_ads',
      userInfo: { has_ad_access: true, ad_access_error: null },
      vendor_account: {
        id: first.id,
        name: 'Northwind Trail Co.',
        currency: 'USD',
        time_zone: 'America/Los_Angeles',
      },
      permission_level: 'full',
    });
    expect(res.json().capabilities).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Read daily ad insights/),
        expect.stringMatching(/^Read campaigns/),
      ]),
    );
    expect(res.json().limitations).toEqual([
      expect.stringMatching(/^The token reads 2 ad accounts; this integration syncs/),
    ]);
    expect(res.json().next_steps.immediate.length).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(0);
  });

  it('takes the ad account asked for, with or without act_', async () => {
    const second = sandbox.state.accounts[1]!;
    for (const adAccountId of [second.id, second.spec.accountId]) {
      const res = await post('test-credentials', { accessToken: sandbox.accessToken, adAccountId });
      expect(res.json()).toMatchObject({
        valid: true,
        vendor_account: { id: second.id, currency: 'GBP', time_zone: 'Europe/London' },
        limitations: [],
      });
    }
  });

  it('refuses an ad account the token cannot read, naming adAccountId', async () => {
    const tested = await post('test-credentials', { accessToken: sandbox.accessToken, adAccountId: 'act_999' });
    expect(tested.json()).toMatchObject({
      valid: false,
      error: expect.stringMatching(/^This token cannot read ad account act_999/),
    });
    const saved = await post('save', { accessToken: sandbox.accessToken, adAccountId: '999' });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toMatchObject({ code: 'invalid_credentials', field: 'adAccountId' });
    expect(await stored()).toHaveLength(0);
  });

  it('reports business access when Meta refuses the insights, and limited access without ads_read', async () => {
    sandbox.inject({ kind: 'permission', path: /\/insights$/ });
    const business = await post('test-credentials', { accessToken: sandbox.accessToken });
    expect(business.json()).toMatchObject({ valid: true, permission_level: 'business' });
    expect(business.json().limitations[0]).toMatch(/^Cannot read daily ad insights.*\(#10\)/);

    const limited = await post('test-credentials', { accessToken: sandbox.accessTokens.noAdsRead });
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toMatchObject({
      valid: true,
      permission_level: 'limited',
      userInfo: { has_ad_access: false, ad_access_error: expect.stringContaining('(#200)') },
    });
    expect(limited.json().userInfo.ad_access_error).toContain('ads_read');
    // Nothing it could sync is saved.
    const saved = await post('save', { accessToken: sandbox.accessTokens.noAdsRead });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toMatchObject({ code: 'invalid_credentials', field: 'accessToken' });
    expect(await stored()).toHaveLength(0);
  });

  it('says an expired token is invalid and asks for a new one, saving nothing', async () => {
    const token = sandbox.accessTokens.expired;
    const tested = await post('test-credentials', { accessToken: token });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      valid: false,
      error: expect.stringMatching(
        /^Invalid credentials: Error validating access token: Session has expired on .*Generate a new access token in Meta and connect again\.$/,
      ),
      userInfo: { has_ad_access: false },
    });
    const saved = await post('save', { accessToken: token });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toMatchObject({
      code: 'invalid_credentials',
      field: 'accessToken',
      message: expect.stringMatching(/^Invalid credentials: Error validating access token/),
    });
    expect(saved.body).not.toContain(token);
    expect(saved.body).not.toContain(sandbox.url);
    expect(await stored()).toHaveLength(0);
  });

  it('answers 502 "Failed to connect to Facebook" when Meta fails', async () => {
    sandbox.inject({ kind: 'server_error', times: 1, path: /\/me$/ });
    const res = await post('save', { accessToken: sandbox.accessToken });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'vendor_unavailable',
      message: 'Failed to connect to Facebook: An unknown error occurred',
    });
    expect(await stored()).toHaveLength(0);
  });

  it('saves the token sealed with the account it syncs, and shows only hints', async () => {
    const res = await post('save', { accessToken: sandbox.accessToken, pixelId: '123456789012345' });
    expect(res.statusCode).toBe(201);
    const first = sandbox.state.account();
    expect(res.json()).toMatchObject({
      success: true,
      permission_level: 'full',
      integration: {
        provider: 'facebook_ads',
        name: 'Meta Ads',
        status: 'connected',
        integration_type: 'ad_intelligence',
        vendor_account: { id: first.id, currency: 'USD' },
        permission_level: 'full',
        sandbox: true,
        credential_hints: {
          accessToken: `EAAG…${sandbox.accessToken.slice(-4)}`,
          adAccountId: first.id,
          pixelId: '123456789012345',
        },
      },
    });
    const [row] = await stored();
    expect(JSON.stringify(row)).not.toContain(sandbox.accessToken);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/', headers: bearer(owner.token) });
    expect(list.body).not.toContain(sandbox.accessToken);
    // Connecting again replaces the same integration.
    const again = await post('save', { accessToken: sandbox.accessToken });
    expect(again.json().integration.id).toBe(res.json().integration.id);
    expect(await stored()).toHaveLength(1);
  });

  it('never writes the token to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const token of Object.values(sandbox.accessTokens)) expect(logLines.join('\n')).not.toContain(token);
  });
});
