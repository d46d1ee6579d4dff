import { goHighLevelClassify, VendorError, vendorRequest } from '../../integrations/index.js';
import { type OAuthApp, type OAuthAppDeps, tokensOf, under } from './oauth-app.js';

/**
 * What the GoHighLevel integration uses (highlevel-api-docs docs/oauth/Scopes.md): the location and its contact
 * fields (the visitor-id field), contacts, opportunities and pipelines; `contacts.write` and `workflows.readonly`
 * for engagement actions (a tag, a task, a workflow enrolment, and the list of workflows to choose from).
 */
export const GOHIGHLEVEL_SCOPES = [
  'locations.readonly',
  'locations/customFields.readonly',
  'contacts.readonly',
  'contacts.write',
  'opportunities.readonly',
  'workflows.readonly',
] as const;

const HOUR = 3_600_000;

/**
 * GoHighLevel's marketplace OAuth (marketplace.gohighlevel.com/docs, "Authorization"; highlevel-api-docs
 * apps/oauth.json): the browser goes to `{GHL_OAUTH_URL}/v2/oauth/chooselocation` where the person picks a
 * location (sub-account); `POST {GHL_API_URL}/oauth/token`, form-encoded, with `user_type=Location` exchanges the
 * code (and later the refresh token) for a Location token: `access_token` (a day), `refresh_token` (a year, replaced
 * at each use: the new one must be stored), `locationId`. Token errors are 400/401 `{statusCode, message}`.
 */
export function createGoHighLevelOAuth(
  deps: OAuthAppDeps & { authorizeBaseUrl: string; apiBaseUrl: string },
): OAuthApp {
  const now = deps.now ?? Date.now;
  const token = async (form: Record<string, string>, secrets: (string | undefined)[]) => {
    const { data } = await vendorRequest({
      vendor: 'gohighlevel',
      baseUrl: deps.apiBaseUrl,
      path: 'oauth/token',
      method: 'POST',
      encoding: 'form',
      body: { client_id: deps.clientId, client_secret: deps.clientSecret, ...form, user_type: 'Location' },
      secretValues: [deps.clientSecret, ...secrets],
      classify: goHighLevelClassify,
      timeoutMs: 20_000,
      log: deps.log,
    });
    return tokensOf('gohighlevel', data, now());
  };
  return {
    provider: 'gohighlevel',
    usesPkce: false,
    renewWithinMs: HOUR / 4,
    authorizationUrl: ({ state, redirectUri }) => {
      const url = new URL(under(deps.authorizeBaseUrl, 'v2/oauth/chooselocation'));
      url.search = new URLSearchParams({
        response_type: 'code',
        redirect_uri: redirectUri,
        client_id: deps.clientId,
        scope: GOHIGHLEVEL_SCOPES.join(' '),
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode: async ({ code, redirectUri }) => {
      const tokens = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, [code]);
      if (!tokens.locationId) {
        throw new VendorError({
          vendor: 'gohighlevel',
          kind: 'invalid',
          status: 200,
          message:
            'GoHighLevel granted no location: choose a sub-account (location), not the agency, and sign in again',
        });
      }
      return tokens;
    },
    renew: async (grant) => {
      if (!grant.refreshToken) {
        throw new VendorError({
          vendor: 'gohighlevel',
          kind: 'auth',
          status: undefined,
          message: 'no refresh token was stored',
        });
      }
      return token({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, [
        grant.refreshToken,
        grant.accessToken,
      ]);
    },
  };
}
