import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OAuthProvider } from '@ri/contracts';
import { type OAuthSandbox, type OAuthSandboxOptions, startOAuthSandbox } from '@ri/sandboxes';
import { loadConfig } from '../../config.js';
import { integrations } from '../../db/schema.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import {
  createIntegrationsModule,
  createVault,
  type OAuthConnection,
  type OAuthConnectorDeps,
  type OAuthConnectors,
  oauthGrantFields,
} from '../integrations/index.js';
import { BROWSER_COOKIE, createOAuthModule } from './index.js';

// Shared by the OAuth tests: the app pointed at the OAuth sandbox, with a connect step that stores what a
// vendor's connector will store (the sealed grant and the row's columns), and a person's way through a sign-in.

export const APP_URL = 'http://app.example';
const KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const vault = createVault({ keys: new Map([['k1', Buffer.alloc(32, 7)]]), activeKeyId: 'k1' });

/** The credentials sealed in an integration row, opened as the sync would. */
export function openCredentials(row: typeof integrations.$inferSelect): Record<string, string> {
  return JSON.parse(vault.open(row.credentials, { businessId: row.businessId, integrationId: row.id }));
}

/** A connect step for tests: records the connection and stores the token the way the vendors' connectors will. */
export function recordingConnectors(connected: OAuthConnection[]) {
  return ({ db, vault }: OAuthConnectorDeps): OAuthConnectors => {
    const store = async (connection: OAuthConnection) => {
      connected.push(connection);
      const grant = oauthGrantFields(connection.provider, connection.tokens);
      const id = crypto.randomUUID();
      const values = {
        name: connection.hints.integrationName ?? connection.integration,
        status: 'connected' as const,
        credentials: vault.seal(
          { accessToken: connection.tokens.accessToken, ...grant.secrets },
          { businessId: connection.businessId, integrationId: id },
        ),
        credentialHints: grant.hints,
        error: null,
        ...grant.columns,
      };
      await db
        .insert(integrations)
        .values({ id, businessId: connection.businessId, provider: connection.integration, ...values })
        .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: { ...values, id } });
      return { integrationId: id };
    };
    // The Conversions API has no connect step here: the "not available" path is tested with it.
    return { google_ads: store, facebook_ads: store, gohighlevel: store };
  };
}

export type OAuthTest = {
  sandbox: OAuthSandbox;
  t: TestApp;
  logLines: string[];
  connected: OAuthConnection[];
  /** The renewal job of an oauth module on the same database and configuration. */
  runRenewal: () => Promise<unknown>;
  close: () => Promise<void>;
};

export async function startOAuthTest(sandboxOptions: OAuthSandboxOptions = {}): Promise<OAuthTest> {
  const redirect = (provider: OAuthProvider) => [`${APP_URL}/api/v1/oauth/${provider}/callback`];
  const sandbox = await startOAuthSandbox({
    ...sandboxOptions,
    clients: {
      google: {
        clientId: '1234-web.apps.googleusercontent.com',
        clientSecret: 'GOCSPX-g00gle-secret-value',
        redirectUris: redirect('google'),
      },
      facebook: {
        clientId: '987654321012345',
        clientSecret: 'meta0app0secret0value0abcdef',
        redirectUris: redirect('facebook'),
      },
      gohighlevel: {
        clientId: '65f0a1b2c3d4-ghlclient',
        clientSecret: 'ghl-client-secret-value-42',
        redirectUris: redirect('gohighlevel'),
      },
    },
  });
  const logLines: string[] = [];
  const connected: OAuthConnection[] = [];
  const env = { ...sandbox.env(), APP_URL, LOG_LEVEL: 'debug', INTEGRATIONS_ENCRYPTION_KEY: KEY };
  const t = await createTestApp(env, {
    logStream: { write: (line) => void logLines.push(line) },
    oauthConnectors: recordingConnectors(connected),
  });
  const config = loadConfig({
    ...env,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-oauth-')),
  });
  const handle = createIntegrationsModule(config, t.database.db, t.app.log, {
    oauthConnectors: recordingConnectors(connected),
  });
  const job = createOAuthModule(config, t.database.db, t.app.log, handle.oauth).jobs![0]!;
  return {
    sandbox,
    t,
    logLines,
    connected,
    runRenewal: () => job.run(),
    close: async () => {
      await t.close();
      await sandbox.close();
    },
  };
}

export type Person = { token: string; businessId: string };

/** `POST /oauth/{provider}/authorize` as the web app sends it, with this browser's cookie if it has one. */
export function authorize(t: TestApp, who: Person, provider: OAuthProvider, body: object = {}, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/oauth/${provider}/authorize`,
    headers: { ...bearer(who.token), 'x-business-id': who.businessId, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

/** The browser's binding cookie set by an authorize answer, as a Cookie header. */
export function browserCookie(res: { cookies: { name: string; value: string }[] }): string {
  const found = res.cookies.find((c) => c.name === BROWSER_COOKIE);
  if (!found) throw new Error('authorize set no browser cookie');
  return `${BROWSER_COOKIE}=${found.value}`;
}

/** Follows the vendor's page (it approves at once): the callback address it sends the browser back to. */
export async function vendorRedirect(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the vendor page answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}

/** The browser arriving at our callback; answers where it is redirected next. */
export async function callback(t: TestApp, at: URL, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${at.pathname}${at.search}`,
    headers: cookie ? { cookie } : {},
  });
  return { res, location: new URL(String(res.headers.location)) };
}

/** A whole sign-in by one person in one browser; answers every step. */
export async function signInWith(t: TestApp, who: Person, provider: OAuthProvider, body: object = {}) {
  const started = await authorize(t, who, provider, body);
  if (started.statusCode !== 200) throw new Error(`authorize answered ${started.statusCode}: ${started.body}`);
  const cookie = browserCookie(started);
  const back = await vendorRedirect(started.json().authorization_url);
  const { res, location } = await callback(t, back, cookie);
  return { started, cookie, back, res, location };
}
