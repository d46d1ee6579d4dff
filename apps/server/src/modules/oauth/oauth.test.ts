import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrations, oauthStates } from '../../db/schema.js';
import { bearer, signUp } from '../../test/harness.js';
import { createVault, type OAuthCredentials } from '../integrations/index.js';
import { finishOAuth, listOAuthProviders, type OAuthDeps, refreshOAuth, startOAuth } from './oauth.service.js';
import {
  APP_URL,
  authorize,
  browserCookie,
  callback,
  type OAuthTest,
  type Person,
  signInWith,
  startOAuthTest,
  vendorRedirect,
} from './oauth-test-kit.js';

const FIXED_META_TOKEN = `EAAG${'Zm9yR3JhcGhTYW5kYm94'.repeat(5)}`;

let k: OAuthTest;
let owner: Person;
let other: Person;
const redirects: string[] = [];

beforeAll(async () => {
  // The Meta long-lived token is fixed, as a test would make it one the Meta Graph sandbox accepts.
  k = await startOAuthTest({
    tokens: (provider, kind) => (provider === 'facebook' && kind === 'long_lived' ? FIXED_META_TOKEN : undefined),
  });
  owner = await signUp(k.t, { businessName: 'Alpha Outfitters' });
  other = await signUp(k.t, { businessName: 'Bravo Holdings' });
});
afterAll(() => k?.close());
beforeEach(() => {
  k.connected.length = 0;
});

const integrationsOf = (businessId: string) =>
  k.t.database.db.select().from(integrations).where(eq(integrations.businessId, businessId));

/** The outcome the Integrations screen reads from the address it is sent back to. */
function outcome(location: URL) {
  redirects.push(location.toString());
  expect(`${location.origin}${location.pathname}`).toBe(`${APP_URL}/integrations`);
  return {
    oauth: location.searchParams.get('oauth'),
    provider: location.searchParams.get('provider'),
    message: location.searchParams.get('message'),
  };
}

describe('starting a sign-in', () => {
  it('sends the browser to Google with offline access, consent, PKCE S256 and a single-use state', async () => {
    const res = await authorize(k.t, owner, 'google', { customerId: '1234567890' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${k.sandbox.url}/o/oauth2/v2/auth`);
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      client_id: '1234-web.apps.googleusercontent.com',
      redirect_uri: `${APP_URL}/api/v1/oauth/google/callback`,
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(p.scope?.split(' ')).toEqual([
      'https://www.googleapis.com/auth/adwords',
      'https://www.googleapis.com/auth/analytics.readonly',
    ]);
    expect(p.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.toString()).not.toContain('GOCSPX');
    // The database keeps a hash of the state and the sealed verifier, never either in clear.
    const hash = createHash('sha256').update(p.state!).digest('hex');
    const [row] = await k.t.database.db.select().from(oauthStates).where(eq(oauthStates.stateHash, hash));
    expect(row).toMatchObject({ businessId: owner.businessId, integration: 'google_ads', provider: 'google' });
    expect(row!.hints).toMatchObject({ customerId: '1234567890' });
    expect(row!.codeVerifier).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(p.state);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(res.cookies.find((c) => c.name === 'ri_oauth_browser')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/oauth/',
    });
  });

  it("sends the browser to Meta's dialog and GoHighLevel's location chooser", async () => {
    const meta = new URL((await authorize(k.t, owner, 'facebook')).json().authorization_url);
    expect(meta.pathname).toBe('/v25.0/dialog/oauth');
    expect(meta.searchParams.get('scope')).toBe('ads_read,business_management');
    expect(meta.searchParams.get('code_challenge')).toBeNull();
    const ghl = new URL((await authorize(k.t, owner, 'gohighlevel')).json().authorization_url);
    expect(ghl.pathname).toBe('/v2/oauth/chooselocation');
    expect(ghl.searchParams.get('scope')?.split(' ')).toEqual([
      'locations.readonly',
      'locations/customFields.readonly',
      'contacts.readonly',
      'contacts.write',
      'opportunities.readonly',
      'workflows.readonly',
    ]);
    expect(ghl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('says which sign-ins connect what, and refuses an integration that cannot be connected that way', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: '/api/v1/oauth/providers',
      headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    });
    expect(res.json().providers).toEqual([
      { provider: 'google', name: 'Google', configured: true, integrations: ['google_ads'] },
      { provider: 'facebook', name: 'Meta', configured: true, integrations: ['facebook_ads'] },
      { provider: 'gohighlevel', name: 'GoHighLevel', configured: true, integrations: ['gohighlevel'] },
    ]);
    const noPixel = await authorize(k.t, owner, 'facebook', { integration: 'facebook_conversions' });
    expect(noPixel.statusCode).toBe(400);
    expect(noPixel.json().error).toMatchObject({ field: 'pixelId', message: 'Pixel ID is required' });
    const notYet = await authorize(k.t, owner, 'facebook', { integration: 'facebook_conversions', pixelId: '1234' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.message).toMatch(/Connecting Meta Conversions API by signing in is not available/);
    const wrong = await authorize(k.t, owner, 'google', { integration: 'stripe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('integration');
  });
});

describe('finishing a sign-in', () => {
  it('exchanges the code with its PKCE verifier and hands the tokens to the connect step', async () => {
    const { location, res } = await signInWith(k.t, owner, 'google', {
      customerId: '1234567890',
      integrationName: 'Google Ads',
    });
    expect(res.statusCode).toBe(302);
    expect(outcome(location)).toEqual({ oauth: 'connected', provider: 'google', message: null });
    expect(k.connected).toHaveLength(1);
    const [c] = k.connected;
    expect(c).toMatchObject({
      businessId: owner.businessId,
      provider: 'google',
      integration: 'google_ads',
      hints: { customerId: '1234567890', integrationName: 'Google Ads' },
    });
    expect(c!.tokens.accessToken).toMatch(/^ya29\./);
    expect(c!.tokens.refreshToken).toMatch(/^1\/\//);
    expect(c!.tokens.expiresAt!.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(k.sandbox.state.grantCount('google', 'authorization_code')).toBeGreaterThanOrEqual(1);
    const [row] = await integrationsOf(owner.businessId);
    expect(row).toMatchObject({ provider: 'google_ads', oauthProvider: 'google', status: 'connected' });
    expect(row!.credentialsExpireAt!.getTime()).toBe(c!.tokens.expiresAt!.getTime());
    expect(row!.credentials).not.toContain(c!.tokens.refreshToken);
  });

  it("exchanges Meta's code for a long-lived token", async () => {
    const { location } = await signInWith(k.t, owner, 'facebook', { adAccountId: 'act_42' });
    expect(outcome(location).oauth).toBe('connected');
    const [c] = k.connected;
    expect(c!.tokens.accessToken).toBe(FIXED_META_TOKEN);
    expect(c!.tokens.refreshToken).toBeUndefined();
    const days = (c!.tokens.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(k.sandbox.state.grantCount('facebook', 'fb_exchange_token')).toBeGreaterThanOrEqual(1);
  });

  it("takes GoHighLevel's location from the token answer", async () => {
    const { location } = await signInWith(k.t, owner, 'gohighlevel');
    expect(outcome(location).oauth).toBe('connected');
    expect(k.connected[0]!.tokens).toMatchObject({ locationId: 'loc_sandbox_1' });
    expect(k.connected[0]!.tokens.refreshToken).toBeTruthy();
  });

  it('connects nothing for an unknown, reused, expired, foreign or mismatched state', async () => {
    const before = (await integrationsOf(other.businessId)).length;
    // Unknown state, and no state at all.
    const unknown = await callback(k.t, new URL(`${APP_URL}/api/v1/oauth/google/callback?code=4/abc&state=forged`));
    expect(outcome(unknown.location)).toMatchObject({ oauth: 'error', provider: 'google' });
    expect(outcome(unknown.location).message).toMatch(/unknown or was already used/);
    const none = await callback(k.t, new URL(`${APP_URL}/api/v1/oauth/google/callback?code=4/abc`));
    expect(outcome(none.location).message).toMatch(/without the sign-in's state/);

    // Reused: the browser (or an attacker) replays the callback.
    const first = await signInWith(k.t, other, 'google');
    expect(outcome(first.location).oauth).toBe('connected');
    const replay = await callback(k.t, first.back, first.cookie);
    expect(outcome(replay.location).message).toMatch(/already used/);

    // Expired: more than 10 minutes between authorize and the vendor's redirect.
    const started = await authorize(k.t, other, 'google');
    const back = await vendorRedirect(started.json().authorization_url);
    const hash = createHash('sha256').update(back.searchParams.get('state')!).digest('hex');
    await k.t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.stateHash, hash));
    const expired = await callback(k.t, back, browserCookie(started));
    expect(outcome(expired.location).message).toMatch(/longer than 10 minutes/);

    // Another browser: owner's sign-in link opened in other's browser (or sent to someone else).
    const owners = await authorize(k.t, owner, 'google');
    const ownersBack = await vendorRedirect(owners.json().authorization_url);
    const othersCookie = browserCookie(await authorize(k.t, other, 'google'));
    const foreign = await callback(k.t, ownersBack, othersCookie);
    expect(outcome(foreign.location).message).toMatch(/started in another browser/);
    // Its state is spent: the owner's own browser cannot use it afterwards either.
    expect(outcome((await callback(k.t, ownersBack, browserCookie(owners))).location).message).toMatch(/already used/);

    // A state of one vendor at another vendor's callback.
    const google = await authorize(k.t, other, 'google');
    const googleBack = await vendorRedirect(google.json().authorization_url);
    const crossed = new URL(googleBack.toString().replace('/oauth/google/', '/oauth/gohighlevel/'));
    expect(outcome((await callback(k.t, crossed, browserCookie(google))).location).message).toMatch(/unknown/);

    expect(k.connected.map((c) => c.businessId)).toEqual([other.businessId]);
    expect((await integrationsOf(other.businessId)).length).toBe(before + 1);
  });

  it('says the person declined, and what the vendor refused', async () => {
    k.sandbox.inject({ kind: 'deny', path: '/o/oauth2/v2/auth' });
    const declined = await signInWith(k.t, owner, 'google');
    expect(outcome(declined.location)).toMatchObject({
      oauth: 'error',
      message: 'The sign-in with Google was cancelled: nothing was connected.',
    });
    // A code that reaches the token endpoint after the vendor forgot it.
    const started = await authorize(k.t, owner, 'gohighlevel');
    const back = await vendorRedirect(started.json().authorization_url);
    k.sandbox.state.codes.clear();
    const refused = await callback(k.t, back, browserCookie(started));
    expect(outcome(refused.location).message).toBe(
      'GoHighLevel did not accept the sign-in (Invalid grant: authorization code is invalid).',
    );
    k.sandbox.inject({ kind: 'server_error', path: '/token' });
    const outage = await signInWith(k.t, owner, 'google');
    expect(outcome(outage.location).message).toMatch(/^Google could not be reached to finish the sign-in/);
    expect(k.connected).toHaveLength(0);
  });

  it('refuses a person who lost the owner or admin role before coming back', async () => {
    const started = await authorize(k.t, owner, 'google');
    const back = await vendorRedirect(started.json().authorization_url);
    const { memberships } = await import('../../db/schema.js');
    await k.t.database.db
      .update(memberships)
      .set({ role: 'member' })
      .where(eq(memberships.businessId, owner.businessId));
    const res = await callback(k.t, back, browserCookie(started));
    await k.t.database.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.businessId, owner.businessId));
    expect(outcome(res.location).message).toBe('Only an owner or admin of the business can connect integrations.');
    expect(k.connected).toHaveLength(0);
  });

  it('keeps codes, tokens, states and client secrets out of every log line and redirect', async () => {
    const secrets = [
      'GOCSPX-g00gle-secret-value',
      'meta0app0secret0value0abcdef',
      'ghl-client-secret-value-42',
      FIXED_META_TOKEN,
      ...[...k.sandbox.state.grants.keys()],
      ...[...k.sandbox.state.codes.keys()],
    ];
    expect(secrets.length).toBeGreaterThan(10);
    const logs = k.logLines.join('\n');
    expect(logs).toContain('/api/v1/oauth/google/callback?code=[redacted]');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      for (const r of redirects) expect(r).not.toContain(secret);
    }
    for (const r of redirects) expect(r).not.toMatch(/[?&](code|state|access_token)=/);
  });
});

describe('without OAuth configured', () => {
  it('offers no sign-in and names the variables the operator must set', async () => {
    // The same flow with no vendor app configured (the server's routes call exactly these).
    const deps: OAuthDeps = {
      db: k.t.database.db,
      apps: {},
      integrations: { connectable: () => ['google_ads', 'facebook_ads', 'gohighlevel'] } as unknown as OAuthCredentials,
      vault: createVault({ keys: new Map([['k1', Buffer.alloc(32, 1)]]), activeKeyId: 'k1' }),
      appUrl: APP_URL,
      log: k.t.app.log,
    };
    expect(listOAuthProviders(deps).providers.map((p) => [p.configured, p.integrations])).toEqual([
      [false, []],
      [false, []],
      [false, []],
    ]);
    const start = startOAuth(deps, {
      businessId: owner.businessId,
      userId: crypto.randomUUID(),
      provider: 'google',
      body: {} as never,
      browserId: 'b',
    });
    await expect(start).rejects.toMatchObject({
      status: 409,
      message:
        'Sign-in with Google is not configured on this server: the operator must set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET.',
    });
    const refresh = refreshOAuth(deps, { businessId: owner.businessId, provider: 'gohighlevel', integrationId: 'x' });
    await expect(refresh).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/GHL_CLIENT_ID and GHL_CLIENT_SECRET/),
    });
    const back = await finishOAuth(deps, { provider: 'facebook', query: { code: 'x', state: 'y' }, browserId: 'b' });
    expect(outcome(new URL(back)).message).toMatch(/META_APP_ID and META_APP_SECRET/);
  });
});
