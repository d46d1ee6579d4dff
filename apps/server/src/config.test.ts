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

it('takes a Google Ads developer token, and refuses a malformed one without repeating it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ri-config-'));
  expect(loadConfig({ DATA_DIR: dir }).googleAdsDeveloperToken).toBeUndefined();
  expect(
    loadConfig({ DATA_DIR: dir, GOOGLE_ADS_DEVELOPER_TOKEN: ' aB3dE5fG7hJ9kL1mN3pQ5r ' }).googleAdsDeveloperToken,
  ).toBe('aB3dE5fG7hJ9kL1mN3pQ5r');
  const bad = () => loadConfig({ DATA_DIR: dir, GOOGLE_ADS_DEVELOPER_TOKEN: 'my token!' });
  expect(bad).toThrow(/GOOGLE_ADS_DEVELOPER_TOKEN must be the developer token/);
  expect(bad).not.toThrow(/my token!/);
});
