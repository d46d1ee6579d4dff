import { type GhlSandbox, startGhlSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

let sandbox: GhlSandbox;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const logLines: string[] = [];

beforeAll(async () => {
  sandbox = await startGhlSandbox({ seed: 12, locations: [{ contacts: 20, opportunities: 12 }] });
  t = await createTestApp(
    { GHL_API_URL: sandbox.url, LOG_LEVEL: 'debug' },
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
    url: `/api/v1/integrations/gohighlevel/${path}`,
    headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    payload,
  });
const stored = () => t.database.db.select().from(integrations);

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
