import { AUTH_MODE_HEADER, MESSAGES } from '@ri/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { type AuthDeps, authenticate } from '../modules/auth/auth.service.js';

export const ACCESS_COOKIE = 'ri_at';
export const REFRESH_COOKIE = 'ri_rt';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { userId: string; sessionId: string };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the browser asked for httpOnly-cookie sessions. */
export const isCookieMode = (request: FastifyRequest) => request.headers[AUTH_MODE_HEADER] === 'cookie';

/**
 * Reads the access token from `Authorization: Bearer` or, for the web app, from its httpOnly cookie.
 * A cookie counts for a state-changing call only with the custom header, which other sites cannot send.
 */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  const cookie = request.cookies?.[ACCESS_COOKIE];
  if (cookie && (SAFE_METHODS.has(request.method) || isCookieMode(request))) return cookie;
  return undefined;
}

/** An onRequest hook that admits only calls with a valid, unrevoked session. */
export function requireAuth(deps: AuthDeps) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = accessTokenOf(request);
    if (!token) throw new AppError('unauthorized', MESSAGES.noToken);
    request.auth = await authenticate(deps, token);
  };
}
