import {
  type IntegrationProvider,
  OAUTH_CLIENT_VARIABLES,
  OAUTH_INTEGRATIONS,
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  OAUTH_RESULT_PARAM,
  type OAuthAuthorizeBody,
  type OAuthAuthorizeResponse,
  type OAuthProvider,
  type OAuthProvidersResponse,
  type OAuthRefreshResponse,
  write,
} from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { resolveBusinessAccess } from '../businesses/index.js';
import {
  type OAuthCredentials,
  type OAuthTokens,
  oauthNotAvailable,
  redactText,
  type Vault,
  VendorError,
  vendorReason,
} from '../integrations/index.js';
import {
  consumeState,
  deleteExpiredStates,
  matchesHash,
  randomToken,
  STATE_TTL_MS,
  s256Challenge,
  saveState,
  sha256Hex,
} from './oauth-states.js';
import type { OAuthApp } from './vendors/oauth-app.js';

export type OAuthDeps = {
  db: Db;
  /** The sign-ins the operator configured. */
  apps: Partial<Record<OAuthProvider, OAuthApp>>;
  integrations: OAuthCredentials;
  /** Seals Google's PKCE verifier while the sign-in is under way. */
  vault: Vault;
  /** The app's public address (APP_URL): the redirect address registered with the vendors, and where people return. */
  appUrl: string;
  log: FastifyBaseLogger;
};

const MANAGE = write('owner', 'admin');

/** The vendor's redirect address for this server, which the operator registers with the vendor's app. */
export const redirectUriOf = (appUrl: string, provider: OAuthProvider) => `${appUrl}/api/v1/oauth/${provider}/callback`;

/** The refusal when the operator has not configured a vendor's sign-in, naming what to set. */
export function notConfigured(provider: OAuthProvider): AppError {
  const [id, secret] = OAUTH_CLIENT_VARIABLES[provider];
  return new AppError(
    'conflict',
    `Sign-in with ${OAUTH_PROVIDER_NAMES[provider]} is not configured on this server: the operator must set ${id} and ${secret}.`,
  );
}

function appOf(deps: OAuthDeps, provider: OAuthProvider): OAuthApp {
  const app = deps.apps[provider];
  if (!app) throw notConfigured(provider);
  return app;
}

/** `GET /oauth/providers`: each sign-in, whether it is configured, and what it connects in this version. */
export function listOAuthProviders(deps: OAuthDeps): OAuthProvidersResponse {
  const connectable = new Set(deps.integrations.connectable());
  return {
    providers: OAUTH_PROVIDERS.map((provider) => {
      const configured = deps.apps[provider] !== undefined;
      return {
        provider,
        name: OAUTH_PROVIDER_NAMES[provider],
        configured,
        integrations: configured ? OAUTH_INTEGRATIONS[provider].filter((i) => connectable.has(i)) : [],
      };
    }),
  };
}

/**
 * `POST /oauth/{provider}/authorize`: checks what the connect step will need, records the sign-in (state hashed,
 * bound to the business, the person and the browser's cookie; Google's PKCE verifier sealed) for 10 minutes, and
 * answers the vendor's authorization address.
 */
export async function startOAuth(
  deps: OAuthDeps,
  input: { businessId: string; userId: string; provider: OAuthProvider; body: OAuthAuthorizeBody; browserId: string },
): Promise<OAuthAuthorizeResponse> {
  const { provider, body } = input;
  const app = appOf(deps, provider);
  const allowed = OAUTH_INTEGRATIONS[provider];
  const integration: IntegrationProvider = body.integration ?? allowed[0]!;
  if (!allowed.includes(integration)) {
    throw new AppError(
      'validation_failed',
      `integration must be ${allowed.join(' or ')} for sign-in with ${OAUTH_PROVIDER_NAMES[provider]}`,
      { field: 'integration' },
    );
  }
  if (integration === 'facebook_conversions' && !body.pixelId) {
    throw new AppError('validation_failed', 'Pixel ID is required', { field: 'pixelId' });
  }
  if (!deps.integrations.connectable().includes(integration)) {
    throw new AppError('conflict', oauthNotAvailable(integration));
  }
  await deleteExpiredStates(deps.db);
  const state = randomToken();
  const stateHash = sha256Hex(state);
  const verifier = app.usesPkce ? randomToken(48) : undefined;
  const expiresAt = new Date(Date.now() + STATE_TTL_MS);
  const { integration: _, ...hints } = body;
  await saveState(deps.db, {
    stateHash,
    businessId: input.businessId,
    userId: input.userId,
    provider,
    integration,
    browserHash: sha256Hex(input.browserId),
    codeVerifier: verifier ? deps.vault.seal(verifier, { oauthState: stateHash }) : null,
    hints,
    expiresAt,
  });
  return {
    authorization_url: app.authorizationUrl({
      state,
      redirectUri: redirectUriOf(deps.appUrl, provider),
      integration,
      codeChallenge: verifier ? s256Challenge(verifier) : undefined,
    }),
    expires_at: expiresAt.toISOString(),
  };
}

/** Where the browser returns after a sign-in: the Integrations screen, told how it went. */
export function resultUrl(appUrl: string, provider: OAuthProvider, outcome: { error?: string }): string {
  const query = new URLSearchParams({
    [OAUTH_RESULT_PARAM]: outcome.error === undefined ? 'connected' : 'error',
    provider,
    ...(outcome.error === undefined ? {} : { message: outcome.error }),
  });
  return `${appUrl}/integrations?${query.toString()}`;
}

/** A message for the browser's address bar: no secret, no control characters, short. */
function safeMessage(text: string, secrets: (string | undefined)[]): string {
  const clean = redactText(text, secrets)
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

type CallbackQuery = { code?: string; state?: string; error?: string; error_description?: string };

/**
 * `GET /oauth/{provider}/callback`: takes the sign-in of the state out (single use), then checks it was this
 * provider's, unexpired, started in this browser, by someone who may still connect for the business; exchanges
 * the code (with Google's PKCE verifier) and hands the tokens to the integration's connect step. Answers the
 * address to redirect the browser to, with the outcome; nothing is connected on any failure.
 */
export async function finishOAuth(
  deps: OAuthDeps,
  input: { provider: OAuthProvider; query: CallbackQuery; browserId: string | undefined },
): Promise<string> {
  const { provider, query } = input;
  const name = OAUTH_PROVIDER_NAMES[provider];
  const secrets: (string | undefined)[] = [query.code, query.state];
  const fail = (message: string, detail?: Record<string, unknown>) => {
    deps.log.info({ provider, ...detail }, `sign-in not completed: ${safeMessage(message, secrets)}`);
    return resultUrl(deps.appUrl, provider, { error: safeMessage(message, secrets) });
  };
  const app = deps.apps[provider];
  if (!app) return fail(notConfigured(provider).message);
  if (!query.state)
    return fail(`${name} sent the browser back without the sign-in's state: start again from Integrations.`);
  const row = await consumeState(deps.db, query.state);
  if (!row || row.provider !== provider) {
    return fail('This sign-in is unknown or was already used: start again from Integrations.');
  }
  if (row.expiresAt.getTime() < Date.now()) {
    return fail('The sign-in took longer than 10 minutes: start again from Integrations.');
  }
  if (!matchesHash(input.browserId, row.browserHash)) {
    return fail('This sign-in was started in another browser: start it again from Integrations here.');
  }
  if (query.error) {
    const declined = query.error === 'access_denied';
    return fail(
      declined
        ? `The sign-in with ${name} was cancelled: nothing was connected.`
        : `${name} refused the sign-in (${query.error_description ?? query.error}).`,
    );
  }
  if (!query.code) return fail(`${name} sent no authorization code: start again from Integrations.`);
  try {
    await resolveBusinessAccess(deps.db, row.userId, row.businessId, MANAGE);
  } catch {
    return fail('Only an owner or admin of the business can connect integrations.');
  }
  let tokens: OAuthTokens;
  try {
    const codeVerifier = row.codeVerifier
      ? deps.vault.open(row.codeVerifier, { oauthState: row.stateHash })
      : undefined;
    tokens = await app.exchangeCode({
      code: query.code,
      redirectUri: redirectUriOf(deps.appUrl, provider),
      codeVerifier,
    });
  } catch (error) {
    if (error instanceof VendorError && error.retryable) {
      return fail(`${name} could not be reached to finish the sign-in (${vendorReason(error)}): try again.`);
    }
    if (error instanceof VendorError) return fail(`${name} did not accept the sign-in (${vendorReason(error)}).`);
    deps.log.error({ err: error, provider }, 'sign-in code exchange failed');
    return fail('The sign-in could not be finished on our side: try again.');
  }
  secrets.push(tokens.accessToken, tokens.refreshToken);
  try {
    await deps.integrations.connect({
      businessId: row.businessId,
      userId: row.userId,
      provider,
      integration: row.integration,
      tokens,
      hints: row.hints,
    });
  } catch (error) {
    if (error instanceof AppError || error instanceof VendorError) {
      return fail(error instanceof VendorError ? `${name}: ${vendorReason(error)}` : error.message, {
        integration: row.integration,
      });
    }
    deps.log.error({ provider, integration: row.integration }, 'connect step after sign-in failed');
    return fail('Connecting failed on our side: try again.');
  }
  deps.log.info({ provider, integration: row.integration, businessId: row.businessId }, 'connected by sign-in');
  return resultUrl(deps.appUrl, provider, {});
}

/**
 * `POST /oauth/{provider}/refresh`: renews a signed-in integration's access now. A refused grant turns the
 * integration to error and answers 400 with what to do; a vendor outage answers 502 and changes nothing.
 */
export async function refreshOAuth(
  deps: OAuthDeps,
  input: { businessId: string; provider: OAuthProvider; integrationId: string },
): Promise<OAuthRefreshResponse> {
  const { provider, integrationId } = input;
  const app = appOf(deps, provider);
  const found = await deps.integrations.find(input.businessId, integrationId);
  if (!found) throw notFound('Integration');
  if (found.oauthProvider !== provider) {
    throw new AppError(
      'validation_failed',
      `This integration was not connected by signing in with ${OAUTH_PROVIDER_NAMES[provider]}: there is nothing to renew.`,
      { field: 'integration_id' },
    );
  }
  try {
    const outcome = await deps.integrations.renew({ integrationId, businessId: input.businessId }, (grant) =>
      app.renew(grant),
    );
    if (outcome.status === 'reconnect') {
      throw new AppError('invalid_credentials', outcome.message, { field: 'integration_id' });
    }
    return { integration_id: integrationId, expires_at: outcome.expiresAt?.toISOString() ?? null };
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    throw new AppError(
      'vendor_unavailable',
      `${OAUTH_PROVIDER_NAMES[provider]} could not renew the access now (${vendorReason(error)}): try again later.`,
    );
  }
}
