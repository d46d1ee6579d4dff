import { z } from 'zod';
import { endpoint, PUBLIC, READ, write } from '../endpoint.js';
import {
  oauthAuthorizeBodySchema,
  oauthAuthorizeResponseSchema,
  oauthCallbackQuerySchema,
  oauthProviderParamsSchema,
  oauthProvidersResponseSchema,
  oauthRefreshBodySchema,
  oauthRefreshResponseSchema,
} from '../oauth.js';

/** Only an owner or an admin connects, as with pasted credentials. */
const MANAGE = write('owner', 'admin');

/** Connecting by signing in with the vendor (Google, Meta, GoHighLevel), when the operator configured it. */
export const oauthEndpoints = {
  listOAuthProviders: endpoint({
    method: 'GET',
    path: '/oauth/providers',
    access: READ,
    tag: 'oauth',
    summary: 'The vendors this server offers sign-in with, and the integrations each connects',
    response: oauthProvidersResponseSchema,
  }),
  authorizeOAuth: endpoint({
    method: 'POST',
    path: '/oauth/:provider/authorize',
    access: MANAGE,
    tag: 'oauth',
    summary:
      "Starts a sign-in: the vendor's authorization address (state single-use for 10 minutes, bound to the business, the person and this browser; PKCE for Google)",
    params: oauthProviderParamsSchema,
    body: oauthAuthorizeBodySchema,
    response: oauthAuthorizeResponseSchema,
  }),
  oauthCallback: endpoint({
    method: 'GET',
    path: '/oauth/:provider/callback',
    access: PUBLIC,
    tag: 'oauth',
    summary:
      'Where the vendor sends the browser back: checks the state, exchanges the code, connects, then redirects (302) to /integrations?oauth=connected|error',
    params: oauthProviderParamsSchema,
    query: oauthCallbackQuerySchema,
    response: z.object({}),
  }),
  refreshOAuth: endpoint({
    method: 'POST',
    path: '/oauth/:provider/refresh',
    access: MANAGE,
    tag: 'oauth',
    summary:
      "Renews a signed-in integration's access now (Google and GoHighLevel: refresh grant; Meta: a new long-lived token)",
    params: oauthProviderParamsSchema,
    body: oauthRefreshBodySchema,
    response: oauthRefreshResponseSchema,
  }),
};
