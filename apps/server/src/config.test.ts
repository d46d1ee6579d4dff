import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config.js';

it('names the variable that is wrong', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  expect(() => loadConfig({ AUTH_REQUIRE_EMAIL_CONFIRMATION: 'maybe' })).toThrow(/AUTH_REQUIRE_EMAIL_CONFIRMATION/);
});

it('defaults to port 3000, ./data and a signing key kept privately beside the data', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ri-config-'));
  const config = loadConfig({ DATA_DIR: dir });
  expect(config.port).toBe(3000);
  expect(config.appUrl).toBe('http://localhost:3000');
  expect(config.databaseUrl).toBeUndefined();
  expect(config.requireEmailConfirmation).toBe(false);
  expect(config.vendorUrls.stripe).toBe('https://api.stripe.com');
  const file = path.join(dir, 'auth-secret');
  expect(readFileSync(file, 'utf8').trim()).toBe(config.authSecret);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  // The same key on the next start, so sessions survive restarts.
  expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
});

it('takes a Stripe API address without a path, such as the sandbox’s', () => {
  expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:4242' }).vendorUrls.stripe).toBe('http://127.0.0.1:4242');
  expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:4242/v1' })).toThrow(/STRIPE_API_URL/);
});

it('takes an optional Google Ads developer token, and refuses a malformed one without repeating it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ri-config-'));
  expect(loadConfig({ DATA_DIR: dir }).googleAdsDeveloperToken).toBeUndefined();
  expect(
    loadConfig({ DATA_DIR: dir, GOOGLE_ADS_DEVELOPER_TOKEN: ' aB3dE5fG7hJ9kL1mN3pQ5r ' }).googleAdsDeveloperToken,
  ).toBe('aB3dE5fG7hJ9kL1mN3pQ5r');
  const bad = () => loadConfig({ DATA_DIR: dir, GOOGLE_ADS_DEVELOPER_TOKEN: 'my token!' });
  expect(bad).toThrow(/GOOGLE_ADS_DEVELOPER_TOKEN, when set, must be 16 to 64 letters.*It is optional/);
  // Google has ignored developer tokens since 2026-09-09: nothing sends the operator to get one.
  expect(bad).not.toThrow(/API Center/);
  expect(bad).not.toThrow(/my token!/);
});

it('takes OAuth client credentials in pairs, naming the half that is missing', () => {
  expect(() => loadConfig({ GOOGLE_OAUTH_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(
    /GOOGLE_OAUTH_CLIENT_SECRET: GOOGLE_OAUTH_CLIENT_SECRET must be set together with GOOGLE_OAUTH_CLIENT_ID/,
  );
  expect(() => loadConfig({ META_APP_SECRET: 'secret' })).toThrow(/META_APP_ID: META_APP_ID must be set together/);
  expect(() => loadConfig({ GHL_CLIENT_ID: 'ghl', GHL_CLIENT_SECRET: ' ' })).toThrow(/GHL_CLIENT_SECRET/);
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ri-config-')),
    GOOGLE_OAUTH_CLIENT_ID: 'id.apps.googleusercontent.com',
    GOOGLE_OAUTH_CLIENT_SECRET: 'GOCSPX-secret',
    GHL_CLIENT_ID: 'ghl-id',
    GHL_CLIENT_SECRET: 'ghl-secret',
  });
  expect(config.oauthClients).toEqual({
    google: { clientId: 'id.apps.googleusercontent.com', clientSecret: 'GOCSPX-secret' },
    gohighlevel: { clientId: 'ghl-id', clientSecret: 'ghl-secret' },
  });
});

it("defaults the vendors' sign-in addresses and takes a sandbox's instead", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ri-config-'));
  expect(loadConfig({ DATA_DIR: dir }).oauthUrls).toEqual({
    googleAuthorize: 'https://accounts.google.com',
    googleToken: 'https://oauth2.googleapis.com',
    metaDialog: 'https://www.facebook.com',
    goHighLevelAuthorize: 'https://marketplace.gohighlevel.com',
  });
  expect(loadConfig({ DATA_DIR: dir }).oauthClients).toEqual({});
  const local = loadConfig({
    DATA_DIR: dir,
    GOOGLE_OAUTH_URL: 'http://127.0.0.1:4250/',
    GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:4250',
    META_OAUTH_URL: 'http://127.0.0.1:4250',
    GHL_OAUTH_URL: 'http://127.0.0.1:4250',
  });
  expect(Object.values(local.oauthUrls)).toEqual(Array(4).fill('http://127.0.0.1:4250'));
  expect(() => loadConfig({ GHL_OAUTH_URL: 'marketplace.gohighlevel.com' })).toThrow(
    /GHL_OAUTH_URL must be an http\(s\) address/,
  );
});
