import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import type { Mailer } from '../mail/index.js';
import { createAccountLimiter } from './account-limiter.js';
import { createAudit } from './audit.js';
import { authRoutes } from './auth.routes.js';
import type { AuthDeps } from './auth.service.js';
import { authenticateRequest } from './request-auth.js';
import { createTokenSigner } from './tokens.js';

export type { AuthDeps } from './auth.service.js';
export { getUserView } from './auth.service.js';

/** Accounts, sign-in sessions, tokens and password recovery; and who calls, for every other module's routes. */
export function createAuthModule(config: Config, db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  const deps: AuthDeps = {
    db,
    mailer,
    signer: createTokenSigner(config.authSecret),
    limiter: createAccountLimiter({
      perClient: { limit: config.authAccountLimitPer15Min, windowMs: 15 * 60_000 },
      perAccount: { limit: config.authAccountFailuresPerHour, windowMs: 60 * 60_000 },
    }),
    appUrl: config.appUrl,
    requireEmailConfirmation: config.requireEmailConfirmation,
    audit: createAudit(log),
  };
  const module: ServerModule = {
    name: 'auth',
    routes: authRoutes({
      deps,
      secureCookies: config.appUrl.startsWith('https://'),
      perIpPerMinute: config.authRateLimitPerMinute,
    }),
  };
  return { module, deps, authenticate: authenticateRequest.bind(null, deps) };
}
