import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaId } from './ids.js';
import { type MetaSandbox, startMetaSandbox } from './sandbox.js';

// Updating objects with `POST /{id}` as a raw Graph client sees it; the server's writer is tested against it
// separately (apps/server, ad-optimizations).

let sandbox: MetaSandbox;
let readOnly: MetaSandbox;
beforeAll(async () => {
  sandbox = await startMetaSandbox({
    seed: 8,
    now: 1_780_000_000,
    accounts: [{ ads: 12 }, { ads: 6, campaigns: 2, campaignBudgets: true, currency: 'JPY' }],
  });
  readOnly = await startMetaSandbox({ seed: 8, now: 1_780_000_000, readOnly: true });
});
afterAll(async () => {
  await sandbox.close();
  await readOnly.close();
});

type Body = Record<string, unknown> & {
  error?: {
    message: string;
    code: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
  };
  data?: Record<string, unknown>[];
};

const request = async (
  box: MetaSandbox,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; form?: Record<string, string>; json?: object } = {},
) => {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.token ?? box.accessToken}` };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${box.url}/v25.0/${path}`, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Body };
};

describe('Meta sandbox writes', () => {
  it("changes an ad set's daily budget: Graph answers success and every later read has the new budget", async () => {
    const account = sandbox.state.account();
    const adset = metaId('adsets', 0, 1);
    const before = await request(sandbox, 'GET', `${adset}?fields=daily_budget,updated_time`);
    expect(before.body.daily_budget).toBe(String(account.adsetBudget(1)));

    const written = await request(sandbox, 'POST', adset, { form: { daily_budget: '12345' } });
    expect(written).toEqual({ status: 200, body: { success: true } });

    const after = await request(sandbox, 'GET', `${adset}?fields=daily_budget,updated_time`);
    expect(after.body.daily_budget).toBe('12345');
    expect(after.body.updated_time).not.toBe(before.body.updated_time);
    const listed = await request(sandbox, 'GET', `${account.id}/adsets?fields=id,daily_budget&limit=50`);
    expect(listed.body.data!.find((a) => a.id === adset)).toEqual({ id: adset, daily_budget: '12345' });
    expect(account.dailyBudget('adsets', 1)).toBe(12345);
  });

  it('pauses and reactivates an ad (JSON body too); its effective status follows', async () => {
    const ad = metaId('ads', 0, 2);
    const paused = await request(sandbox, 'POST', ad, { json: { status: 'PAUSED' } });
    expect(paused.body).toEqual({ success: true });
    const read = await request(sandbox, 'GET', `${ad}?fields=status,effective_status`);
    expect(read.body).toEqual({ status: 'PAUSED', effective_status: 'PAUSED' });
    await request(sandbox, 'POST', ad, { form: { status: 'ACTIVE' } });
    const again = await request(sandbox, 'GET', `${ad}?fields=status`);
    expect(again.body.status).toBe('ACTIVE');
  });

  it('refuses a token without ads_management with code 200, and changes nothing', async () => {
    const ad = metaId('ads', 0, 3);
    const status = sandbox.state.account().status('ads', 3);
    const refused = await request(sandbox, 'POST', ad, {
      token: sandbox.accessTokens.readOnly,
      form: { status: status === 'PAUSED' ? 'ACTIVE' : 'PAUSED' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 200,
      message: '(#200) Requires ads_management permission to manage the object',
    });
    expect(sandbox.state.account().status('ads', 3)).toBe(status);
    // Reading still works with it.
    expect(
      (await request(sandbox, 'GET', `${ad}?fields=status`, { token: sandbox.accessTokens.readOnly })).status,
    ).toBe(200);
  });

  it('lists the granted permissions: ads_management only on tokens that may write', async () => {
    const names = async (box: MetaSandbox, token?: string) =>
      (await request(box, 'GET', 'me/permissions', { token })).body.data!.map((p) => `${p.permission}:${p.status}`);
    expect(await names(sandbox)).toEqual(expect.arrayContaining(['ads_read:granted', 'ads_management:granted']));
    expect(await names(sandbox, sandbox.accessTokens.readOnly)).not.toContain('ads_management:granted');
    expect(await names(readOnly)).toContain('ads_read:granted');
    expect(await names(readOnly)).not.toContain('ads_management:granted');
    const write = await request(readOnly, 'POST', metaId('adsets', 0, 0), { form: { daily_budget: '5000' } });
    expect(write.body.error?.code).toBe(200);
  });

  it('keeps budgets at the level that has them: campaign budgets carry the ad sets’ sum', async () => {
    const account = sandbox.state.account(sandbox.state.accounts[1]!.id);
    const campaign = metaId('campaigns', 1, 0);
    const sum = account.adsetsOf(0).reduce((total, s) => total + account.adsetBudget(s), 0);
    expect((await request(sandbox, 'GET', `${campaign}?fields=daily_budget`)).body.daily_budget).toBe(String(sum));
    expect((await request(sandbox, 'GET', `${metaId('adsets', 1, 0)}?fields=id,daily_budget`)).body).toEqual({
      id: metaId('adsets', 1, 0),
    });
    const onAdset = await request(sandbox, 'POST', metaId('adsets', 1, 0), { form: { daily_budget: '3000' } });
    expect(onAdset.body.error).toMatchObject({ code: 100, error_subcode: 1885621 });
    expect((await request(sandbox, 'POST', campaign, { form: { daily_budget: '4000' } })).body).toEqual({
      success: true,
    });
    expect((await request(sandbox, 'GET', `${campaign}?fields=daily_budget`)).body.daily_budget).toBe('4000');
    // Ad-set-level accounts refuse a campaign budget.
    const abo = await request(sandbox, 'POST', metaId('campaigns', 0, 0), { form: { daily_budget: '4000' } });
    expect(abo.body.error).toMatchObject({ code: 100, error_subcode: 1885621 });
  });

  it('refuses values Meta would refuse, naming the parameter', async () => {
    const adset = metaId('adsets', 0, 0);
    const cases: [Record<string, string>, RegExp][] = [
      [{ status: 'ARCHIVED' }, /status/],
      [{ daily_budget: '12.50' }, /daily_budget/],
      [{ name: 'renamed' }, /name/],
      [{}, /No fields/],
    ];
    for (const [form, message] of cases) {
      const refused = await request(sandbox, 'POST', adset, { form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
      expect(refused.body.error?.message).toMatch(message);
    }
    const low = await request(sandbox, 'POST', adset, { form: { daily_budget: '50' } });
    expect(low.body.error).toMatchObject({ error_subcode: 1885272, error_user_title: 'Your Budget Is Too Low' });
    // A JPY account counts whole yen (Meta's offset 1): 50 is above its floor of 1.
    expect((await request(sandbox, 'POST', metaId('campaigns', 1, 1), { form: { daily_budget: '50' } })).body).toEqual({
      success: true,
    });
    const creative = await request(sandbox, 'POST', metaId('adcreatives', 0, 0), { form: { status: 'PAUSED' } });
    expect(creative.body.error?.message).toMatch(/^Unsupported post request/);
  });

  it('changes nothing on a deleted or archived ad: Graph lets neither go back to ACTIVE or PAUSED', async () => {
    const account = sandbox.state.account();
    for (const a of [5, 9]) {
      const status = account.status('ads', a);
      expect(['DELETED', 'ARCHIVED']).toContain(status);
      const refused = await request(sandbox, 'POST', metaId('ads', 0, a), { form: { status: 'ACTIVE' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 100, message: expect.stringContaining(status) });
      expect(account.status('ads', a)).toBe(status);
    }
  });
});
