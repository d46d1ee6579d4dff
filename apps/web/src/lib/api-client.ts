import {
  API,
  AUTH_MODE_HEADER,
  BUSINESS_HEADER,
  type CookieSession,
  cookieSessionSchema,
  type Endpoint,
  errorBodySchema,
  type HttpMethod,
  isBusinessAccess,
  MESSAGES,
  pathOf,
  type Sent,
} from '@ri/contracts';
import type { z } from 'zod';
import { ApiError, NetworkError } from './api-error';
import { getSession, markSignedIn, markSignedOut } from './session';

export const API_BASE = '/api/v1';

/**
 * How a call treats the session, from its endpoint's access rule:
 * - `public`: sign-in forms; no session needed, a 401 is just an answer.
 * - `session`: calls about the person that may run before we know whether a session exists (user check,
 *   sign-out, the business list); a 401 gets one refresh attempt.
 * - `product`: calls about a business; they need a signed-in session and carry the business header.
 */
type AuthPolicy = 'public' | 'session' | 'product';

const policyOf = (e: Endpoint): AuthPolicy =>
  isBusinessAccess(e.access) ? 'product' : e.access.kind === 'session' ? 'session' : 'public';

/** One HTTP request as `send` makes it. */
type SendOptions = {
  method: HttpMethod;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  businessId?: string | null;
  signal?: AbortSignal | undefined;
  /** The media type to ask for: JSON unless streaming. */
  accept?: string;
};

const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRY_DELAYS_MS = [300, 900];

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function buildUrl(path: string, query: SendOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildInit(options: SendOptions): RequestInit {
  const headers = new Headers({ Accept: options.accept ?? 'application/json', [AUTH_MODE_HEADER]: 'cookie' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.businessId) headers.set(BUSINESS_HEADER, options.businessId);
  return {
    method: options.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  };
}

/** One HTTP exchange, retried on network failures and on 502/503/504 with a growing pause. */
async function send(path: string, options: SendOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  for (let attempt = 0; ; attempt++) {
    const delay = RETRY_DELAYS_MS[attempt];
    let response: Response;
    try {
      response = await fetch(url, buildInit(options));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (delay === undefined) throw new NetworkError();
      await sleep(delay, options.signal);
      continue;
    }
    if (!RETRY_STATUSES.has(response.status) || delay === undefined) return response;
    await sleep(delay, options.signal);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const { code, message, field, reasons } = parsed.data.error;
      return new ApiError(response.status, message, code, field, reasons);
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new ApiError(response.status, `API Error: ${response.status} - ${text}`);
}

async function parseBody<T>(response: Response, schema: z.ZodType<T> | undefined, path: string): Promise<T> {
  if (!schema) return undefined as T;
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`Unexpected response from the server (${path})`);
  return parsed.data;
}

let refreshing: Promise<CookieSession> | null = null;

/**
 * Exchanges the refresh cookie for a new access cookie. Concurrent callers share one request,
 * because the server rotates the refresh token and a second exchange would present a spent one.
 */
export function refreshSession(): Promise<CookieSession> {
  refreshing ??= (async () => {
    const { path, method } = API.issueToken;
    const response = await send(path, { method, query: { grant_type: 'refresh_token' }, body: {} });
    if (!response.ok) throw await toApiError(response);
    const session = await parseBody(response, cookieSessionSchema, path);
    markSignedIn(session.expires_at);
    return session;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** True when the server itself refused the refresh (the session is over), not a transient failure. */
export function isRefreshRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Sends the call and, on a 401, refreshes the session once and repeats it; a failure answer throws. */
async function sendAuthorised(path: string, options: SendOptions, auth: AuthPolicy): Promise<Response> {
  if (auth === 'product' && getSession().status !== 'signed-in') throw new Error(MESSAGES.noToken);

  let response = await send(path, options);
  if (response.status === 401 && auth !== 'public') {
    const unauthorized = await toApiError(response);
    try {
      await refreshSession();
    } catch (error) {
      if (isRefreshRefused(error)) markSignedOut();
      throw unauthorized;
    }
    response = await send(path, options);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** What a call of endpoint `E` sends: its path params, query and body, typed from the declaration. */
export type CallInput<E extends Endpoint> = {
  params?: Sent<E['params']>;
  query?: Sent<E['query']>;
  body?: Sent<E['body']>;
  signal?: AbortSignal;
} & (E['access'] extends { kind: 'read' | 'write' }
  ? {
      /** The business the call is about; null lets the server use the person's own. */
      businessId: string | null;
    }
  : { businessId?: undefined });

/** The answer of a call of endpoint `E`, parsed with its response schema. */
export type Answer<E extends Endpoint> = z.output<E['response']>;

function sendOptions<E extends Endpoint>(e: E, input: CallInput<E>, accept?: string): SendOptions {
  return {
    method: e.method,
    query: input.query as Record<string, unknown> | undefined,
    body: input.body,
    businessId: input.businessId,
    signal: input.signal,
    accept,
  };
}

/**
 * Calls an endpoint by its declaration: fills its path, sends the business it is about, parses the success
 * body with its response schema (none for 204), turns failures into errors that carry the server's message,
 * and on a 401 refreshes the session once and repeats the call.
 */
export async function callEndpoint<E extends Endpoint>(e: E, input: CallInput<E>): Promise<Answer<E>> {
  const path = pathOf(e, input.params as Record<string, string> | undefined);
  const response = await sendAuthorised(path, sendOptions(e, input), policyOf(e));
  return parseBody(response, e.status === 204 ? undefined : e.response, path) as Promise<Answer<E>>;
}

/**
 * Opens an endpoint that answers a stream, Server-Sent Events (`stream`) or a file (`produces`), with the same
 * cookies, business header and 401 refresh as `callEndpoint` (EventSource and a download link send no custom
 * header and cannot refresh), and answers the open response; the caller reads `response.body` until it ends or
 * the signal aborts.
 */
export function openStream<E extends Endpoint>(e: E, input: CallInput<E>): Promise<Response> {
  const accept = e.stream ? 'text/event-stream' : e.produces;
  if (!accept) throw new Error(`${e.path} answers JSON: call it with callEndpoint`);
  return sendAuthorised(
    pathOf(e, input.params as Record<string, string> | undefined),
    sendOptions(e, input, accept),
    policyOf(e),
  );
}
