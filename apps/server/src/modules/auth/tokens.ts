import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.js';

/** Access tokens live 15 minutes; the web app refreshes them before they lapse. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh-token family (one sign-in) lasts at most 30 days without use. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export type AccessClaims = { userId: string; sessionId: string };

export type TokenSigner = {
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
};

/** HS256 JWTs keyed by the server secret; `sub` is the user and `sid` the sign-in session. */
export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId }) {
      const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .setAudience('authenticated')
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: 'authenticated' });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        throw new AppError(
          'unauthorized',
          expired ? 'Access token expired' : 'invalid JWT: unable to parse or verify signature',
        );
      }
    },
  };
}

/** A fresh opaque token (256 bits) for refresh and e-mailed links. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored as SHA-256 digests so a database leak does not leak sessions. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
