import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, memberships, stripeCharges } from '../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';

let sandbox: StripeSandbox;
let t: TestApp;
const logLines: string[] = [];
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 3, accounts: [{ charges: 40, customers: 12 }] });
  t = await createTestApp(
    { STRIPE_API_URL: sandbox.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

type Caller = { token: string; businessId: string };
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Caller = owner, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(who.token), 'x-business-id': who.businessId },
    ...(payload ? { payload } : {}),
  });

describe('the platform catalogue', () => {
  it('lists the providers by category without sign-in, HubSpot as coming soon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/providers' });
    expect(res.statusCode).toBe(200);
    const { providers } = res.json();
    expect(Object.keys(providers).sort()).toEqual([
      'ad_intelligence',
      'behavior_intelligence',
      'customer_intelligence',
    ]);
    const ids = (providers.customer_intelligence as { id: string; coming_soon: boolean }[]).map((p) => [
      p.id,
      p.coming_soon,
    ]);
    expect(ids).toEqual([
      ['gohighlevel', false],
      ['stripe', false],
      ['hubspot', true],
    ]);
    expect(providers.ad_intelligence.map((p: { id: string }) => p.id)).toEqual([
      'facebook_ads',
      'facebook_conversions',
      'google_ads',
    ]);
  });
});

describe('connecting Stripe', () => {
  it.each([
    [{}, 'Stripe Secret Key is required'],
    [{ secretKey: '   ' }, 'Stripe Secret Key is required'],
    [{ secretKey: 'pk_test_51abcdefghijklmnopqrstuvwxyz' }, 'Secret key must start with "sk_"'],
    [
      { secretKey: 'sk_prod_51abcdefghijklmnopqrstuvwxyz' },
      'Secret key must be a valid Stripe key (sk_test_... or sk_live_...)',
    ],
    [{ secretKey: 'sk_test_51abc' }, 'Secret key appears to be incomplete. Please check your key.'],
  ])('refuses %j with the form’s message, naming secretKey', async (body, message) => {
    for (const path of ['test-credentials', 'save']) {
      const res = await call('POST', `/integrations/stripe/${path}`, owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'secretKey', message: expect.stringContaining(message) });
    }
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('checks a key with Stripe and reports the account, without storing anything', async () => {
    const res = await call('POST', '/integrations/stripe/test-credentials', owner, { secretKey: sandbox.secretKey });
    expect(res.statusCode).toBe(200);
    const account = sandbox.state.account().spec;
    expect(res.json()).toMatchObject({
      valid: true,
      error: null,
      account_type: 'payment_processor',
      account_info: { account_id: account.id, charges_enabled: true, payouts_enabled: true },
      permission_level: 'full',
    });
    expect(res.json().limitations).toContain('Test-mode key: only test-mode data is synced.');
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('says a key Stripe refuses is invalid, and saves nothing', async () => {
    const wrong = `sk_test_${'x'.repeat(30)}WRNG`;
    const tested = await call('POST', '/integrations/stripe/test-credentials', owner, { secretKey: wrong });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({ valid: false, error: expect.stringMatching(/^Invalid Stripe credentials/) });
    const saved = await call('POST', '/integrations/stripe/save', owner, { secretKey: wrong });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error).toMatchObject({ code: 'invalid_credentials', field: 'secretKey' });
    expect(saved.body).not.toContain(wrong);
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('answers 502 naming Stripe when Stripe cannot be reached', async () => {
    sandbox.inject({ kind: 'server_error', times: 1 });
    const res = await call('POST', '/integrations/stripe/save', owner, { secretKey: sandbox.secretKey });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'vendor_unavailable',
      message: expect.stringMatching(/^Failed to connect to Stripe/),
    });
    expect(await t.database.db.select().from(integrations)).toHaveLength(0);
  });
});

describe('a connected Stripe integration', () => {
  let id: string;
  beforeAll(async () => {
    const res = await call('POST', '/integrations/stripe/save', owner, {
      secretKey: sandbox.secretKey,
      integrationName: 'Stripe (shop)',
    });
    expect(res.statusCode).toBe(201);
    id = res.json().integration.id;
  });

  it('is listed with masked hints, the account and the sandbox label, never with its key', async () => {
    const res = await call('GET', '/integrations/');
    expect(res.statusCode).toBe(200);
    const [integration] = res.json().integrations;
    expect(integration).toMatchObject({
      id,
      name: 'Stripe (shop)',
      provider: 'stripe',
      status: 'connected',
      integration_type: 'customer_intelligence',
      last_sync: null,
      data_points_synced: 0,
      credential_hints: { secretKey: `sk_test_…${sandbox.secretKey.slice(-4)}` },
      sandbox: true,
    });
    expect(res.body).not.toContain(sandbox.secretKey);
    expect((await call('GET', `/integrations/${id}`)).json()).toEqual(integration);
  });

  it('makes the header sync status name it as a connected data source', async () => {
    const res = await call('GET', '/analytics/sync-status');
    expect(res.json()).toMatchObject({
      sync_available: true,
      reason: 'ready',
      connected_sources: 1,
      message: expect.stringContaining('1 data source connected (Stripe (shop))'),
    });
  });

  it('keeps the key sealed at rest: no column of the row holds it', async () => {
    const { rows } = await t.database.executeSql('SELECT row_to_json(i)::text AS json FROM integrations i', []);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.json)).not.toContain(sandbox.secretKey);
    expect(String(rows[0]!.json)).not.toContain(sandbox.secretKey.slice(8, 24));
  });

  it('never writes the key to the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(sandbox.secretKey);
  });

  it('is readable by every member, but only owners and admins connect or disconnect', async () => {
    const member = await signUp(t);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: bearer(member.token) });
    await t.database.db
      .insert(memberships)
      .values({ userId: me.json().id, businessId: owner.businessId, role: 'member' });
    const asMember = { token: member.token, businessId: owner.businessId };
    expect((await call('GET', '/integrations/', asMember)).json().integrations).toHaveLength(1);
    expect((await call('DELETE', `/integrations/${id}`, asMember)).statusCode).toBe(403);
    expect(
      (await call('POST', '/integrations/stripe/save', asMember, { secretKey: sandbox.secretKey })).statusCode,
    ).toBe(403);
  });

  it('is invisible to another business: its id answers 404 on every route', async () => {
    const stranger = await signUp(t);
    expect((await call('GET', `/integrations/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/integrations/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/integrations/data-points/stats?integration_id=${id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/integrations/', stranger)).json().integrations).toEqual([]);
    // Aimed at the owner's business by header, a stranger is refused before anything is read.
    expect(
      (await call('GET', '/integrations/', { token: stranger.token, businessId: owner.businessId })).statusCode,
    ).toBe(404);
  });

  it('counts the rows synced from it, and disconnecting deletes the key and every row', async () => {
    await t.database.db.insert(stripeCharges).values({
      businessId: owner.businessId,
      integrationId: id,
      vendorId: 'ch_test_1',
      createdAt: new Date(),
      amount: 4900,
      amountRefunded: 0,
      currency: 'usd',
      status: 'succeeded',
      paid: true,
    });
    expect((await call('GET', '/integrations/data-points/stats')).json()).toEqual({ total_data_points: 1 });
    expect((await call('GET', `/integrations/${id}`)).json().data_points_synced).toBe(1);
    const res = await call('DELETE', `/integrations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, id });
    expect(await t.database.db.select().from(integrations).where(eq(integrations.id, id))).toEqual([]);
    expect(await t.database.db.select().from(stripeCharges).where(eq(stripeCharges.integrationId, id))).toEqual([]);
    expect((await call('GET', `/integrations/${id}`)).statusCode).toBe(404);
  });
});
