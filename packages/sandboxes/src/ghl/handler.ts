import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GhlLocationData } from './location-data.js';
import { badRequest, type Reply, searchContacts, searchOpportunities, unprocessable } from './search.js';
import type { GhlScope } from './spec.js';
import { type CrmRequest, contactRoute, workflowsRoute } from './writes.js';

/** The API version every endpoint the sync uses documents (`Version` header, enum ["2021-07-28"]). */
export const GHL_SANDBOX_API_VERSION = '2021-07-28';

/** A failure the sandbox answers with instead of the real response, for the next `times` matching requests. */
export type GhlFailure = {
  /**
   * rate_limit: 429 with the burst window spent (X-RateLimit-Remaining 0, the interval to wait); daily_limit: 429 with
   * the day's allowance spent; expired_token: 401 "Invalid JWT"; server_error: 500; timeout: no answer at all;
   * slow: the real answer after `delayMs` (default 2 s).
   */
  kind: 'rate_limit' | 'daily_limit' | 'expired_token' | 'server_error' | 'timeout' | 'slow';
  times?: number;
  /** Only requests whose path starts with this, or matches it. */
  path?: string | RegExp;
  delayMs?: number;
};

/** One request as the sandbox saw it: the token only by its last four characters. */
export type GhlRequestRecord = {
  method: string;
  path: string;
  query: string;
  /** The JSON body of a POST, parsed (the search filters a client sent). */
  body: unknown;
  tokenHint: string;
  version: string | undefined;
  /** The answer's status; 0 while a `timeout` failure holds it. */
  status: number;
};

export type GhlTokenGrant = { location: GhlLocationData; scopes: readonly GhlScope[]; expired: boolean };

/** The burst allowance per token (GoHighLevel: 100 per 10 s per app and location) and the daily one (200,000). */
export type GhlRateLimit = { max: number; intervalMs: number; daily: number };

export type GhlSandboxContext = {
  locations: GhlLocationData[];
  tokens: Map<string, GhlTokenGrant>;
  failures: { failure: GhlFailure; remaining: number }[];
  limit: GhlRateLimit;
  windows: Map<string, { start: number; count: number; day: number; dayCount: number }>;
  violations: number;
  requests: GhlRequestRecord[];
  requestsByToken: Map<string, number>;
  now(): number;
};

const MAX_RECORDS = 10_000;
const DAY_MS = 86_400_000;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const takeFailure = (ctx: GhlSandboxContext, path: string): GhlFailure | undefined => {
  const entry = ctx.failures.find(({ failure: { path: p } }) =>
    p === undefined ? true : typeof p === 'string' ? path.startsWith(p) : p.test(path),
  );
  if (!entry) return undefined;
  entry.remaining -= 1;
  if (entry.remaining <= 0) ctx.failures.splice(ctx.failures.indexOf(entry), 1);
  return entry.failure;
};

const unauthorized = (message: string): Reply => ({
  status: 401,
  body: { statusCode: 401, message, error: 'Unauthorized' },
});

/** Counts a request in its token's burst window and day; the headers to send, and whether it is over either limit. */
const admit = (ctx: GhlSandboxContext, token: string, now: number, counted: boolean) => {
  const day = Math.floor(now / DAY_MS);
  let w = ctx.windows.get(token);
  if (!w || now - w.start >= ctx.limit.intervalMs) {
    w = { start: now, count: 0, day, dayCount: w && w.day === day ? w.dayCount : 0 };
    ctx.windows.set(token, w);
  }
  if (w.day !== day) Object.assign(w, { day, dayCount: 0 });
  if (counted) {
    w.count += 1;
    w.dayCount += 1;
  }
  const over = w.count > ctx.limit.max || w.dayCount > ctx.limit.daily;
  return {
    over,
    headers: {
      'X-RateLimit-Limit-Daily': String(ctx.limit.daily),
      'X-RateLimit-Daily-Remaining': String(Math.max(0, ctx.limit.daily - w.dayCount)),
      'X-RateLimit-Interval-Milliseconds': String(ctx.limit.intervalMs),
      'X-RateLimit-Max': String(ctx.limit.max),
      'X-RateLimit-Remaining': String(Math.max(0, ctx.limit.max - w.count)),
    } as Record<string, string>,
  };
};

/** Answers one request as GoHighLevel's API v2 would: token, Version header, limits, failures, then the route. */
export const handleGhlRequest = async (
  ctx: GhlSandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const text = method === 'POST' || method === 'PUT' ? await readBody(req) : '';
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const version = req.headers.version as string | undefined;
  const record: GhlRequestRecord = {
    method,
    path: url.pathname,
    query: url.search,
    body,
    tokenHint: token ? token.slice(-4) : '',
    version,
    status: 0,
  };
  if (ctx.requests.length >= MAX_RECORDS) ctx.requests.shift();
  ctx.requests.push(record);
  ctx.requestsByToken.set(token ?? '', (ctx.requestsByToken.get(token ?? '') ?? 0) + 1);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': randomUUID(),
  };
  const answer = (reply: Reply) => {
    record.status = reply.status;
    res.writeHead(reply.status, headers);
    res.end(JSON.stringify(reply.body));
  };

  const failure = takeFailure(ctx, url.pathname);
  if (failure?.kind === 'timeout') return; // held open until the client gives up or the sandbox closes
  if (failure?.kind === 'slow') await new Promise((r) => setTimeout(r, failure.delayMs ?? 2000));
  if (!token) return answer(unauthorized('Invalid JWT'));
  const grant = ctx.tokens.get(token);
  if (!grant) return answer(unauthorized('Invalid token: access token is invalid'));
  if (grant.expired || failure?.kind === 'expired_token') return answer(unauthorized('Invalid JWT'));
  if (version === undefined) return answer(badRequest('Version header was not found'));
  if (version !== GHL_SANDBOX_API_VERSION) return answer(badRequest(`Version ${version} is not supported`));

  const now = ctx.now();
  const injected = failure?.kind === 'rate_limit' || failure?.kind === 'daily_limit';
  const limit = admit(ctx, token, now, !injected);
  Object.assign(headers, limit.headers);
  if (injected) {
    headers[failure.kind === 'daily_limit' ? 'X-RateLimit-Daily-Remaining' : 'X-RateLimit-Remaining'] = '0';
    return answer({ status: 429, body: { statusCode: 429, message: 'Too Many Requests' } });
  }
  if (limit.over) {
    ctx.violations += 1;
    return answer({ status: 429, body: { statusCode: 429, message: 'Too Many Requests' } });
  }
  if (failure?.kind === 'server_error')
    return answer({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
  answer(route(grant, method, url, body, `http://${req.headers.host ?? '127.0.0.1'}`, now));
};

const route = (grant: GhlTokenGrant, method: string, url: URL, body: unknown, origin: string, now: number): Reply => {
  const data = grant.location;
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const ok = (value: unknown): Reply => ({ status: 200, body: value });
  const notFound: Reply = {
    status: 404,
    body: { statusCode: 404, message: `Cannot ${method} ${url.pathname}`, error: 'Not Found' },
  };
  const scope = (needed: GhlScope): Reply | undefined =>
    grant.scopes.includes(needed) ? undefined : unauthorized('The token is not authorized for this scope.');
  const location = (id: string | null | undefined): Reply | undefined => {
    if (!id) return unprocessable('locationId should not be empty');
    return id === data.spec.id
      ? undefined
      : { status: 403, body: { statusCode: 403, message: 'The token does not have access to this location.' } };
  };
  const [first, second, third, ...rest] = segments;

  if (first === 'locations' && method === 'GET' && second !== undefined && rest.length === 0) {
    if (third === undefined)
      return scope('locations.readonly') ?? location(second) ?? ok({ location: data.location() });
    if (third === 'customFields') {
      const model = url.searchParams.get('model') ?? 'all';
      if (!['contact', 'opportunity', 'all'].includes(model))
        return unprocessable('model must be contact, opportunity or all');
      return (
        scope('locations/customFields.readonly') ??
        location(second) ??
        ok({ customFields: data.customFields.filter((f) => model === 'all' || f.model === model) })
      );
    }
    return notFound;
  }
  if (first === 'contacts' && second === 'search' && third === undefined && method === 'POST') {
    const search =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const locationId = typeof search.locationId === 'string' ? search.locationId : undefined;
    return scope('contacts.readonly') ?? location(locationId) ?? searchContacts(data, search);
  }
  if (first === 'opportunities' && method === 'GET' && third === undefined) {
    if (second === 'pipelines') {
      return (
        scope('opportunities.readonly') ??
        location(url.searchParams.get('locationId')) ??
        ok({ pipelines: data.pipelines })
      );
    }
    if (second === 'search') {
      return (
        scope('opportunities.readonly') ??
        location(url.searchParams.get('location_id')) ??
        searchOpportunities(data, url.searchParams, origin)
      );
    }
  }
  if (first === 'contacts' || first === 'workflows') {
    const crm: CrmRequest = {
      data,
      method,
      segments: segments.slice(1),
      body,
      params: url.searchParams,
      now,
      scope,
      location,
    };
    return (first === 'contacts' ? contactRoute(crm) : workflowsRoute(crm)) ?? notFound;
  }
  return notFound;
};
