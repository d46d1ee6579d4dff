import { type GhlSandbox, startGhlSandbox } from '@ri/sandboxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

// Connecting GoHighLevel and syncing it, on one app (one database costs seconds) and one sandbox: the first
// location is connected and refused in every way by one business, the second is synced by another.

let sandbox: GhlSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let syncer: Awaited<ReturnType<typeof signUp>>;
let id: string;
const logLines: string[] = [];
/** The location the sync tests read. */
const crm = () => sandbox.state.locations[1]!;

beforeAll(async () => {
  // A short burst window, so a rate limit costs the sync test a fraction of a second.
  sandbox = await startGhlSandbox({
    seed: 12,
    locations: [
      { contacts: 20, opportunities: 12 },
      { contacts: 260, opportunities: 210, stripe: { customers: 60, charges: 200 } },
    ],
    rateLimit: { max: 100, intervalMs: 300 },
  });
  t = await createTestApp(
    { GHL_API_URL: sandbox.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await signUp(t);
  syncer = await signUp(t);
  const saved = await call('POST', '/integrations/gohighlevel/save', {
    apiKey: crm().spec.tokens.full,
    locationId: crm().spec.id,
  });
  expect(saved.statusCode).toBe(201);
  id = saved.json().integration.id;
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const post = (path: 'test-credentials' | 'save', payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/gohighlevel/${path}`,
    headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    payload,
  });
const stored = () => t.database.db.select().from(integrations).where(eq(integrations.businessId, owner.businessId));

describe('connecting GoHighLevel', () => {
  it.each([
    [{}],
    [{ apiKey: 'pit-00000000-0000-4000-a000-000000000001' }],
    [{ apiKey: '   ', locationId: 'x' }],
    [{ apiKey: 'pit-abc', locationId: ' ' }],
  ])('refuses blank fields with section 5’s message (%#)', async (body) => {
    for (const path of ['test-credentials', 'save'] as const) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Please fill in all required fields');
    }
    expect(await stored()).toHaveLength(0);
  });

  it('checks a key with GoHighLevel and reports the location and what the key reads, storing nothing', async () => {
    const res = await post('test-credentials', { apiKey: sandbox.apiKey, locationId: sandbox.locationId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      error: null,
      account_type: 'crm',
      account_info: null,
      vendor_account: {
        id: sandbox.locationId,
        name: 'Northwind Solar Co.',
        currency: null,
        time_zone: 'America/Chicago',
      },
      permission_level: 'full',
    });
    const { capabilities, limitations, next_steps } = res.json();
    expect(capabilities).toEqual(
      expect.arrayContaining([
        'Read contacts: leads, their sources and attribution',
        'Read opportunities: values, stages, won and lost',
        'Link contacts to their visits through the custom field "Visitor ID"',
      ]),
    );
    expect(limitations).toEqual([expect.stringMatching(/does not state the location's currency/)]);
    expect(next_steps.immediate[0]).toMatch(/first sync/);
    expect(await stored()).toHaveLength(0);
  });

  it('reports a key without the opportunities scope as limited, saying which scope is missing', async () => {
    const res = await post('test-credentials', {
      apiKey: sandbox.apiKeys.contactsOnly,
      locationId: sandbox.locationId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().permission_level).toBe('limited');
    expect(res.json().limitations).toContain(
      'Cannot read opportunities: the key lacks the opportunities.readonly scope.',
    );
  });

  it('names apiKey for a key GoHighLevel refuses, and locationId for a location the key cannot open', async () => {
    for (const path of ['test-credentials', 'save'] as const) {
      for (const apiKey of [sandbox.apiKeys.expired, 'pit-00000000-0000-4000-a000-000000000000']) {
        const res = await post(path, { apiKey, locationId: sandbox.locationId });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'invalid_credentials',
          field: 'apiKey',
          message: expect.stringMatching(/^GoHighLevel did not accept this API key .*Private Integration/),
        });
        expect(res.body).not.toContain(apiKey);
      }
      for (const locationId of ['AbCdEfGhIjKlMnOpQrSt', 'not a location!']) {
        const res = await post(path, { apiKey: sandbox.apiKey, locationId });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_credentials', field: 'locationId' });
        expect(res.json().error.message).toMatch(/Location ID/);
      }
    }
    expect(await stored()).toHaveLength(0);
  });

  it('answers 502 when GoHighLevel does not answer, and saves nothing', async () => {
    sandbox.inject({ kind: 'server_error', times: 2 });
    for (const path of ['test-credentials', 'save'] as const) {
      const res = await post(path, { apiKey: sandbox.apiKey, locationId: sandbox.locationId });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({
        code: 'vendor_unavailable',
        message: expect.stringMatching(/^Failed to connect to GoHighLevel: GoHighLevel answered 500/),
      });
    }
    expect(await stored()).toHaveLength(0);
  });

  it('saves the key sealed, shows only hints, and replaces it on a second connect', async () => {
    const res = await post('save', {
      apiKey: sandbox.apiKey,
      locationId: sandbox.locationId,
      integrationName: 'Main CRM',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      valid: true,
      permission_level: 'full',
      integration: {
        provider: 'gohighlevel',
        name: 'Main CRM',
        status: 'connected',
        integration_type: 'customer_intelligence',
        vendor_account: { id: sandbox.locationId, name: 'Northwind Solar Co.' },
        credential_hints: { apiKey: `pit-…${sandbox.apiKey.slice(-4)}`, locationId: sandbox.locationId },
        sandbox: true,
      },
    });
    const [row] = await stored();
    expect(JSON.stringify(row)).not.toContain(sandbox.apiKey);
    expect(res.body).not.toContain(sandbox.apiKey);

    const again = await post('save', { apiKey: sandbox.apiKeys.contactsOnly, locationId: sandbox.locationId });
    expect(again.statusCode).toBe(201);
    expect(again.json().integration.id).toBe(body.integration.id);
    expect(again.json().integration.permission_level).toBe('limited');
    expect(await stored()).toHaveLength(1);

    const lines = logLines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const key of Object.values(sandbox.apiKeys)) expect(lines).not.toContain(key);
  });
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(syncer.token), 'x-business-id': syncer.businessId },
    ...(payload ? { payload } : {}),
  });
}
const rows = async <T = Record<string, unknown>>(sql: string): Promise<T[]> =>
  (await t.database.executeSql(sql, [syncer.businessId])).rows as T[];
const progress = async () => (await call('GET', '/integrations/sync-progress')).json().sync_progress[id];

describe('a GoHighLevel sync', () => {
  it('stores every pipeline, stage, contact and opportunity once, with opportunity values equal to GoHighLevel’s', async () => {
    expect((await call('POST', `/integrations/${id}/sync`)).statusCode).toBe(202);
    await t.syncRunner.drain();
    const location = crm();
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
    const location = crm();
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
    const location = crm();
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
      apiKey: crm().spec.tokens.full,
      locationId: crm().spec.id,
    });
    expect(saved.json().integration).toMatchObject({ status: 'connected', error: null });
  });

  it('keeps the keys out of every log line, and disconnecting deletes every synced row', async () => {
    const lines = logLines.join('\n');
    for (const location of sandbox.state.locations)
      for (const key of Object.values(location.spec.tokens)) expect(lines).not.toContain(key);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/integrations/${id}`,
      headers: { ...bearer(syncer.token), 'x-business-id': syncer.businessId },
    });
    expect(gone.statusCode).toBe(200);
    for (const table of ['ghl_pipelines', 'ghl_pipeline_stages', 'ghl_contacts', 'ghl_opportunities'])
      expect(await rows(`SELECT 1 FROM ${table} WHERE business_id = $1`), table).toHaveLength(0);
  });
});
