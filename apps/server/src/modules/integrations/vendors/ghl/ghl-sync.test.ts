import { type GhlSandbox, startGhlSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

let sandbox: GhlSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let id: string;

beforeAll(async () => {
  // A short burst window, so a rate limit costs the test a fraction of a second.
  sandbox = await startGhlSandbox({
    seed: 13,
    locations: [{ contacts: 260, opportunities: 210, stripe: { customers: 60, charges: 200 } }],
    rateLimit: { max: 100, intervalMs: 300 },
  });
  t = await createTestApp({ GHL_API_URL: sandbox.url });
  owner = await signUp(t);
  const saved = await call('POST', '/integrations/gohighlevel/save', {
    apiKey: sandbox.apiKey,
    locationId: sandbox.locationId,
  });
  expect(saved.statusCode).toBe(201);
  id = saved.json().integration.id;
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    ...(payload ? { payload } : {}),
  });
}
const rows = async <T = Record<string, unknown>>(sql: string): Promise<T[]> =>
  (await t.database.executeSql(sql, [owner.businessId])).rows as T[];
const progress = async () => (await call('GET', '/integrations/sync-progress')).json().sync_progress[id];

describe('a GoHighLevel sync', () => {
  it('stores every pipeline, stage, contact and opportunity once, with opportunity values equal to GoHighLevel’s', async () => {
    expect((await call('POST', `/integrations/${id}/sync`)).statusCode).toBe(202);
    await t.syncRunner.drain();
    const location = sandbox.state.location();
    const totals = location.totals();
    const [counts] = await rows<Record<string, string>>(
      `SELECT (SELECT count(*) FROM ghl_pipelines WHERE business_id = $1) AS pipelines,
              (SELECT count(*) FROM ghl_pipeline_stages WHERE business_id = $1) AS stages,
              (SELECT count(*) FROM ghl_contacts WHERE business_id = $1) AS contacts,
              (SELECT count(*) FROM ghl_opportunities WHERE business_id = $1) AS opportunities,
              (SELECT coalesce(sum(monetary_value), 0) FROM ghl_opportunities WHERE business_id = $1) AS value,
              (SELECT coalesce(sum(monetary_value), 0) FROM ghl_opportunities WHERE business_id = $1 AND status = 'won') AS won`,
    );
    expect(Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]))).toEqual({
      pipelines: 2,
      stages: totals.stages,
      contacts: 260,
      opportunities: 210,
      value: totals.value,
      won: totals.valueByStatus.won,
    });
    const done = await progress();
    expect(done).toMatchObject({ overall_status: 'completed', overall_progress: 100 });
    expect(done.phases.map((p: { name: string; processed_items: number }) => [p.name, p.processed_items])).toEqual([
      ['pipelines', 2 + totals.stages],
      ['contacts', 260],
      ['opportunities', 210],
    ]);
    const integration = (await call('GET', `/integrations/${id}`)).json();
    expect(integration).toMatchObject({
      status: 'connected',
      data_points_synced: 2 + totals.stages + 470,
      error: null,
    });
  });

  it('keeps what joins contacts to visits and payments: normalised e-mails, visitor ids, first-touch UTM values', async () => {
    const location = sandbox.state.location();
    const buyer = location.contacts.find((c) => location.stripeCustomerOf.has(c.id) && c.customFields.length > 0)!;
    const visitor = buyer.customFields.find((f) => f.id === location.customFields[0]!.id);
    const [row] = await rows(`SELECT * FROM ghl_contacts WHERE business_id = $1 AND vendor_id = '${buyer.id}'`);
    expect(row).toMatchObject({ email: buyer.emailLowerCase, visitor_id: visitor?.value ?? null });
    const messy = location.contacts.find((c) => c.email !== c.email.trim().toLowerCase())!;
    const [clean] = await rows(`SELECT email FROM ghl_contacts WHERE business_id = $1 AND vendor_id = '${messy.id}'`);
    expect(clean!.email).toBe(messy.email.trim().toLowerCase());
    const paid = await rows<{ utm_campaign: string; attribution: { fbclid: string } }>(
      `SELECT utm_campaign, attribution FROM ghl_contacts WHERE business_id = $1 AND utm_source = 'facebook'`,
    );
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((r) => ['spring-sale', 'trail-coach-video', 'retargeting-cart'].includes(r.utm_campaign))).toBe(
      true,
    );
    expect(paid.every((r) => r.attribution.fbclid.startsWith('IwAR'))).toBe(true);
    const linked = await rows(`SELECT 1 FROM ghl_contacts WHERE business_id = $1 AND visitor_id IS NOT NULL`);
    expect(linked.length).toBe(
      location.contacts.filter((c) => c.customFields.some((f) => f.id === location.customFields[0]!.id)).length,
    );
  });

  it('reads only contacts changed since the last run next time, and picks up moved opportunities', async () => {
    const location = sandbox.state.location();
    const [lead] = location.addContacts(1);
    const moved = location.opportunities.find((o) => o.status === 'open')!;
    location.updateOpportunity(moved.id, { status: 'won', monetaryValue: 12_345.67 });
    const before = sandbox.state.requests.length;
    await call('POST', `/integrations/${id}/sync`);
    await t.syncRunner.drain();
    const searches = sandbox.state.requests.slice(before).filter((r) => r.path === '/contacts/search');
    expect(searches.length).toBeGreaterThan(0);
    for (const s of searches) expect(s.body).toMatchObject({ filters: [{ field: 'dateUpdated', operator: 'range' }] });
    expect(await rows(`SELECT 1 FROM ghl_contacts WHERE business_id = $1 AND vendor_id = '${lead!.id}'`)).toHaveLength(
      1,
    );
    const [won] = await rows(
      `SELECT status, monetary_value FROM ghl_opportunities WHERE business_id = $1 AND vendor_id = '${moved.id}'`,
    );
    expect(won).toMatchObject({ status: 'won' });
    expect(Number(won!.monetary_value)).toBe(1_234_567);
    expect(await rows('SELECT 1 FROM ghl_contacts WHERE business_id = $1')).toHaveLength(261);
  });

  it('pauses on a rate limit as timeout_resuming, asks nothing during the pause, then completes', async () => {
    sandbox.inject({ kind: 'rate_limit', path: '/opportunities/search' });
    await call('POST', `/integrations/${id}/sync`);
    await new Promise((r) => setTimeout(r, 150));
    const paused = await progress();
    expect(paused.overall_status).toBe('timeout_resuming');
    expect(paused.progress_message).toMatch(/^GoHighLevel asked us to slow down \(GoHighLevel answered 429/);
    const during = sandbox.state.requests.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(sandbox.state.requests.length).toBe(during);
    await t.syncRunner.drain();
    expect((await progress()).overall_status).toBe('completed');
    expect(await rows('SELECT 1 FROM ghl_opportunities WHERE business_id = $1')).toHaveLength(210);
  });

  it('stays within the burst allowance on its own: GoHighLevel refuses none of its requests', async () => {
    sandbox.state.setRateLimit({ max: 4, intervalMs: 250 });
    try {
      await call('POST', `/integrations/${id}/sync`);
      await t.syncRunner.drain();
      expect((await progress()).overall_status).toBe('completed');
      expect(sandbox.state.rateLimitViolations).toBe(0);
    } finally {
      sandbox.state.setRateLimit({ max: 100, intervalMs: 300 });
    }
  });

  it('stops on a key GoHighLevel no longer accepts, and tells the owner to reconnect', async () => {
    sandbox.inject({ kind: 'expired_token', times: 1 });
    await call('POST', `/integrations/${id}/sync`);
    await t.syncRunner.drain();
    const integration = (await call('GET', `/integrations/${id}`)).json();
    expect(integration.status).toBe('error');
    expect(integration.error).toBe(
      'GoHighLevel refused the stored credentials (GoHighLevel answered 401: Invalid JWT). Reconnect GoHighLevel with valid credentials to sync again.',
    );
    expect((await progress()).overall_status).toBe('failed');
    const saved = await call('POST', '/integrations/gohighlevel/save', {
      apiKey: sandbox.apiKey,
      locationId: sandbox.locationId,
    });
    expect(saved.json().integration).toMatchObject({ status: 'connected', error: null });
  });
});
