import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccountData, STRIPE_RESOURCES, type StripeResource } from './account-data.js';
import { type StripeErrorReply, stripeErrors } from './errors.js';
import type { FailureQueue, RateLimiter } from './failures.js';
import { maskKey } from './ids.js';
import { listCollection } from './list.js';
import type { StripeObject } from './objects.js';
import { publicEndpoint, type WebhookEndpoint } from './webhooks.js';

/** One request as the sandbox saw it (the key masked as Stripe masks it). */
export type RequestRecord = {
  method: string;
  path: string;
  query: string;
  key: string;
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  /** The answer's status; 0 while a `timeout` failure holds it. */
  status: number;
};

export type SandboxContext = {
  accounts: AccountData[];
  failures: FailureQueue;
  limiter: RateLimiter;
  endpoints: WebhookEndpoint[];
  requests: RequestRecord[];
  requestsByKey: Map<string, number>;
  /** A new id such as `we_…` or `whsec_…`, deterministic in creation order. */
  newId(prefix: string): string;
  now(): number;
};

const MAX_RECORDS = 10_000;

const send = (res: ServerResponse, status: number, body: unknown) => {
  const version = res.req.headers['stripe-version'];
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomUUID().replaceAll('-', '').slice(0, 14)}`,
    ...(typeof version === 'string' ? { 'Stripe-Version': version } : {}),
  });
  res.end(JSON.stringify(body, null, 2));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** The key from `Authorization: Bearer <key>` (stripe-node) or Basic auth with the key as user name (curl -u). */
const keyOf = (req: IncomingMessage): string | undefined => {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  return basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || undefined : undefined;
};

/** Form fields as stripe-node encodes them, with `name[0]`/`name[]` gathered into arrays. */
const parseForm = (body: string): Map<string, string | string[]> => {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(body)) {
    const array = /^(\w+)\[\d*\]$/.exec(key)?.[1];
    if (!array) fields.set(key, value);
    else fields.set(array, [...((fields.get(array) as string[] | undefined) ?? []), value]);
  }
  return fields;
};

/** Answers one request as Stripe's API would, given the sandbox's accounts, failures and limits. */
export const handleRequest = async (ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> => {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? await readBody(req) : '';
  const key = keyOf(req);
  const record: RequestRecord = {
    method,
    path: url.pathname,
    query: url.search,
    key: key ? maskKey(key) : '',
    stripeVersion: req.headers['stripe-version'] as string | undefined,
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    contentType: req.headers['content-type'],
    status: 0,
  };
  if (ctx.requests.length >= MAX_RECORDS) ctx.requests.shift();
  ctx.requests.push(record);
  ctx.requestsByKey.set(key ?? '', (ctx.requestsByKey.get(key ?? '') ?? 0) + 1);
  const answer = (reply: StripeErrorReply | { status: number; body: unknown }) => {
    record.status = reply.status;
    send(res, reply.status, reply.body);
  };

  const failure = ctx.failures.take(url.pathname);
  if (failure === 'timeout') return; // held open until the client gives up or the sandbox closes
  if (!key) return answer(stripeErrors.missingKey());
  const account = ctx.accounts.find((a) => a.spec.secretKey === key || a.spec.restrictedKey === key);
  if (!account) return answer(stripeErrors.invalidKey(key));
  if (failure === 'expired_key') return answer(stripeErrors.expiredKey(key));
  if (failure === 'rate_limit' || !ctx.limiter.admit(account.spec.id, Date.now())) {
    return answer(stripeErrors.rateLimited());
  }
  if (failure === 'server_error') return answer(stripeErrors.apiError());

  const restricted = key === account.spec.restrictedKey;
  const allowed = (permission: string) =>
    !restricted || account.spec.restrictedPermissions.includes(permission as `rak_${string}`)
      ? undefined
      : stripeErrors.permission(key, account.spec.id, permission);
  const reply = route(ctx, account, method, url, body, allowed);
  answer(reply);
};

const route = (
  ctx: SandboxContext,
  account: AccountData,
  method: string,
  url: URL,
  body: string,
  allowed: (permission: string) => StripeErrorReply | undefined,
): StripeErrorReply | { status: number; body: unknown } => {
  const ok = (value: unknown) => ({ status: 200, body: value });
  const parts = url.pathname.split('/');
  const unrecognized = stripeErrors.unrecognizedUrl(method, url.pathname);
  if (parts[2] === 'checkout_sessions') return unrecognized;
  // Checkout Sessions live one level down: /v1/checkout/sessions[/{id}].
  if (parts[2] === 'checkout' && parts[3] === 'sessions') parts.splice(2, 2, 'checkout_sessions');
  const [, version, name, id, ...rest] = parts;
  if (version !== 'v1' || rest.length > 0) return unrecognized;

  if (name === 'account' && id === undefined && method === 'GET')
    return allowed('rak_account_read') ?? ok(account.account());

  if (name === 'webhook_endpoints') {
    const denied = allowed('rak_webhook_write');
    if (denied) return denied;
    const own = ctx.endpoints.filter((e) => e.account === account.spec.id);
    if (method === 'POST' && id === undefined) return createEndpoint(ctx, account, body);
    if (method === 'GET' && id === undefined) {
      return ok({
        object: 'list',
        data: own.map(publicEndpoint).reverse(),
        has_more: false,
        url: '/v1/webhook_endpoints',
      });
    }
    const endpoint = own.find((e) => e.id === id);
    if (!endpoint || id === undefined) return stripeErrors.missingResource('webhook_endpoint', id ?? '', 'id');
    if (method === 'GET') return ok(publicEndpoint(endpoint));
    if (method === 'DELETE') {
      ctx.endpoints.splice(ctx.endpoints.indexOf(endpoint), 1);
      return ok({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    }
    return unrecognized;
  }

  if (method !== 'GET' || !(STRIPE_RESOURCES as readonly string[]).includes(name ?? '')) return unrecognized;
  const resource = name as StripeResource;
  const collection = account.collection(resource);
  const denied = allowed(collection.permission);
  if (denied) return denied;
  if (id === undefined) {
    const list = listCollection(resource, collection, url.searchParams);
    return 'status' in list ? list : ok(list);
  }
  const position = collection.position(decodeURIComponent(id));
  if (position === undefined) return stripeErrors.missingResource(collection.objectName, decodeURIComponent(id), 'id');
  const expand = new Set([...url.searchParams].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v));
  return ok(collection.object(position, expand));
};

const createEndpoint = (ctx: SandboxContext, account: AccountData, body: string) => {
  const form = parseForm(body);
  const url = form.get('url');
  const events = form.get('enabled_events');
  if (typeof url !== 'string' || url === '') return stripeErrors.missingParameter('url');
  if (events === undefined) return stripeErrors.missingParameter('enabled_events');
  const description = form.get('description');
  const endpoint: WebhookEndpoint = {
    id: ctx.newId('we'),
    object: 'webhook_endpoint',
    api_version: (form.get('api_version') as string | undefined) ?? null,
    application: null,
    created: ctx.now(),
    description: typeof description === 'string' ? description : null,
    enabled_events: Array.isArray(events) ? events : [events],
    livemode: false,
    metadata: {},
    secret: `whsec_${ctx.newId('secret').slice(7)}`,
    status: 'enabled',
    url,
    account: account.spec.id,
  };
  ctx.endpoints.push(endpoint);
  const { account: _account, ...created }: StripeObject = endpoint;
  return { status: 200, body: created };
};
