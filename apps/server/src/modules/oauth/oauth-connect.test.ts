import { type GoogleSandbox, type OAuthSandbox, startGoogleSandbox, startOAuthSandbox } from '@ri/sandboxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { APP_URL, openCredentials, signInWith } from './oauth-test-kit.js';

// A sign-in with Google that really connects: the sign-in sandbox issues an access token the Google Ads sandbox
// accepts, and the vendor's own save path (the check with Google, the sealed token) stores it with its grant.

let google: GoogleSandbox;
let oauth: OAuthSandbox;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleSandbox({ seed: 4 });
  const redirect = [`${APP_URL}/api/v1/oauth/google/callback`];
  oauth = await startOAuthSandbox({
    clients: {
      google: { clientId: '55-web.apps.googleusercontent.com', clientSecret: 'GOCSPX-s3cret', redirectUris: redirect },
    },
    tokens: (provider, kind) => (provider === 'google' && kind === 'access' ? google.accessToken : undefined),
  });
  t = await createTestApp({
    ...oauth.env(),
    APP_URL,
    GOOGLE_ADS_API_URL: google.url,
    GA4_API_URL: google.url,
    INTEGRATIONS_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  });
});
afterAll(async () => {
  await t?.close();
  await oauth?.close();
  await google?.close();
});

describe('signing in with Google', () => {
  it('connects Google Ads through its own check and save, with the grant sealed for renewal', async () => {
    const owner = await signUp(t);
    const providers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/providers',
      headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    });
    expect(JSON.stringify(providers.json())).toContain('google_ads');

    const customer = google.state.account().spec;
    const { location } = await signInWith(t, owner, 'google', {
      integration: 'google_ads',
      customerId: customer.customerId,
      integrationName: 'Google Ads',
    });
    expect(location.searchParams.get('oauth'), location.searchParams.get('message') ?? '').toBe('connected');

    const [row] = await t.database.db.select().from(integrations).where(eq(integrations.businessId, owner.businessId));
    expect(row).toMatchObject({ provider: 'google_ads', status: 'connected', oauthProvider: 'google' });
    expect(row!.vendorAccount?.id.replaceAll('-', '')).toBe(customer.customerId);
    const sealed = openCredentials(row!);
    expect(sealed.accessToken).toBe(google.accessToken);
    expect(sealed.refreshToken).toMatch(/^1\/\//);
    expect(row!.credentialsExpireAt!.getTime()).toBe(new Date(sealed.expiresAt!).getTime());
    expect(JSON.stringify(row!.credentialHints)).not.toContain(sealed.refreshToken);
  });
});
