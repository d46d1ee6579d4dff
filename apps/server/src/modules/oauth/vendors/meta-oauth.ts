import { META_GRAPH_API_VERSION, metaGraphClassify, vendorRequest } from '../../integrations/index.js';
import { type OAuthApp, type OAuthAppDeps, tokensOf, under } from './oauth-app.js';

/** Permissions per integration: reading ads and insights, or sending Conversions API events for a pixel. */
export const META_SCOPES = {
  facebook_ads: ['ads_read', 'business_management'],
  facebook_conversions: ['ads_management', 'business_management'],
} as const;

const DAY = 86_400_000;

/**
 * Meta's manually built login flow (developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
 * the browser goes to `{META_OAUTH_URL}/{version}/dialog/oauth`; the code is exchanged with
 * `GET {META_GRAPH_URL}/{version}/oauth/access_token` (client_id, redirect_uri, client_secret, code), and the
 * short-lived user token at once for a long-lived one (`grant_type=fb_exchange_token`, about 60 days; "Long-Lived
 * Access Tokens"). Meta has no refresh token: renewing is the same exchange with the current long-lived token,
 * done in the last 7 days, at most twice a day. Meta documents these calls as GET with the secret in the query;
 * the shared HTTP core redacts `client_secret`, `code` and `*token*` parameters from every message and log line.
 */
export function createMetaOAuth(deps: OAuthAppDeps & { dialogBaseUrl: string; graphBaseUrl: string }): OAuthApp {
  const now = deps.now ?? Date.now;
  const accessToken = async (query: Record<string, string>, secrets: (string | undefined)[]) => {
    const { data } = await vendorRequest({
      vendor: 'meta',
      baseUrl: deps.graphBaseUrl,
      path: `${META_GRAPH_API_VERSION}/oauth/access_token`,
      query: { ...query, client_id: deps.clientId, client_secret: deps.clientSecret },
      secretValues: [deps.clientSecret, ...secrets],
      classify: metaGraphClassify,
      timeoutMs: 20_000,
      log: deps.log,
    });
    return tokensOf('meta', data, now());
  };
  const longLived = (token: string) =>
    accessToken({ grant_type: 'fb_exchange_token', fb_exchange_token: token }, [token]);
  return {
    provider: 'facebook',
    usesPkce: false,
    renewWithinMs: 7 * DAY,
    minRenewIntervalMs: DAY / 2,
    authorizationUrl: ({ state, redirectUri, integration }) => {
      const url = new URL(under(deps.dialogBaseUrl, `${META_GRAPH_API_VERSION}/dialog/oauth`));
      const scopes =
        integration === 'facebook_conversions' ? META_SCOPES.facebook_conversions : META_SCOPES.facebook_ads;
      url.search = new URLSearchParams({
        client_id: deps.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: scopes.join(','),
      }).toString();
      return url.toString();
    },
    exchangeCode: async ({ code, redirectUri }) => {
      const short = await accessToken({ redirect_uri: redirectUri, code }, [code]);
      const long = await longLived(short.accessToken);
      return { ...long, scope: long.scope ?? short.scope };
    },
    renew: (grant) => longLived(grant.accessToken),
  };
}
