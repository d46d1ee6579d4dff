import type { OAuthProvider } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { createVault, type OAuthCredentials } from '../integrations/index.js';
import { oauthRoutes } from './oauth.routes.js';
import type { OAuthDeps } from './oauth.service.js';
import { renewDueTokens } from './token-renewal.js';
import { createGoHighLevelOAuth } from './vendors/gohighlevel-oauth.js';
import { createGoogleOAuth } from './vendors/google-oauth.js';
import { createMetaOAuth } from './vendors/meta-oauth.js';
import type { OAuthApp } from './vendors/oauth-app.js';

export { BROWSER_COOKIE } from './oauth.routes.js';
export type { RenewalReport } from './token-renewal.js';

/** The sign-ins the operator configured, each with its vendor's addresses (a sandbox in tests). */
export function createOAuthApps(config: Config, log?: FastifyBaseLogger): Partial<Record<OAuthProvider, OAuthApp>> {
  const { google, facebook, gohighlevel } = config.oauthClients;
  const apps: Partial<Record<OAuthProvider, OAuthApp>> = {};
  if (google) {
    apps.google = createGoogleOAuth({
      ...google,
      authorizeBaseUrl: config.oauthUrls.googleAuthorize,
      tokenBaseUrl: config.oauthUrls.googleToken,
      log,
    });
  }
  if (facebook) {
    apps.facebook = createMetaOAuth({
      ...facebook,
      dialogBaseUrl: config.oauthUrls.metaDialog,
      graphBaseUrl: config.vendorUrls.metaGraph,
      log,
    });
  }
  if (gohighlevel) {
    apps.gohighlevel = createGoHighLevelOAuth({
      ...gohighlevel,
      authorizeBaseUrl: config.oauthUrls.goHighLevelAuthorize,
      apiBaseUrl: config.vendorUrls.goHighLevel,
      log,
    });
  }
  return apps;
}

/**
 * OAuth: connecting an integration by signing in with the vendor (Google, Meta, GoHighLevel) when the operator
 * configured the vendor's app, and keeping the signed-in tokens valid. The integrations module does the connect
 * step and stores the tokens; this module runs the flow and talks to the vendors' token endpoints.
 */
export function createOAuthModule(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  integrations: OAuthCredentials,
): ServerModule {
  const deps: OAuthDeps = {
    db,
    apps: createOAuthApps(config, log),
    integrations,
    vault: createVault(config.integrationsKeys),
    appUrl: config.appUrl,
    log,
  };
  return {
    name: 'oauth',
    routes: oauthRoutes(deps),
    jobs: [{ name: 'oauth.renew-tokens', cron: '*/5 * * * *', run: () => renewDueTokens(deps) }],
  };
}
