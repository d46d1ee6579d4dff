import {
  cookieSessionSchema,
  errorBodySchema,
  logoutQuerySchema,
  MESSAGES,
  messageResponseSchema,
  recoverBodySchema,
  resetPasswordBodySchema,
  sessionSchema,
  signupBodySchema,
  signupResponseSchema,
  tokenBodySchema,
  tokenQuerySchema,
  userSchema,
  verifyBodySchema,
} from '@ri/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_COOKIE, isCookieMode, REFRESH_COOKIE, requireAuth } from '../../plugins/authenticate.js';
import * as auth from './auth.service.js';
import { REFRESH_TOKEN_TTL_SECONDS } from './tokens.js';

type Options = { deps: auth.AuthDeps; secureCookies: boolean; perIpPerMinute: number };

const sessionAnswer = z.union([sessionSchema, cookieSessionSchema]);
const errors = { 400: errorBodySchema, 401: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

/** Authentication API shaped like the spec's session (section 3 and 7.7). */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, secureCookies, perIpPerMinute }) => {
  const limited = { rateLimit: { max: perIpPerMinute, timeWindow: '1 minute' } };
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

  app.post(
    '/signup',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and its business',
        body: signupBodySchema,
        response: { 200: signupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await auth.signup(deps, request.body, client(request));
      return {
        session: result.session ? answer(request, reply, result.session) : null,
        confirmation_required: result.confirmationRequired,
        message: result.confirmationRequired ? MESSAGES.confirmEmail : 'Account created.',
      };
    },
  );

  app.post(
    '/token',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)',
        querystring: tokenQuerySchema,
        body: tokenBodySchema.optional(),
        response: { 200: sessionAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      if (request.query.grant_type === 'password') {
        return answer(request, reply, await auth.passwordGrant(deps, body, client(request)));
      }
      const token = body.refresh_token ?? (isCookieMode(request) ? request.cookies[REFRESH_COOKIE] : undefined);
      try {
        return answer(request, reply, await auth.refreshGrant(deps, token));
      } catch (error) {
        if (isCookieMode(request)) clearCookies(reply);
        throw error;
      }
    },
  );

  app.post(
    '/recover',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
        body: recoverBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.recover(deps, request.body);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  );

  app.post(
    '/verify',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Confirm a sign-up from its e-mailed link; signs the user in',
        body: verifyBodySchema,
        response: { 200: sessionAnswer, ...errors },
      },
    },
    async (request, reply) =>
      answer(request, reply, await auth.verifySignup(deps, request.body.token, client(request))),
  );

  app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', requireAuth(deps));

    authed.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End this session (local), every session (global) or all others',
          querystring: logoutQuerySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await auth.logout(deps, request.auth.userId, request.auth.sessionId, request.query.scope);
        if (request.query.scope !== 'others') clearCookies(reply);
        return reply.status(204).send(null);
      },
    );

    authed.get(
      '/user',
      {
        schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema, 401: errorBodySchema } },
      },
      async (request) => auth.getUserView(deps.db, request.auth.userId),
    );
  });
};
