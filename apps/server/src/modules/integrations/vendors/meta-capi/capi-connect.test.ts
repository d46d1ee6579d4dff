import { type MetaSandbox, startMetaSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, memberships } from '../../../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

let meta: MetaSandbox;
let t: TestApp;
const logLines: string[] = [];
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  meta = await startMetaSandbox({ seed: 11, pixels: [{}, { unavailable: true }] });
  t = await createTestApp(
    { META_GRAPH_URL: meta.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await meta?.close();
});

type Caller = { token: string; businessId: string };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Caller = owner, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(who.token), 'x-business-id': who.businessId },
    ...(payload ? { payload } : {}),
  });
const body = (over: Record<string, unknown> = {}) => ({
  accessToken: meta.accessToken,
  pixelId: meta.pixelId,
  integrationName: 'Meta Conversions API',
  ...over,
});

describe('connecting the Meta Conversions API', () => {
  it.each([
    [{ pixelId: '1' }, 'accessToken', 'Access Token is required'],
    [
      { accessToken: 'EAAG1234', pixelId: '1' },
      'accessToken',
      'Meta Conversions API access tokens are typically much longer',
    ],
    [
      { accessToken: `EAAGtest${'x'.repeat(60)}`, pixelId: '1' },
      'accessToken',
      'Please provide a real Meta Conversions API access token',
    ],
    [{ accessToken: 'EAAG'.repeat(20) }, 'pixelId', 'Pixel ID is required'],
  ])('refuses %j with the form’s message, naming the field', async (payload, field, message) => {
    for (const path of ['test-credentials', 'save']) {
      const res = await call('POST', `/integrations/facebook-conversions/${path}`, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field, message: expect.stringContaining(message) });
    }
  });

  it('checks with Meta that the token can use the pixel, and stores nothing', async () => {
    const res = await call('POST', '/integrations/facebook-conversions/test-credentials', owner, body());
    expect(res.statusCode).toBe(200);
    const pixel = meta.state.pixels[0]!;
    expect(res.json()).toMatchObject({
      valid: true,
      error: null,
      account_type: 'social_ads',
      conversionApiAccess: true,
      permission_level: 'full',
      vendor_account: { id: pixel.id, name: pixel.name, currency: null, time_zone: null },
    });
    expect(res.json().capabilities.join(' ')).toContain('readiness 80');
    expect(res.json().next_steps.immediate.length).toBeGreaterThan(0);
    const read = meta.state.requests.at(-1)!;
    expect(read).toMatchObject({ method: 'GET', path: `/v25.0/${pixel.id}`, tokenVia: 'header' });
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('says which credential is wrong: an expired token, a pixel the token cannot use, an unavailable pixel', async () => {
    const expired = await call(
      'POST',
      '/integrations/facebook-conversions/test-credentials',
      owner,
      body({ accessToken: meta.accessTokens.expired }),
    );
    expect(expired.json()).toMatchObject({
      valid: false,
      conversionApiAccess: false,
      error: expect.stringMatching(/^Invalid Meta Conversions API credentials: .*Session has expired/),
    });
    const saved = await call(
      'POST',
      '/integrations/facebook-conversions/save',
      owner,
      body({ accessToken: meta.accessTokens.expired }),
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toMatchObject({ code: 'invalid_credentials', field: 'accessToken' });

    const foreign = await call(
      'POST',
      '/integrations/facebook-conversions/save',
      owner,
      body({ accessToken: meta.accessTokens.noAdsRead }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'invalid_credentials',
      field: 'pixelId',
      message: expect.stringContaining('cannot use pixel'),
    });

    const unavailable = await call(
      'POST',
      '/integrations/facebook-conversions/save',
      owner,
      body({ pixelId: meta.state.pixels[1]!.id }),
    );
    expect(unavailable.json().error).toMatchObject({
      field: 'pixelId',
      message: expect.stringContaining('unavailable'),
    });
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('answers 502 naming Meta when Meta cannot be reached', async () => {
    meta.inject({ kind: 'server_error', times: 1 });
    const res = await call('POST', '/integrations/facebook-conversions/save', owner, body());
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'vendor_unavailable',
      message: expect.stringMatching(/^Failed to connect to Meta/),
    });
  });

  it('saves after checking again: the token sealed, the pixel as the account, predicted-value events on', async () => {
    const res = await call(
      'POST',
      '/integrations/facebook-conversions/save',
      owner,
      body({ testEventCode: 'TEST777' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      conversionApiAccess: true,
      integration: {
        provider: 'facebook_conversions',
        status: 'connected',
        integration_type: 'ad_intelligence',
        vendor_account: { id: meta.pixelId },
        conversions_settings: { predicted_value_events: true, test_event_code: 'TEST777' },
        credential_hints: { accessToken: `EAAG…${meta.accessToken.slice(-4)}` },
        sandbox: true,
      },
    });
    expect(res.json().limitations.join(' ')).toContain('Test Events code TEST777');
    expect(res.body).not.toContain(meta.accessToken);
    const { rows } = await t.database.executeSql('SELECT row_to_json(i)::text AS json FROM integrations i', []);
    expect(String(rows[0]!.json)).not.toContain(meta.accessToken.slice(10, 40));
  });

  it('never writes the token to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(meta.accessToken.slice(10, 40));
  });
});

describe('the send log and the switches', () => {
  let id: string;
  let member: Caller;
  beforeAll(async () => {
    const list = await call('GET', '/integrations/');
    id = list.json().integrations.find((i: { provider: string }) => i.provider === 'facebook_conversions').id;
    const user = await signUp(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(user.token) });
    await t.database.db
      .insert(memberships)
      .values({ userId: me.json().id, businessId: owner.businessId, role: 'member' });
    member = { token: user.token, businessId: owner.businessId };
  });

  it('is readable by every member: settings, counts, the average order value and its source', async () => {
    const res = await call('GET', `/integrations/${id}/conversions-api/events`, member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      integration_id: id,
      pixel_id: meta.pixelId,
      settings: { predicted_value_events: true, test_event_code: 'TEST777' },
      counts: { pending: 0, sent: 0, failed: 0, skipped: 0 },
      average_order_value: {
        value: null,
        source: null,
        explanation: expect.stringContaining('No average order value yet'),
      },
      events: [],
    });
    expect((await call('GET', `/integrations/${id}/conversions-api/events?limit=0`)).json().error).toMatchObject({
      field: 'limit',
    });
  });

  it('lets only owners and admins switch predicted-value events and the test code', async () => {
    const refused = await call('PATCH', `/integrations/${id}/conversions-api/settings`, member, {
      predicted_value_events: false,
    });
    expect(refused.statusCode).toBe(403);
    const off = await call('PATCH', `/integrations/${id}/conversions-api/settings`, owner, {
      predicted_value_events: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().conversions_settings).toEqual({ predicted_value_events: false, test_event_code: 'TEST777' });
    const cleared = await call('PATCH', `/integrations/${id}/conversions-api/settings`, owner, { test_event_code: '' });
    expect(cleared.json().conversions_settings).toEqual({ predicted_value_events: false, test_event_code: null });
    const bad = await call('PATCH', `/integrations/${id}/conversions-api/settings`, owner, {
      test_event_code: 'has spaces',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('test_event_code');
    expect((await call('PATCH', `/integrations/${id}/conversions-api/settings`, owner, {})).statusCode).toBe(400);
  });

  it('is a 404 for another business and for an integration of another provider', async () => {
    const stranger = await signUp(t);
    expect((await call('GET', `/integrations/${id}/conversions-api/events`, stranger)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/integrations/${id}/conversions-api/settings`, stranger, { predicted_value_events: true }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/integrations/${crypto.randomUUID()}/conversions-api/events`)).statusCode).toBe(404);
  });
});
