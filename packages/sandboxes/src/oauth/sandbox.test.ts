import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthSandbox, startOAuthSandbox } from './sandbox.js';

let sandbox: OAuthSandbox;
const REDIRECT = 'https://app.example/api/v1/oauth/google/callback';

beforeAll(async () => {
  sandbox = await startOAuthSandbox({
    clients: { google: { clientId: 'g-client', clientSecret: 'g-secret', redirectUris: [REDIRECT] } },
  });
});
afterAll(() => sandbox?.close());

/** Follows the authorization page; answers the address it sends the browser back to. */
async function approve(path: string, params: Record<string, string>) {
  const res = await fetch(`${sandbox.url}${path}?${new URLSearchParams(params)}`, { redirect: 'manual' });
  return {
    status: res.status,
    location: res.headers.get('location'),
    text: res.status === 302 ? '' : await res.text(),
  };
}
const post = (path: string, form: Record<string, string>) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

describe('the OAuth sandbox', () => {
  it("checks Google's PKCE verifier, issues long tokens without 'test', and refreshes until revoked", async () => {
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const wrongRedirect = await approve('/o/oauth2/v2/auth', {
      client_id: 'g-client',
      redirect_uri: 'https://evil.example/cb',
      scope: 's',
    });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.text).toMatch(/redirect_uri_mismatch/);
    const page = await approve('/o/oauth2/v2/auth', {
      client_id: 'g-client',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/adwords',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const back = new URL(page.location!);
    expect(back.searchParams.get('state')).toBe('st');
    const code = back.searchParams.get('code')!;
    const exchange = (code_verifier: string) =>
      post('/token', {
        grant_type: 'authorization_code',
        code,
        client_id: 'g-client',
        client_secret: 'g-secret',
        redirect_uri: REDIRECT,
        code_verifier,
      });
    const bad = await exchange('w'.repeat(43));
    expect(await bad.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    // The failed attempt spent the code, as a code is good for one exchange.
    const sandbox2Page = await approve('/o/oauth2/v2/auth', {
      client_id: 'g-client',
      redirect_uri: REDIRECT,
      scope: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code2 = new URL(sandbox2Page.location!).searchParams.get('code')!;
    const good = await post('/token', {
      grant_type: 'authorization_code',
      code: code2,
      client_id: 'g-client',
      client_secret: 'g-secret',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    const tokens = await good.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect(token.length).toBeGreaterThanOrEqual(50);
      expect(token).not.toMatch(/test/i);
    }
    const refresh = () =>
      post('/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'g-client',
        client_secret: 'g-secret',
      });
    expect((await refresh()).status).toBe(200);
    sandbox.state.revoke(tokens.refresh_token);
    const revoked = await refresh();
    expect(revoked.status).toBe(400);
    expect(await revoked.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it("exchanges Meta's code, then the short token for a long-lived one", async () => {
    const { clientId, clientSecret } = sandbox.clients.facebook;
    const page = await approve('/v25.0/dialog/oauth', { client_id: clientId, redirect_uri: REDIRECT, state: 's' });
    expect(page.location).toMatch(/#_=_$/);
    const code = new URL(page.location!).searchParams.get('code')!;
    const get = (q: Record<string, string>) =>
      fetch(
        `${sandbox.url}/v25.0/oauth/access_token?${new URLSearchParams({ client_id: clientId, client_secret: clientSecret, ...q })}`,
      );
    const short = await (await get({ code, redirect_uri: REDIRECT })).json();
    expect(short).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
    const reused = await (await get({ code, redirect_uri: REDIRECT })).json();
    expect(reused.error).toMatchObject({ code: 100, error_subcode: 36009 });
    const long = await (await get({ grant_type: 'fb_exchange_token', fb_exchange_token: short.access_token })).json();
    expect(long).toMatchObject({ token_type: 'bearer', expires_in: 5_184_000 });
    expect(long.access_token).toMatch(/^EAAG/);
  });

  it('gives GoHighLevel location tokens whose refresh token works once', async () => {
    const { clientId, clientSecret } = sandbox.clients.gohighlevel;
    const page = await approve('/v2/oauth/chooselocation', { client_id: clientId, redirect_uri: REDIRECT, state: 's' });
    const code = new URL(page.location!).searchParams.get('code')!;
    const form = { client_id: clientId, client_secret: clientSecret, user_type: 'Location' };
    const first = await (await post('/oauth/token', { ...form, grant_type: 'authorization_code', code })).json();
    expect(first).toMatchObject({ userType: 'Location', locationId: 'loc_sandbox_1', expires_in: 86_399 });
    const renewed = await post('/oauth/token', {
      ...form,
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect((await renewed.json()).refresh_token).not.toBe(first.refresh_token);
    const again = await post('/oauth/token', {
      ...form,
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ statusCode: 400, message: 'Invalid grant: refresh token is invalid' });
  });
});
