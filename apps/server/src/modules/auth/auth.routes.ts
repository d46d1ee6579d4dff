import { API, MESSAGES } from '@ri/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Route, type RouteSettings, route } from '../../http/routes.js';
import * as auth from './auth.service.js';
import { ACCESS_COOKIE, isCookieMode, REFRESH_COOKIE } from './request-auth.js';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.js';

type Options = { deps: auth.AuthDeps; secureCookies: boolean; perIpPerMinute: number };

/** Authentication API shaped like the spec's session (section 3 and 7.7). */
export function authRoutes({ deps, secureCookies, perIpPerMinute }: Options): Route[] {
  const limited: RouteSettings = { rateLimit: { max: perIpPerMinute, timeWindow: '1 minute' } };
  const client = (request: FastifyRequest): auth.ClientInfo => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const cookieBase = { httpOnly: true, sameSite: 'strict' as const, secure: secureCookies };

  /** Bearer clients get the tokens in the body; the web app gets them only as httpOnly cookies. */
  function answer(request: FastifyRequest, reply: FastifyReply, session: auth.IssuedSession) {
    if (!isCookieMode(request)) return session;
    reply.setCookie(ACCESS_COOKIE, session.access_token, { ...cookieBase, path: '/api', maxAge: session.expires_in });
    reply.setCookie(REFRESH_COOKIE, session.refresh_token, {
      ...cookieBase,
      path: '/api/v1/auth',
      maxAge: REFRESH_TOKEN_TTL_SECONDS,
    });
    const { access_token: _a, refresh_token: _r, ...rest } = session;
    return rest;
  }
  function clearCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/api' });
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: '/api/v1/auth' });
  }

  return [
    route(
      API.signUp,
      async ({ body, request, reply }) => {
        const result = await auth.signup(deps, body, client(request));
        return {
          session: result.session ? answer(request, reply, result.session) : null,
          confirmation_required: result.confirmationRequired,
          message: result.confirmationRequired ? MESSAGES.confirmEmail : 'Account created.',
        };
      },
      limited,
    ),
    route(
      API.issueToken,
      async ({ query, body = {}, request, reply }) => {
        if (query.grant_type === 'password') {
          return answer(request, reply, await auth.passwordGrant(deps, body, client(request)));
        }
        const token = body.refresh_token ?? (isCookieMode(request) ? request.cookies[REFRESH_COOKIE] : undefined);
        try {
          return answer(request, reply, await auth.refreshGrant(deps, token, client(request)));
        } catch (error) {
          if (isCookieMode(request)) clearCookies(reply);
          throw error;
        }
      },
      limited,
    ),
    route(
      API.recoverPassword,
      async ({ body, request }) => {
        await auth.recover(deps, body, client(request));
        return { message: MESSAGES.resetSent };
      },
      limited,
    ),
    route(
      API.resetPassword,
      async ({ body, request }) => {
        await auth.resetPassword(deps, body, client(request));
        return { message: 'Your password has been changed. Sign in with your new password.' };
      },
      limited,
    ),
    route(
      API.verifySignup,
      async ({ body, request, reply }) =>
        answer(request, reply, await auth.verifySignup(deps, body.token, client(request))),
      limited,
    ),
    route(API.signOut, async ({ auth: caller, query, reply }) => {
      await auth.logout(deps, caller.userId, caller.sessionId, query.scope);
      if (query.scope !== 'others') clearCookies(reply);
      return null;
    }),
    route(API.getUser, ({ auth: caller }) => auth.getUserView(deps.db, caller.userId)),
  ];
}
