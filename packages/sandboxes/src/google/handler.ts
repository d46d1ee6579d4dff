import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GoogleAccountData } from './account-data.js';
import { type GoogleErrorReply, googleErrors } from './errors.js';
import { projectRow } from './fields.js';
import { Ga4Error, type Ga4Request, runRealtimeReport, runReport } from './ga4.js';
import { GaqlError, parseGaql } from './gaql.js';
import { type MutateService, runMutate } from './mutate.js';
import { type GoogleManager, runSearch, type SearchTarget } from './search.js';

/** A failure the sandbox answers with instead of the real response, for the next `times` matching requests. */
export type GoogleFailure = {
  /**
   * rate_limit: 429 RESOURCE_EXHAUSTED (Google Ads: quotaError with quotaErrorDetails.retryDelay and RetryInfo);
   * expired_token: 401 UNAUTHENTICATED; permission: 403 PERMISSION_DENIED; server_error: 500 INTERNAL;
   * unavailable: 503 UNAVAILABLE; timeout: no answer; cloud_project_not_approved: 403 PERMISSION_DENIED with
   * authorizationError CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION, as v25 and later answer a Cloud project with Test
   * access calling a real account (Google Ads only: a GA4 request it matches is answered as usual).
   */
  kind:
    | 'rate_limit'
    | 'expired_token'
    | 'permission'
    | 'server_error'
    | 'unavailable'
    | 'timeout'
    | 'cloud_project_not_approved';
  times?: number;
  /** Only requests whose path starts with this (e.g. `/v26/customers/123/googleAds:search`), or matches it. */
  path?: string | RegExp;
  /** The delay a rate limit asks for (default 1 s). */
  retryDelaySeconds?: number;
};

/** One request as the sandbox saw it. */
export type GoogleRequestRecord = {
  method: string;
  path: string;
  /** The URL's query string as received (`''` normally: the API takes everything in the body). */
  query: string;
  /** The GAQL query, or the GA4 report request as JSON. */
  body: string;
  pageToken: string | null;
  /** Last four characters of the access token and of the developer token (`''` when none was sent). */
  tokenHint: string;
  developerTokenHint: string;
  loginCustomerId: string | null;
  status: number;
};

/**
 * What a token may do: the customers it reaches directly, whether it may read GA4 properties, and whether its user's
 * access to the accounts is Read only (customer_user_access.access_role READ_ONLY: every mutate is refused).
 */
export type GoogleTokenGrant = {
  customers: readonly string[];
  analytics: boolean;
  expired?: boolean;
  readOnly?: boolean;
};

export type GoogleSandboxContext = {
  accounts: readonly GoogleAccountData[];
  manager: GoogleManager;
  tokens: Map<string, GoogleTokenGrant>;
  failures: GoogleFailureQueue;
  pageSize: number;
  requests: GoogleRequestRecord[];
  now(): number;
};

/** Queued failures, matched in the order they were injected; each answers with its own settings. */
export class GoogleFailureQueue {
  #pending: { failure: GoogleFailure; remaining: number }[] = [];

  add(failure: GoogleFailure): () => void {
    const entry = { failure, remaining: failure.times ?? 1 };
    this.#pending.push(entry);
    return () => {
      this.#pending = this.#pending.filter((p) => p !== entry);
    };
  }

  /** The failure for a request to `path`, consuming one of its times. */
  take(path: string): GoogleFailure | undefined {
    const entry = this.#pending.find(({ failure: { path: p } }) =>
      p === undefined ? true : typeof p === 'string' ? path.startsWith(p) : p.test(path),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.#pending = this.#pending.filter((p) => p !== entry);
    return entry.failure;
  }
}

const MAX_RECORDS = 10_000;
const SEARCH_FIELDS = new Set(['query', 'pageToken', 'validateOnly', 'returnTotalResultsCount', 'summaryRowSetting']);

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Page tokens are opaque to clients; the sandbox's carry the query's fingerprint and the next row's position. */
const fingerprint = (customer: string, query: string) =>
  createHash('sha256').update(`${customer}\u0000${query}`).digest('base64url').slice(0, 16);
const pageToken = (key: string, offset: number) => Buffer.from(`${key}:${offset}`).toString('base64url');
const readPageToken = (token: string, key: string): number | undefined => {
  const match = /^([\w-]{16}):(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match && match[1] === key ? Number(match[2]) : undefined;
};

/** Answers one request: access token, injected failures and customer access, then the route. */
export const handleGoogleRequest = async (
  ctx: GoogleSandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const raw = method === 'POST' ? await readBody(req) : '';
  const token = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  const developerToken = header(req, 'developer-token');
  const loginCustomerId = header(req, 'login-customer-id') ?? null;
  const record: GoogleRequestRecord = {
    method,
    path: url.pathname,
    query: url.search,
    body: raw,
    pageToken: null,
    tokenHint: token ? token.slice(-4) : '',
    developerTokenHint: developerToken ? developerToken.slice(-4) : '',
    loginCustomerId,
    status: 0,
  };
  if (ctx.requests.length >= MAX_RECORDS) ctx.requests.shift();
  ctx.requests.push(record);
  const send = (status: number, body: unknown) => {
    record.status = status;
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const fail = (reply: GoogleErrorReply) => send(reply.status, reply.body);

  const ads = /^\/(v\d+)\/(customers.*)$/.exec(url.pathname);
  const ga4 = /^\/(v1beta|v1alpha)\/properties\/([^/:]+):(runReport|runRealtimeReport)$/.exec(url.pathname);
  if (!ads && !ga4) return fail(googleErrors.notFound(url.pathname));
  const version = ads?.[1] ?? 'v26';
  const service = ads ? 'googleads.googleapis.com' : 'analyticsdata.googleapis.com';

  const injected = ctx.failures.take(url.pathname);
  const failure = injected?.kind;
  if (failure === 'timeout') return; // held open until the client gives up or the sandbox closes
  if (!token) return fail(googleErrors.missingToken(service));
  const grant = ctx.tokens.get(token);
  if (!grant) return fail(googleErrors.invalidToken(service));
  if (grant.expired || failure === 'expired_token') {
    return fail(ads ? googleErrors.adsTokenExpired(version) : googleErrors.expiredToken(service));
  }
  if (failure === 'rate_limit') {
    const seconds = injected?.retryDelaySeconds ?? 1;
    return fail(ads ? googleErrors.adsRateLimit(version, seconds) : googleErrors.ga4RateLimit());
  }
  if (failure === 'server_error') return fail(ads ? googleErrors.adsInternal(version) : googleErrors.ga4Internal());
  if (failure === 'unavailable') return fail(googleErrors.unavailable());
  if (failure === 'permission') return fail(ads ? googleErrors.adsPermission(version) : googleErrors.ga4Permission());
  if (failure === 'cloud_project_not_approved' && ads) return fail(googleErrors.cloudProjectNotApproved(version));

  let body: Record<string, unknown> = {};
  if (raw.trim()) {
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return fail(googleErrors.invalidArgument('Invalid JSON payload received. Unexpected token.'));
    }
  }

  if (ga4) {
    if (!grant.analytics) return fail(googleErrors.ga4Permission());
    const data = ctx.accounts.find((a) => a.spec.propertyId === ga4[2]);
    if (!data) return fail(googleErrors.ga4Permission());
    try {
      const run = ga4[3] === 'runReport' ? runReport : runRealtimeReport;
      return send(200, run(data, body as Ga4Request, ctx.now()));
    } catch (error) {
      if (error instanceof Ga4Error) return fail(googleErrors.invalidArgument(error.message));
      throw error;
    }
  }

  // The developer-token header is only recorded: since 2026-09-09 Google accepts it but ignores it, and API access
  // levels come from the Cloud project of the OAuth client.
  const rest = ads![2]!;
  if (rest === 'customers:listAccessibleCustomers' && method === 'GET') {
    return send(200, { resourceNames: grant.customers.map((id) => `customers/${id}`) });
  }
  const search = /^customers\/([^/]+)\/googleAds:search$/.exec(rest);
  const mutate = /^customers\/([^/]+)\/(campaignBudgets|adGroupAds):mutate$/.exec(rest);
  if ((!search && !mutate) || method !== 'POST') return fail(googleErrors.notFound(url.pathname));
  const customerId = (search ?? mutate)![1]!;
  if (!/^\d{10}$/.test(customerId)) return fail(googleErrors.invalidCustomerId(version, customerId));
  if (loginCustomerId !== null && !/^\d{10}$/.test(loginCustomerId)) {
    return fail(googleErrors.invalidLoginCustomerId(version));
  }
  const target = targetOf(ctx, grant, customerId, loginCustomerId);
  if (!target) return fail(googleErrors.customerPermission(version));
  if (target.kind === 'client' && target.data.spec.status !== 'ENABLED')
    return fail(googleErrors.customerNotEnabled(version));
  if (mutate) {
    // A manager account has no budgets or ads of its own.
    if (target.kind !== 'client') {
      return fail(
        googleErrors.operation(version, 'mutateError', 'RESOURCE_NOT_FOUND', 'Resource was not found.', [
          'operations',
          0,
          'update',
        ]),
      );
    }
    const reply = runMutate(mutate[2] as MutateService, target.data, body, version, grant.readOnly === true);
    return send(reply.status, reply.body);
  }

  const unknown = Object.keys(body).find((k) => !SEARCH_FIELDS.has(k));
  if (unknown === 'pageSize') {
    return fail(
      googleErrors.request(
        version,
        'PAGE_SIZE_NOT_SUPPORTED',
        "Setting the page size is not supported. Search Responses will have fixed page size of '10000' rows.",
      ),
    );
  }
  if (unknown) {
    return fail(
      googleErrors.invalidArgument(`Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`),
    );
  }
  const query = typeof body.query === 'string' ? body.query : '';
  record.body = query;
  if (!query.trim()) return fail(googleErrors.request(version, 'REQUIRED_FIELD_MISSING', 'The query is required.'));
  let rows: Record<string, unknown>[];
  let select: string[];
  try {
    const parsed = parseGaql(query);
    select = parsed.select;
    rows = runSearch(parsed, target);
  } catch (error) {
    if (error instanceof GaqlError) return fail(googleErrors.query(version, error.code, error.message));
    throw error;
  }
  const key = fingerprint(customerId, query);
  let offset = 0;
  if (typeof body.pageToken === 'string' && body.pageToken !== '') {
    record.pageToken = body.pageToken;
    const at = readPageToken(body.pageToken, key);
    if (at === undefined) return fail(googleErrors.request(version, 'INVALID_PAGE_TOKEN', 'Page token is invalid.'));
    offset = at;
  }
  if (body.validateOnly === true) return send(200, { fieldMask: select.map(camelPath).join(',') });
  const page = rows.slice(offset, offset + ctx.pageSize);
  const next = offset + ctx.pageSize < rows.length ? pageToken(key, offset + ctx.pageSize) : undefined;
  send(200, {
    ...(page.length ? { results: page.map((row) => projectRow(row, select)) } : {}),
    ...(next ? { nextPageToken: next } : {}),
    ...(body.returnTotalResultsCount === true ? { totalResultsCount: String(rows.length) } : {}),
    fieldMask: select.map(camelPath).join(','),
    queryResourceConsumption: String(1 + Math.floor(page.length / 100)),
  });
};

const camelPath = (field: string) =>
  field
    .split('.')
    .map((p) => p.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()))
    .join('.');

/**
 * The account a search reaches, or undefined when the token may not read it: a customer the token reaches directly,
 * or, with `login-customer-id` set to a manager the token reaches, that manager or one of its clients.
 */
const targetOf = (
  ctx: GoogleSandboxContext,
  grant: GoogleTokenGrant,
  customerId: string,
  login: string | null,
): SearchTarget | undefined => {
  const via = login ?? customerId;
  if (!grant.customers.includes(via)) return undefined;
  if (customerId === ctx.manager.id) return { kind: 'manager', manager: ctx.manager, clients: ctx.accounts };
  const data = ctx.accounts.find((a) => a.spec.customerId === customerId);
  if (!data) return undefined;
  if (login !== null && login !== customerId && login !== ctx.manager.id) return undefined;
  return { kind: 'client', data };
};
