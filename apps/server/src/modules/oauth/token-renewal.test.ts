import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../db/schema.js';
import { bearer, signUp } from '../../test/harness.js';
import { type OAuthTest, openCredentials, type Person, signInWith, startOAuthTest } from './oauth-test-kit.js';
import type { RenewalReport } from './token-renewal.js';

let k: OAuthTest;
let alpha: Person;
let bravo: Person;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  k = await startOAuthTest();
  alpha = await signUp(k.t, { businessName: 'Alpha' });
  bravo = await signUp(k.t, { businessName: 'Bravo' });
  for (const who of [alpha, bravo]) {
    for (const provider of ['google', 'facebook', 'gohighlevel'] as const) {
      const { location } = await signInWith(k.t, who, provider);
      expect(location.searchParams.get('oauth')).toBe('connected');
    }
  }
});
afterAll(() => k?.close());

const db = () => k.t.database.db;
async function row(who: Person, provider: 'google_ads' | 'facebook_ads' | 'gohighlevel') {
  const [found] = await db()
    .select()
    .from(integrations)
    .where(and(eq(integrations.businessId, who.businessId), eq(integrations.provider, provider)));
  return found!;
}
/** Moves an integration's expiry, as time passing would. */
async function expireIn(who: Person, provider: 'google_ads' | 'facebook_ads' | 'gohighlevel', ms: number) {
  await db()
    .update(integrations)
    .set({ credentialsExpireAt: new Date(Date.now() + ms) })
    .where(and(eq(integrations.businessId, who.businessId), eq(integrations.provider, provider)));
}
const refresh = (who: Person, provider: string, integrationId: string) =>
  k.t.app.inject({
    method: 'POST',
    url: `/api/v1/oauth/${provider}/refresh`,
    headers: { ...bearer(who.token), 'x-business-id': who.businessId },
    payload: { integration_id: integrationId },
  });
const renewal = () => k.runRenewal() as Promise<RenewalReport>;
const untilNow = (date: Date | null) => (date ? date.getTime() - Date.now() : Number.NaN);

describe('POST /oauth/{provider}/refresh', () => {
  it('renews now, seals the new token and moves credentials_expire_at', async () => {
    await expireIn(alpha, 'google_ads', 2 * MINUTE);
    const before = await row(alpha, 'google_ads');
    const grantsBefore = k.sandbox.state.grantCount('google', 'refresh_token');
    const res = await refresh(alpha, 'google', before.id);
    expect(res.statusCode).toBe(200);
    const after = await row(alpha, 'google_ads');
    expect(res.json()).toEqual({ integration_id: before.id, expires_at: after.credentialsExpireAt!.toISOString() });
    expect(untilNow(after.credentialsExpireAt)).toBeGreaterThan(55 * MINUTE);
    expect(k.sandbox.state.grantCount('google', 'refresh_token')).toBe(grantsBefore + 1);
    const [sealedBefore, sealedAfter] = [openCredentials(before), openCredentials(after)];
    expect(sealedAfter.accessToken).not.toBe(sealedBefore.accessToken);
    expect(sealedAfter.accessToken).toBe(k.sandbox.state.tokensOf('google', 'access').at(-1));
    // Google's refresh answer has no refresh token: the stored one stays.
    expect(sealedAfter.refreshToken).toBe(sealedBefore.refreshToken);
    expect(after.credentialHints.accessToken).toMatch(/^ya29\.…/);
    expect(after.credentials).not.toContain(sealedAfter.accessToken);
  });

  it("refuses another business's integration, another vendor's, and pasted credentials", async () => {
    const bravos = await row(bravo, 'google_ads');
    expect((await refresh(alpha, 'google', bravos.id)).statusCode).toBe(404);
    const wrongVendor = await refresh(alpha, 'gohighlevel', (await row(alpha, 'google_ads')).id);
    expect(wrongVendor.statusCode).toBe(400);
    expect(wrongVendor.json().error).toMatchObject({ field: 'integration_id' });
    await db()
      .update(integrations)
      .set({ oauthProvider: null })
      .where(eq(integrations.id, (await row(bravo, 'facebook_ads')).id));
    const pasted = await refresh(bravo, 'facebook', (await row(bravo, 'facebook_ads')).id);
    expect(pasted.statusCode).toBe(400);
    await db()
      .update(integrations)
      .set({ oauthProvider: 'facebook' })
      .where(eq(integrations.id, (await row(bravo, 'facebook_ads')).id));
  });
});

describe('the renewal job', () => {
  it('renews only what expires soon: 15 minutes for Google and GoHighLevel, 7 days for Meta', async () => {
    await expireIn(alpha, 'google_ads', 10 * MINUTE);
    await expireIn(bravo, 'google_ads', 50 * MINUTE);
    await expireIn(alpha, 'gohighlevel', 5 * MINUTE);
    await expireIn(bravo, 'gohighlevel', 20 * MINUTE);
    await expireIn(alpha, 'facebook_ads', 3 * DAY);
    await expireIn(bravo, 'facebook_ads', 30 * DAY);
    const ghlBefore = openCredentials(await row(alpha, 'gohighlevel'));
    const count = (p: 'google' | 'facebook' | 'gohighlevel', g: string) => k.sandbox.state.grantCount(p, g);
    const before = [
      count('google', 'refresh_token'),
      count('gohighlevel', 'refresh_token'),
      count('facebook', 'fb_exchange_token'),
    ];

    expect(await renewal()).toEqual({ renewed: 3, reconnect: 0, failed: 0, skipped: 0 });
    expect([
      count('google', 'refresh_token'),
      count('gohighlevel', 'refresh_token'),
      count('facebook', 'fb_exchange_token'),
    ]).toEqual(before.map((n) => n + 1));
    expect(untilNow((await row(alpha, 'google_ads')).credentialsExpireAt)).toBeGreaterThan(55 * MINUTE);
    expect(untilNow((await row(bravo, 'google_ads')).credentialsExpireAt)).toBeLessThan(51 * MINUTE);
    expect(untilNow((await row(alpha, 'gohighlevel')).credentialsExpireAt)).toBeGreaterThan(23 * 60 * MINUTE);
    expect(untilNow((await row(bravo, 'gohighlevel')).credentialsExpireAt)).toBeLessThan(21 * MINUTE);
    expect(untilNow((await row(alpha, 'facebook_ads')).credentialsExpireAt)).toBeGreaterThan(59 * DAY);
    expect(untilNow((await row(bravo, 'facebook_ads')).credentialsExpireAt)).toBeLessThan(31 * DAY);

    // GoHighLevel replaced its refresh token: the new one is stored, the used one no longer works.
    const ghlAfter = openCredentials(await row(alpha, 'gohighlevel'));
    expect(ghlAfter.refreshToken).not.toBe(ghlBefore.refreshToken);
    expect(k.sandbox.state.grants.get(ghlBefore.refreshToken!)?.used).toBe(true);
    await expireIn(alpha, 'gohighlevel', 5 * MINUTE);
    expect((await renewal()).renewed).toBe(1);

    // Meta answered a token that ends no later than before: it is not asked again within 12 hours.
    await expireIn(alpha, 'facebook_ads', 3 * DAY);
    expect(await renewal()).toEqual({ renewed: 0, reconnect: 0, failed: 0, skipped: 1 });
    expect(count('facebook', 'fb_exchange_token')).toBe(before[2]! + 1);
  });

  it('leaves the integration as it is through a vendor outage and renews at the next run', async () => {
    await expireIn(bravo, 'google_ads', 5 * MINUTE);
    const cancel = k.sandbox.inject({ kind: 'server_error', path: '/token', times: 10 });
    expect(await renewal()).toMatchObject({ renewed: 0, failed: 1 });
    expect((await row(bravo, 'google_ads')).status).toBe('connected');
    cancel();
    expect(await renewal()).toMatchObject({ renewed: 1, failed: 0 });
  });

  it('turns an integration whose grant was revoked to error with the reconnect message, and stops asking', async () => {
    k.sandbox.state.revokeAll('google');
    await expireIn(alpha, 'google_ads', 5 * MINUTE);
    const asked = k.sandbox.state.requests.length;
    expect(await renewal()).toMatchObject({ reconnect: 1 });
    const failed = await row(alpha, 'google_ads');
    expect(failed.status).toBe('error');
    expect(failed.error).toBe(
      'Google refused to renew the access granted at sign-in (Token has been expired or revoked.). Reconnect Google Ads and Analytics to sync again.',
    );
    expect(k.sandbox.state.requests.length).toBe(asked + 1);
    expect(await renewal()).toMatchObject({ reconnect: 0, renewed: 0 });
    expect(k.sandbox.state.requests.length).toBe(asked + 1);
    // Renewing by hand says the same, as a 400 the connect form shows.
    const res = await refresh(alpha, 'google', failed.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_credentials', message: failed.error });
    // No token or secret reached a log line on the way.
    const logs = k.logLines.join('\n');
    for (const token of k.sandbox.state.grants.keys()) expect(logs).not.toContain(token);
    expect(logs).not.toContain('GOCSPX-g00gle-secret-value');
    expect(logs).toContain('Reconnect Google Ads and Analytics');
  });
});
