import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type IssuedGrant,
  type OAuthRequestRecord,
  type OAuthSandboxProvider,
  type OAuthSandboxState,
  s256,
} from './state.js';

// The vendors' authorization pages (approving at once) and token endpoints, as their documentation shows them:
// Google "OAuth 2.0 for Web Server Applications", Meta "Manually Build a Login Flow" and "Long-Lived Access
// Tokens", GoHighLevel "Authorization" and apps/oauth.json of highlevel-api-docs.

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Params = URLSearchParams;

const MAX_RECORDS = 10_000;
const VERSION = /^\/(v\d+\.\d+)(?=\/)/;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** Which vendor's OAuth a path belongs to, or undefined for any other path (so the handler can be mounted). */
export function oauthRouteOf(
  method: string,
  path: string,
): { provider: OAuthSandboxProvider; page: boolean } | undefined {
  const bare = path.replace(VERSION, '');
  if (method === 'GET' && path === '/o/oauth2/v2/auth') return { provider: 'google', page: true };
  if (method === 'POST' && path === '/token') return { provider: 'google', page: false };
  if (method === 'GET' && bare === '/dialog/oauth') return { provider: 'facebook', page: true };
  if (method === 'GET' && bare === '/oauth/access_token') return { provider: 'facebook', page: false };
  if (method === 'GET' && (path === '/oauth/chooselocation' || path === '/v2/oauth/chooselocation')) {
    return { provider: 'gohighlevel', page: true };
  }
  if (method === 'POST' && path === '/oauth/token') return { provider: 'gohighlevel', page: false };
  return undefined;
}

/**
 * Answers one OAuth request if its path is one of the vendors' OAuth paths, and returns whether it did; other
 * sandboxes (the Meta Graph one, GoHighLevel's) can mount it in front of their own routes.
 */
export async function handleOAuthRequest(
  state: OAuthSandboxState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const route = oauthRouteOf(method, url.pathname);
  if (!route) return false;
  const params = new URLSearchParams(url.search);
  if (method === 'POST') for (const [k, v] of new URLSearchParams(await readBody(req))) params.set(k, v);
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    if (id) params.set('client_id', decodeURIComponent(id));
    if (secret) params.set('client_secret', decodeURIComponent(secret));
  }
  const record: OAuthRequestRecord = {
    provider: route.provider,
    method,
    path: url.pathname,
    grantType: params.get('grant_type') ?? (route.page || !params.has('code') ? undefined : 'authorization_code'),
    clientId: params.get('client_id') ?? undefined,
    status: 0,
  };
  if (state.requests.length >= MAX_RECORDS) state.requests.shift();
  state.requests.push(record);

  const failure = state.failures.take(url.pathname);
  if (failure === 'timeout') return true; // held open until the client gives up or the sandbox closes
  const reply = route.page
    ? authorizationPage(state, route.provider, params, failure === 'deny')
    : failure === 'server_error' || failure === 'rate_limit'
      ? injected(route.provider, failure)
      : tokenEndpoint(state, route.provider, params, failure === 'invalid_grant');
  record.status = reply.status;
  res.writeHead(reply.status, {
    'Content-Type': typeof reply.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...reply.headers,
  });
  res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  return true;
}

/** The page approves at once: it checks the app and the redirect address, then sends the browser back. */
function authorizationPage(
  state: OAuthSandboxState,
  provider: OAuthSandboxProvider,
  params: Params,
  deny: boolean,
): Reply {
  const client = state.clients[provider];
  const clientId = params.get('client_id');
  const redirectUri = params.get('redirect_uri') ?? '';
  if (clientId !== client.clientId)
    return { status: 400, body: `Error: invalid_client (the OAuth client ${clientId} was not found)` };
  if (!/^https?:\/\/[^/\s]+/.test(redirectUri) || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
    return { status: 400, body: 'Error: redirect_uri_mismatch (the redirect address is not registered for this app)' };
  }
  if ((params.get('response_type') ?? 'code') !== 'code')
    return { status: 400, body: 'Error: unsupported_response_type' };
  const scope = params.get('scope') ?? '';
  if (provider === 'google' && scope === '')
    return { status: 400, body: 'Error: invalid_request (Missing required parameter: scope)' };
  const challenge = params.get('code_challenge') ?? undefined;
  const challengeMethod = params.get('code_challenge_method') ?? (challenge ? 'plain' : undefined);
  if (challengeMethod && challengeMethod !== 'S256' && challengeMethod !== 'plain') {
    return { status: 400, body: 'Error: invalid_request (Invalid code_challenge_method)' };
  }
  const back = new URL(redirectUri);
  const stateParam = params.get('state');
  if (deny) {
    if (provider === 'facebook') back.searchParams.set('error_reason', 'user_denied');
    back.searchParams.set('error', 'access_denied');
    if (provider === 'facebook') back.searchParams.set('error_description', 'Permissions error.');
  } else {
    const code = state.issueCode({
      provider,
      clientId: client.clientId,
      redirectUri,
      scope,
      codeChallenge: challenge,
      codeChallengeMethod: challengeMethod,
    });
    back.searchParams.set('code', code);
    if (provider === 'google') back.searchParams.set('scope', scope);
  }
  if (stateParam !== null) back.searchParams.set('state', stateParam);
  // Meta appends this fragment to its redirect.
  const location = `${back.toString()}${provider === 'facebook' && !deny ? '#_=_' : ''}`;
  return { status: 302, body: '', headers: { Location: location } };
}

const googleError = (status: number, error: string, description: string): Reply => ({
  status,
  body: { error, error_description: description },
});
const metaError = (message: string, code: number, subcode?: number, status = 400): Reply => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: Math.random().toString(36).slice(2, 13),
    },
  },
});
const ghlError = (status: number, message: string, error = status === 401 ? 'Unauthorized' : 'Bad Request'): Reply => ({
  status,
  body: { statusCode: status, message, error },
});

function injected(provider: OAuthSandboxProvider, kind: 'server_error' | 'rate_limit'): Reply {
  if (provider === 'facebook') {
    return kind === 'server_error'
      ? metaError('An unexpected error has occurred. Please retry your request later.', 2, undefined, 500)
      : metaError('(#4) Application request limit reached', 4);
  }
  if (provider === 'google') {
    return kind === 'server_error'
      ? googleError(500, 'internal_failure', 'Backend Error')
      : { ...googleError(429, 'rate_limit_exceeded', 'Rate Limit Exceeded'), headers: { 'Retry-After': '1' } };
  }
  return kind === 'server_error'
    ? ghlError(500, 'Internal Server Error', 'Internal Server Error')
    : { ...ghlError(429, 'Too many requests', 'Too Many Requests'), headers: { 'Retry-After': '1' } };
}

function tokenEndpoint(
  state: OAuthSandboxState,
  provider: OAuthSandboxProvider,
  params: Params,
  refuse: boolean,
): Reply {
  if (provider === 'google') return googleToken(state, params, refuse);
  if (provider === 'facebook') return metaToken(state, params, refuse);
  return goHighLevelToken(state, params, refuse);
}

/** The grant behind a token, unless it is unknown, revoked, used (GoHighLevel) or expired. */
function liveGrant(state: OAuthSandboxState, provider: OAuthSandboxProvider, token: string | null, refuse: boolean) {
  const grant: IssuedGrant | undefined = token ? state.grants.get(token) : undefined;
  if (!grant || grant.provider !== provider) return { fault: 'unknown' as const };
  if (refuse || grant.revoked || grant.used) return { fault: 'revoked' as const };
  if (grant.expiresAt !== undefined && grant.expiresAt < Date.now()) return { fault: 'expired' as const, grant };
  return { grant };
}

/** A code for this app and redirect address, unexpired and not used before (it is used by this call). */
function takeCode(state: OAuthSandboxState, provider: OAuthSandboxProvider, params: Params) {
  const code = params.get('code');
  const issued = code ? state.codes.get(code) : undefined;
  if (!issued || issued.provider !== provider || issued.clientId !== params.get('client_id'))
    return { fault: 'unknown' as const };
  if (issued.used) return { fault: 'used' as const };
  if (issued.expiresAt < Date.now()) return { fault: 'expired' as const };
  // GoHighLevel's token request may leave redirect_uri out (it is optional there); when given, it must match.
  const optional = provider === 'gohighlevel' && !params.has('redirect_uri');
  if (!optional && issued.redirectUri !== params.get('redirect_uri')) return { fault: 'redirect' as const };
  issued.used = true;
  return { issued };
}

function googleToken(state: OAuthSandboxState, params: Params, refuse: boolean): Reply {
  const client = state.clients.google;
  if (params.get('client_id') !== client.clientId)
    return googleError(401, 'invalid_client', 'The OAuth client was not found.');
  if (params.get('client_secret') !== client.clientSecret) return googleError(401, 'invalid_client', 'Unauthorized');
  const grantType = params.get('grant_type');
  const lifetime = state.lifetimes.google;
  if (grantType === 'authorization_code') {
    const taken = takeCode(state, 'google', params);
    if (taken.fault === 'redirect') return googleError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (taken.fault === 'unknown') return googleError(400, 'invalid_grant', 'Malformed auth code.');
    if (taken.fault) return googleError(400, 'invalid_grant', 'Bad Request');
    const { issued } = taken;
    if (issued.codeChallenge) {
      const verifier = params.get('code_verifier');
      if (!verifier) return googleError(400, 'invalid_grant', 'Missing code verifier.');
      const expected = issued.codeChallengeMethod === 'S256' ? s256(verifier) : verifier;
      if (expected !== issued.codeChallenge) return googleError(400, 'invalid_grant', 'Invalid code verifier.');
    }
    const grant = { clientId: client.clientId, scope: issued.scope };
    return {
      status: 200,
      body: {
        access_token: state.issueToken('google', 'access', grant, lifetime),
        expires_in: lifetime,
        refresh_token: state.issueToken('google', 'refresh', grant),
        scope: issued.scope,
        token_type: 'Bearer',
      },
    };
  }
  if (grantType === 'refresh_token') {
    const found = liveGrant(state, 'google', params.get('refresh_token'), refuse);
    if (!found.grant || found.fault) return googleError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return {
      status: 200,
      body: {
        access_token: state.issueToken('google', 'access', found.grant, lifetime),
        expires_in: lifetime,
        scope: found.grant.scope,
        token_type: 'Bearer',
      },
    };
  }
  return googleError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

function metaToken(state: OAuthSandboxState, params: Params, refuse: boolean): Reply {
  const client = state.clients.facebook;
  if (params.get('client_id') !== client.clientId)
    return metaError('Error validating application. Invalid application ID.', 101);
  if (params.get('client_secret') !== client.clientSecret) return metaError('Error validating client secret.', 1);
  const grant = { clientId: client.clientId };
  if (params.get('grant_type') === 'fb_exchange_token') {
    const token = params.get('fb_exchange_token');
    const found = liveGrant(state, 'facebook', token, refuse);
    if (found.fault === 'unknown') return metaError('Invalid OAuth access token - Cannot parse access token', 190);
    if (found.fault === 'revoked') {
      return metaError(
        `Error validating access token: The user has not authorized application ${client.clientId}.`,
        190,
        458,
      );
    }
    if (found.fault === 'expired') {
      return metaError('Error validating access token: Session has expired.', 190, 463);
    }
    const lifetime = state.lifetimes.facebookLong;
    return {
      status: 200,
      body: {
        access_token: state.issueToken('facebook', 'long_lived', { ...grant, scope: found.grant.scope }, lifetime),
        token_type: 'bearer',
        expires_in: lifetime,
      },
    };
  }
  if (!params.get('code')) return metaError('Missing authorization code', 100);
  const taken = takeCode(state, 'facebook', params);
  if (taken.fault === 'unknown') return metaError('Invalid verification code format.', 100);
  if (taken.fault === 'used') return metaError('This authorization code has been used.', 100, 36009);
  if (taken.fault === 'expired') return metaError('This authorization code has expired.', 100, 36007);
  if (taken.fault === 'redirect') {
    return metaError(
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      100,
      36008,
    );
  }
  const lifetime = state.lifetimes.facebookShort;
  return {
    status: 200,
    body: {
      access_token: state.issueToken('facebook', 'short_lived', { ...grant, scope: taken.issued.scope }, lifetime),
      token_type: 'bearer',
      expires_in: lifetime,
    },
  };
}

function goHighLevelToken(state: OAuthSandboxState, params: Params, refuse: boolean): Reply {
  const client = state.clients.gohighlevel;
  if (params.get('client_id') !== client.clientId || params.get('client_secret') !== client.clientSecret) {
    return ghlError(401, 'Invalid client: client credentials are invalid');
  }
  const userType = params.get('user_type') ?? 'Company';
  if (userType !== 'Company' && userType !== 'Location') {
    return {
      status: 422,
      body: {
        statusCode: 422,
        message: ['user_type must be one of the following values: Company, Location'],
        error: 'Unprocessable Entity',
      },
    };
  }
  const grantType = params.get('grant_type');
  let scope: string;
  if (grantType === 'authorization_code') {
    const taken = takeCode(state, 'gohighlevel', params);
    if (taken.fault) return ghlError(400, 'Invalid grant: authorization code is invalid');
    scope = taken.issued.scope;
  } else if (grantType === 'refresh_token') {
    const found = liveGrant(state, 'gohighlevel', params.get('refresh_token'), refuse);
    if (!found.grant || found.fault) return ghlError(400, 'Invalid grant: refresh token is invalid');
    found.grant.used = true;
    scope = found.grant.scope;
  } else {
    return ghlError(400, 'Invalid grant type');
  }
  const lifetime = state.lifetimes.gohighlevel;
  const grant = { clientId: client.clientId, scope };
  return {
    status: 200,
    body: {
      access_token: state.issueToken('gohighlevel', 'access', grant, lifetime),
      token_type: 'Bearer',
      expires_in: lifetime,
      refresh_token: state.issueToken('gohighlevel', 'refresh', grant, 365 * 86_400),
      scope,
      userType,
      companyId: 'cmp_sandbox_1',
      ...(userType === 'Location' ? { locationId: state.locationId } : {}),
      userId: 'usr_sandbox_1',
      isBulkInstallation: false,
    },
  };
}
