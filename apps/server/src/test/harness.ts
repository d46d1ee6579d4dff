import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuildOptions, type BuiltApp, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';

/**
 * A database of its own for one test file: in-memory PGlite by default, or, when DATABASE_URL is
 * set, a fresh database created on that server and dropped afterwards (so test files run in parallel).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({ dataDir: 'memory://' });
  const name = `ri_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestApp = BuiltApp & { close(): Promise<void> };

/** Builds the real app on a test database; env overrides take the variables the README documents. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Another test app's database, shared: a second server process on the same data (closed by its owner). */
    sharing?: TestApp;
    scorer?: BuildOptions['scorer'];
    logStream?: BuildOptions['logStream'];
    oauthConnectors?: BuildOptions['oauthConnectors'];
    findRecommendation?: BuildOptions['findRecommendation'];
  } = {},
): Promise<TestApp> {
  const database: Database & { url?: string } = options.sharing?.database ?? (await createTestDatabase());
  const config = loadConfig({
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-test-')),
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_ACCOUNT_LIMIT_PER_15_MIN: '1000',
    AUTH_ACCOUNT_FAILURES_PER_HOUR: '1000',
    API_RATE_LIMIT_PER_USER: '1000',
    API_EXPENSIVE_LIMIT_PER_USER_PER_MINUTE: '1000',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const built = await buildApp(config, {
    database,
    scorer: options.scorer,
    logStream: options.logStream,
    oauthConnectors: options.oauthConnectors,
    findRecommendation: options.findRecommendation,
  });
  await built.app.ready();
  return {
    ...built,
    async close() {
      await built.app.close();
      if (!options.sharing) await database.close();
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so tests in one file do not collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${counter++}@example.test`;

export const STRONG_PASSWORD = 'Tangerine-Orbit-42';

/** Signs a new user up (no confirmation required) and returns their bearer session and own business id. */
export async function signUp(t: TestApp, overrides: { email?: string; businessName?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      email,
      password: STRONG_PASSWORD,
      data: {
        first_name: 'Test',
        last_name: 'User',
        business_name: overrides.businessName ?? `Business of ${email}`,
        business_website: 'https://example.test',
        industry: 'saas',
      },
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const session = res.json().session as { access_token: string; refresh_token: string };
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/v1/businesses',
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  const own = (list.json().businesses as { id: string; role: string }[]).find((b) => b.role === 'owner')!;
  return { email, session, token: session.access_token, businessId: own.id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest outbox message to an address, read as a user would see it. */
export async function latestMailTo(t: TestApp, address: string) {
  const rows = await t.mailer.listFor(address, 1);
  return rows[0];
}

/** Pulls the first link with a token out of a mail text. */
export function tokenFromMail(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no token in mail: ${text}`);
  return match[1]!;
}

/** Generates the business's tracking script with one allowed origin; returns its tracking id. */
export async function setUpTracking(t: TestApp, token: string, origin = 'https://shop.example') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking/generate-script',
    headers: bearer(token),
    payload: { allowed_origins: [origin] },
  });
  if (res.statusCode !== 200) throw new Error(`generate-script failed: ${res.statusCode} ${res.body}`);
  return res.json().trackingId as string;
}

type WireEventInput = {
  type: string;
  ts?: number;
  url?: string;
  title?: string;
  el?: string;
  data?: Record<string, unknown>;
};

/** A batch in the SDK's wire format, with fresh event ids. */
export function wireBatch(
  trackingId: string,
  events: WireEventInput[],
  ids: { session?: string; visitor?: string } = {},
  context: Record<string, unknown> = {},
) {
  const now = Date.now();
  return {
    v: 1,
    tracking_id: trackingId,
    session_id: ids.session ?? crypto.randomUUID(),
    visitor_id: ids.visitor ?? crypto.randomUUID(),
    sent_at: now,
    context,
    events: events.map((e, i) => ({ id: crypto.randomUUID(), ts: now - (events.length - i) * 1000, ...e })),
  };
}

const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Posts a batch the way the SDK does: text/plain, from the site's origin, with a browser user agent. */
export function postBatch(t: TestApp, batch: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({
    ...(remoteAddress ? { remoteAddress } : {}),
    method: 'POST',
    url: '/api/v1/tracking/batch-events',
    headers: { 'content-type': 'text/plain', origin: 'https://shop.example', 'user-agent': BROWSER_UA, ...headers },
    payload: typeof batch === 'string' ? batch : JSON.stringify(batch),
  });
}
