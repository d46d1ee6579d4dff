import { googleClassify, VendorError, vendorRequest } from '../../integrations/index.js';
import { type OAuthApp, type OAuthAppDeps, tokensOf, under } from './oauth-app.js';

/** Google Ads API and GA4 (Data API) read access: what the Google Ads and Analytics integration reads. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/adwords',
  'https://www.googleapis.com/auth/analytics.readonly',
] as const;

const HOUR = 3_600_000;

/**
 * Google's OAuth 2.0 for web server applications (developers.google.com/identity/protocols/oauth2/web-server):
 * the browser goes to `{GOOGLE_OAUTH_URL}/o/oauth2/v2/auth` with `access_type=offline` (a refresh token) and
 * `prompt=consent` (a refresh token again on every sign-in, not only the first), `include_granted_scopes=true` and
 * a PKCE S256 challenge; the code, and later the refresh token, go to `{GOOGLE_OAUTH_TOKEN_URL}/token` as a form.
 * Access tokens last an hour; refresh answers carry no new refresh token, so the stored one stays.
 */
export function createGoogleOAuth(deps: OAuthAppDeps & { authorizeBaseUrl: string; tokenBaseUrl: string }): OAuthApp {
  const now = deps.now ?? Date.now;
  const token = async (form: Record<string, string>, secrets: (string | undefined)[]) => {
    const { data } = await vendorRequest({
      vendor: 'google_oauth',
      baseUrl: deps.tokenBaseUrl,
      path: 'token',
      method: 'POST',
      encoding: 'form',
      body: { ...form, client_id: deps.clientId, client_secret: deps.clientSecret },
      secretValues: [deps.clientSecret, ...secrets],
      classify: googleClassify,
      timeoutMs: 20_000,
      log: deps.log,
    });
    return tokensOf('google_oauth', data, now());
  };
  return {
    provider: 'google',
    usesPkce: true,
    renewWithinMs: HOUR / 4,
    authorizationUrl: ({ state, redirectUri, codeChallenge }) => {
      const url = new URL(under(deps.authorizeBaseUrl, 'o/oauth2/v2/auth'));
      url.search = new URLSearchParams({
        client_id: deps.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SCOPES.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        ...(codeChallenge ? { code_challenge: codeChallenge, code_challenge_method: 'S256' } : {}),
      }).toString();
      return url.toString();
    },
    exchangeCode: async ({ code, redirectUri, codeVerifier }) => {
      const tokens = await token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
        [code, codeVerifier],
      );
      // Without a refresh token the access would end within the hour and could not be renewed.
      if (!tokens.refreshToken) {
        throw new VendorError({
          vendor: 'google_oauth',
          kind: 'invalid',
          status: 200,
          message:
            'Google granted no offline access (no refresh token); remove the app at myaccount.google.com/permissions and sign in again',
        });
      }
      return tokens;
    },
    renew: async (grant) => {
      if (!grant.refreshToken) {
        throw new VendorError({
          vendor: 'google_oauth',
          kind: 'auth',
          status: undefined,
          message: 'no refresh token was stored',
        });
      }
      const tokens = await token({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, [
        grant.refreshToken,
        grant.accessToken,
      ]);
      return { ...tokens, refreshToken: tokens.refreshToken ?? grant.refreshToken };
    },
  };
}
