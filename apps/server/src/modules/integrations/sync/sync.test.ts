import { type StripeSandbox, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../test/harness.js';
import { startDueSyncs } from './scheduled-syncs.js';

type Caller = Awaited<ReturnType<typeof signUp>>;

/** A test app on a Stripe sandbox, with a business that has connected Stripe. */
async function connected(sandbox: StripeSandbox, env: Record<string, string> = {}) {
  const t = await createTestApp({ STRIPE_API_URL: sandbox.url, ...env });
  const owner = await signUp(t);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
  const saved = await call('POST', '/integrations/stripe/save', { secretKey: sandbox.secretKey });
  expect(saved.statusCode).toBe(201);
  return { t, owner, call, id: saved.json().integration.id as string };
}

/** Rows of a table stored for the business. */
async function count(t: TestApp, owner: Caller, table: string): Promise<number> {
  const { rows } = await t.database.executeSql(`SELECT count(*)::int AS n FROM ${table} WHERE business_id = $1`, [
    owner.businessId,
  ]);
  return Number(rows[0]!.n);
}

describe('a Stripe sync', () => {
  let sandbox: StripeSandbox;
  let app: Awaited<ReturnType<typeof connected>>;
  beforeAll(async () => {
    sandbox = await startStripeSandbox({ seed: 7, accounts: [{ charges: 437, customers: 60 }] });
    app = await connected(sandbox);
  });
  afterAll(async () => {
    await app?.t.close();
    await sandbox?.close();
  });

  it('stores every Stripe object exactly once, and net revenue equals Stripe’s', async () => {
    const first = await app.call('POST', `/integrations/${app.id}/sync`);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'started', resumption_info: null });
    // A second request while it runs answers the run under way.
    const again = await app.call('POST', `/integrations/${app.id}/sync`);
    expect(again.json()).toMatchObject({ status: 'running', resumption_info: { overall_status: 'running' } });
    await app.t.syncRunner.drain();

    const data = sandbox.state.account();
    const expected = {
      stripe_customers: [...data.all('customers')].length,
      stripe_charges: [...data.all('charges')].length,
      stripe_refunds: [...data.all('refunds')].length,
      stripe_disputes: [...data.all('disputes')].length,
      stripe_subscriptions: [...data.all('subscriptions')].length,
      stripe_invoices: [...data.all('invoices')].length,
      stripe_balance_transactions: [...data.all('balance_transactions')].length,
      stripe_checkout_sessions: [...data.all('checkout_sessions')].length,
    };
    expect(expected.stripe_charges).toBe(437);
    for (const [table, n] of Object.entries(expected)) expect(await count(app.t, app.owner, table), table).toBe(n);
    const { rows } = await app.t.database.executeSql(
      `SELECT coalesce(sum(net), 0)::bigint AS net FROM stripe_balance_transactions WHERE business_id = $1 AND type <> 'payout'`,
      [app.owner.businessId],
    );
    // Each payment carries the visitor id its Checkout Session held (Stripe keeps it on the session only).
    const linked = await app.t.database.executeSql(
      `SELECT vendor_id, checkout_reference FROM stripe_charges WHERE business_id = $1 AND checkout_reference IS NOT NULL`,
      [app.owner.businessId],
    );
    const references = data.checkoutReferences();
    expect(references.size).toBeGreaterThan(100);
    expect(linked.rows).toHaveLength(references.size);
    for (const c of data.all('charges')) {
      const reference = references.get(c.payment_intent as string);
      if (reference) expect(linked.rows).toContainEqual({ vendor_id: c.id, checkout_reference: reference });
    }
    const totals = data.totals();
    expect(Number(rows[0]!.net)).toBe(totals.gross + totals.refunds + totals.disputes - totals.fees);

    const progress = (await app.call('GET', '/integrations/sync-progress')).json();
    expect(progress.overall_status).toBe('completed');
    expect(progress.sync_progress[app.id]).toMatchObject({
      overall_status: 'completed',
      overall_progress: 100,
      current_stage: null,
      progress_message: 'Sync completed',
    });
    const total = Object.values(expected).reduce((a, n) => a + n, 0);
    expect(progress.breakdown_by_integration[app.id]).toEqual({ total });
    const integration = (await app.call('GET', `/integrations/${app.id}`)).json();
    expect(integration).toMatchObject({ status: 'connected', data_points_synced: total, error: null });
    expect(integration.last_sync).not.toBeNull();
  });

  it('reads only the recent window on the next run, and still holds each object once', async () => {
    const before = sandbox.state.requests.length;
    await app.call('POST', `/integrations/${app.id}/sync`);
    await app.t.syncRunner.drain();
    const charges = sandbox.state.requests.slice(before).filter((r) => r.path === '/v1/charges');
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((r) => decodeURIComponent(r.query).includes('created[gte]='))).toBe(true);
    expect(await count(app.t, app.owner, 'stripe_charges')).toBe(437);
  });
});

describe('a Stripe sync cut short', () => {
  let sandbox: StripeSandbox;
  let app: Awaited<ReturnType<typeof connected>>;
  beforeAll(async () => {
    sandbox = await startStripeSandbox({ seed: 8, accounts: [{ charges: 1500, customers: 200 }] });
    // Slices of 40 ms: the run pauses as timeout_resuming many times and continues from its cursors.
    app = await connected(sandbox, { SYNC_SLICE_SECONDS: '0.04' });
  });
  afterAll(async () => {
    await app?.t.close();
    await sandbox?.close();
  });

  it('resumes each time from the last stored page: no page asked for twice, no row lost or doubled', async () => {
    await app.call('POST', `/integrations/${app.id}/sync`);
    await app.t.syncRunner.drain();
    expect(app.t.syncRunner.stats().paused).toBeGreaterThan(2);
    const pages = sandbox.state.requests.filter((r) => r.path === '/v1/charges' && r.query.includes('limit=100'));
    expect(pages.length).toBe(15);
    expect(new Set(pages.map((r) => r.query)).size).toBe(pages.length);
    expect(await count(app.t, app.owner, 'stripe_charges')).toBe(1500);
    const { rows } = await app.t.database.executeSql(
      `SELECT count(*)::int AS runs FROM integration_sync_runs WHERE integration_id = $1`,
      [app.id],
    );
    expect(Number(rows[0]!.runs)).toBe(1);
    expect((await app.call('GET', '/integrations/sync-progress')).json().sync_progress[app.id].overall_status).toBe(
      'completed',
    );
  });

  it('waits out a rate limit instead of retrying at once, then completes', async () => {
    const before = sandbox.state.requests.length;
    sandbox.inject({ kind: 'rate_limit', times: 1, path: '/v1/customers' });
    await app.call('POST', `/integrations/${app.id}/sync`);
    await new Promise((r) => setTimeout(r, 100));
    const paused = (await app.call('GET', '/integrations/sync-progress')).json().sync_progress[app.id];
    expect(paused.overall_status).toBe('timeout_resuming');
    expect(paused.progress_message).toMatch(/^Stripe asked us to slow down/);
    // Nothing more was asked of Stripe during the pause.
    expect(sandbox.state.requests.slice(before).length).toBe(1);
    await app.t.syncRunner.drain();
    expect((await app.call('GET', '/integrations/sync-progress')).json().sync_progress[app.id].overall_status).toBe(
      'completed',
    );
  });

  it('stops on a key Stripe no longer accepts, and tells the owner to reconnect', async () => {
    sandbox.inject({ kind: 'expired_key', times: 1 });
    await app.call('POST', `/integrations/${app.id}/sync`);
    await app.t.syncRunner.drain();
    const integration = (await app.call('GET', `/integrations/${app.id}`)).json();
    expect(integration.status).toBe('error');
    expect(integration.error).toMatch(
      /^Stripe refused the stored credentials .*Reconnect Stripe with valid credentials/,
    );
    expect(integration.error).not.toContain(sandbox.secretKey);
    expect((await app.call('GET', '/integrations/sync-progress')).json().sync_progress[app.id].overall_status).toBe(
      'failed',
    );
    // Connecting again clears it.
    expect((await app.call('POST', '/integrations/stripe/save', { secretKey: sandbox.secretKey })).statusCode).toBe(
      201,
    );
    expect((await app.call('GET', `/integrations/${app.id}`)).json()).toMatchObject({
      status: 'connected',
      error: null,
    });
  });

  it('belongs to owners and admins: another business cannot start or see it', async () => {
    const stranger = await signUp(app.t);
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/v1/integrations/${app.id}/sync`,
      headers: bearer(stranger.token),
    });
    expect(res.statusCode).toBe(404);
    const progress = await app.t.app.inject({
      method: 'GET',
      url: '/api/v1/integrations/sync-progress',
      headers: bearer(stranger.token),
    });
    expect(progress.json()).toEqual({ sync_progress: {}, overall_status: null, breakdown_by_integration: {} });
  });
});

describe('scheduled syncs', () => {
  it('start for a connected integration without a recent run, and not again until the interval passes', async () => {
    const sandbox = await startStripeSandbox({ seed: 9, accounts: [{ charges: 30, customers: 5 }] });
    const app = await connected(sandbox);
    try {
      expect(await startDueSyncs(app.t.database.db, app.t.syncRunner, 60, ['stripe'])).toBe(1);
      expect(await startDueSyncs(app.t.database.db, app.t.syncRunner, 60, ['stripe'])).toBe(0);
      await app.t.syncRunner.drain();
      expect(await count(app.t, app.owner, 'stripe_charges')).toBe(30);
      // Once the last run is older than the interval, the next check starts another.
      await app.t.database.executeSql(
        `UPDATE integration_sync_runs SET started_at = now() - interval '2 hours' WHERE integration_id = $1`,
        [app.id],
      );
      expect(await startDueSyncs(app.t.database.db, app.t.syncRunner, 60, ['stripe'])).toBe(1);
      await app.t.syncRunner.drain();
      // An integration in error waits for its owner.
      await app.t.database.executeSql(`UPDATE integrations SET status = 'error' WHERE id = $1`, [app.id]);
      await app.t.database.executeSql(
        `UPDATE integration_sync_runs SET started_at = now() - interval '2 hours' WHERE integration_id = $1`,
        [app.id],
      );
      expect(await startDueSyncs(app.t.database.db, app.t.syncRunner, 60, ['stripe'])).toBe(0);
    } finally {
      await app.t.close();
      await sandbox.close();
    }
  });
});
