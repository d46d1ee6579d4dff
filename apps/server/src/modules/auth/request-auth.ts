import { AUTH_MODE_HEADER, MESSAGES } from '@ri/contracts';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../http/routes.js';
import { AppError } from '../../lib/errors.js';
import { type AuthDeps, authenticate } from './auth.service.js';

export const ACCESS_COOKIE = 'ri_at';
export const REFRESH_COOKIE = 'ri_rt';

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

/** Who calls: a valid, unrevoked session, or a 401 (`alongside`: see `authenticate`). */
export async function authenticateRequest(
  deps: AuthDeps,
  request: FastifyRequest,
  alongside?: (caller: Caller) => void,
): Promise<Caller> {
  const token = accessTokenOf(request);
  if (!token) throw new AppError('unauthorized', MESSAGES.noToken);
  return authenticate(deps, token, alongside);
}
