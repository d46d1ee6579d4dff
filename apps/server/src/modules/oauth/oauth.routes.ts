import { API } from '@ri/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Route, route } from '../../http/routes.js';
import { finishOAuth, listOAuthProviders, type OAuthDeps, refreshOAuth, startOAuth } from './oauth.service.js';
import { randomToken, STATE_TTL_MS } from './oauth-states.js';

/**
 * The cookie that binds a sign-in to the browser that started it: the vendor sends the browser back to the public
 * callback, and only the browser holding this cookie may finish the sign-in (so a link to someone else's sign-in,
 * or one's own sent to someone else, connects nothing). SameSite=Lax, since the return is a top-level navigation
 * from the vendor's site; scoped to the OAuth paths.
 */
export const BROWSER_COOKIE = 'ri_oauth_browser';
const COOKIE_PATH = '/api/v1/oauth/';
const isBrowserId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

function browserIdOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies?.[BROWSER_COOKIE];
  const id = isBrowserId(existing) ? existing : randomToken();
  reply.setCookie(BROWSER_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    maxAge: STATE_TTL_MS / 1000,
  });
  return id;
}

export const oauthRoutes = (deps: OAuthDeps): Route[] => {
  const secure = deps.appUrl.startsWith('https://');
  return [
    route(API.listOAuthProviders, () => listOAuthProviders(deps)),
    route(API.authorizeOAuth, ({ access, auth, params, body, request, reply }) =>
      startOAuth(deps, {
        businessId: access.business.id,
        userId: auth.userId,
        provider: params.provider,
        body,
        browserId: browserIdOf(request, reply, secure),
      }),
    ),
    // Public: each return costs a state lookup at most, and a person returns a few times a minute at most.
    route(
      API.oauthCallback,
      async ({ params, query, request, reply }) => {
        const location = await finishOAuth(deps, {
          provider: params.provider,
          query,
          browserId: request.cookies?.[BROWSER_COOKIE],
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
      { rateLimit: { max: 60, timeWindow: '1 minute' } },
    ),
    route(
      API.refreshOAuth,
      ({ access, params, body }) =>
        refreshOAuth(deps, {
          businessId: access.business.id,
          provider: params.provider,
          integrationId: body.integration_id,
        }),
      { expensive: true },
    ),
  ];
};
