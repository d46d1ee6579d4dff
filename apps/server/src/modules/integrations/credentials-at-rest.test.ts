import {
  type GhlSandbox,
  type GoogleSandbox,
  type MetaSandbox,
  type StripeSandbox,
  startGhlSandbox,
  startGoogleSandbox,
  startMetaSandbox,
  startStripeSandbox,
} from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';

// A whole connect → sync → disconnect run for every vendor with a sandbox, then a dump of every table of the
// database and the whole server log: no credential appears in either, in any form the browser could be sent.

let stripe: StripeSandbox;
let meta: MetaSandbox;
let google: GoogleSandbox;
let ghl: GhlSandbox;
let t: TestApp;
const log: string[] = [];
let owner: Awaited<ReturnType<typeof signUp>>;

type Connection = { provider: string; path: string; body: Record<string, string>; secrets: string[] };
let connections: Connection[];

beforeAll(async () => {
  stripe = await startStripeSandbox({ seed: 11, accounts: [{ charges: 30, customers: 10 }] });
  meta = await startMetaSandbox({ seed: 11, accounts: [{ ads: 4, days: 3 }] });
  google = await startGoogleSandbox({ seed: 11 });
  ghl = await startGhlSandbox({ seed: 11, locations: [{ contacts: 20, opportunities: 8 }] });
  t = await createTestApp(
    {
      STRIPE_API_URL: stripe.url,
      META_GRAPH_URL: meta.url,
      GOOGLE_ADS_API_URL: google.url,
      GA4_API_URL: google.url,
      GHL_API_URL: ghl.url,
      LOG_LEVEL: 'debug',
    },
    { logStream: { write: (line) => void log.push(line) } },
  );
  owner = await signUp(t);
  connections = [
    {
      provider: 'stripe',
      path: '/integrations/stripe/save',
      body: { secretKey: stripe.secretKey, publishableKey: `pk_test_${'p'.repeat(24)}PUBK` },
      secrets: [stripe.secretKey, `pk_test_${'p'.repeat(24)}PUBK`],
    },
    {
      provider: 'facebook_ads',
      path: '/integrations/facebook/save',
      body: { accessToken: meta.accessToken },
      secrets: [meta.accessToken],
    },
    {
      provider: 'facebook_conversions',
      path: '/integrations/facebook-conversions/save',
      body: { accessToken: meta.accessToken, pixelId: meta.state.pixels[0]!.id },
      secrets: [meta.accessToken],
    },
    {
      provider: 'google_ads',
      path: '/integrations/google/save',
      body: { accessToken: google.accessToken, customerId: google.state.account().spec.customerId },
      secrets: [google.accessToken],
    },
    {
      provider: 'gohighlevel',
      path: '/integrations/gohighlevel/save',
      body: { apiKey: ghl.apiKey, locationId: ghl.locationId },
      secrets: [ghl.apiKey],
    },
  ];
});
afterAll(async () => {
  await t?.close();
  await Promise.all([stripe?.close(), meta?.close(), google?.close(), ghl?.close()]);
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    ...(payload ? { payload } : {}),
  });

/** Every row of every table of the public schema, as text: what a dump of the database holds. */
async function dumpDatabase(): Promise<string> {
  const tables = await t.database.executeSql(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables.rows as { table_name: string }[]) {
    const rows = await t.database.executeSql(`select t::text as row from "${table_name}" t`);
    parts.push(...(rows.rows as { row: string }[]).map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}

describe('vendor credentials at rest and in the log', () => {
  it('are in no table, answer or log line through connect, sync and disconnect', async () => {
    const answers: string[] = [];
    for (const c of connections) {
      const saved = await call('POST', c.path, c.body);
      expect(saved.statusCode, `${c.provider}: ${saved.body}`).toBe(201);
      answers.push(saved.body);
      const id = saved.json().integration.id as string;
      const started = await call('POST', `/integrations/${id}/sync`);
      expect(started.statusCode).toBe(202);
      answers.push(started.body);
    }
    await t.syncRunner.drain();
    answers.push((await call('GET', '/integrations/')).body, (await call('GET', '/integrations/sync-progress')).body);
    const listed = (await call('GET', '/integrations/')).json().integrations as {
      provider: string;
      status: string;
      data_points_synced: number;
    }[];
    expect(listed.map((i) => [i.provider, i.status]).sort()).toEqual(
      connections.map((c) => [c.provider, 'connected']).sort(),
    );
    // Every vendor that brings data in synced some (the Conversions API only sends, and nothing converted yet).
    for (const i of listed.filter((l) => l.provider !== 'facebook_conversions')) {
      expect(i.data_points_synced, i.provider).toBeGreaterThan(0);
    }

    const dump = await dumpDatabase();
    expect(dump).toContain('stripe_charges'); // the dump really holds the synced rows
    for (const c of connections) {
      for (const secret of c.secrets) {
        expect(dump, `${c.provider}'s secret in the database`).not.toContain(secret);
        expect(answers.join('\n'), `${c.provider}'s secret in an answer`).not.toContain(secret);
      }
    }

    for (const integration of (await call('GET', '/integrations/')).json().integrations as { id: string }[]) {
      expect((await call('DELETE', `/integrations/${integration.id}`)).statusCode).toBe(200);
    }
    const after = await dumpDatabase();
    for (const table of ['integrations', 'stripe_charges', 'meta_ad_insights', 'google_ad_metrics', 'ghl_contacts']) {
      expect(dump, `${table} held rows before`).toMatch(new RegExp(`^${table}: `, 'm'));
      expect(after, `${table} after disconnecting`).not.toMatch(new RegExp(`^${table}: `, 'm'));
    }

    const logged = log.join('');
    expect(logged.length).toBeGreaterThan(1000);
    for (const c of connections) {
      for (const secret of c.secrets) expect(logged, `${c.provider}'s secret in the log`).not.toContain(secret);
    }
  });
});
