import { type CookieSession, cookieSessionSchema, errorBodySchema, MESSAGES } from '@ri/contracts';
import type { z } from 'zod';
import { ApiError, NetworkError } from './api-error';
import { getBusinessId } from './business-id';
import { getSession, markSignedIn, markSignedOut } from './session';

export const API_BASE = '/api/v1';

/**
 * - `public`: sign-in forms; no session needed, a 401 is just an answer.
 * - `session`: auth calls that may run before we know whether a session exists (user check,
 *   sign-out); a 401 gets one refresh attempt.
 * - `product`: everything else; needs a signed-in session and carries the business header.
 */
export type AuthPolicy = 'public' | 'session' | 'product';

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Contract schema of the success body; omit for answers without a body (204). */
  schema?: z.ZodType<T>;
  auth?: AuthPolicy;
  /** Product calls carry the chosen business unless they concern the person, not a business. */
  withBusiness?: boolean;
  signal?: AbortSignal;
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

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** What `send` needs: a request's options, plus the media type to ask for (JSON unless streaming). */
type SendOptions = ApiRequestOptions<unknown> & { accept?: string };

function buildInit(options: SendOptions, auth: AuthPolicy): RequestInit {
  const headers = new Headers({ Accept: options.accept ?? 'application/json', 'X-Auth-Mode': 'cookie' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const businessId = auth === 'product' && options.withBusiness !== false ? getBusinessId() : null;
  if (businessId) headers.set('X-Business-Id', businessId);
  return {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  };
}

/** One HTTP exchange, retried on network failures and on 502/503/504 with a growing pause. */
async function send(path: string, options: SendOptions, auth: AuthPolicy): Promise<Response> {
  const url = buildUrl(path, options.query);
  for (let attempt = 0; ; attempt++) {
    const delay = RETRY_DELAYS_MS[attempt];
    let response: Response;
    try {
      response = await fetch(url, buildInit(options, auth));
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
    const path = '/auth/token';
    const options = { method: 'POST', query: { grant_type: 'refresh_token' }, body: {} } as const;
    const response = await send(path, options, 'public');
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

  let response = await send(path, options, auth);
  if (response.status === 401 && auth !== 'public') {
    const unauthorized = await toApiError(response);
    try {
      await refreshSession();
    } catch (error) {
      if (isRefreshRefused(error)) markSignedOut();
      throw unauthorized;
    }
    response = await send(path, options, auth);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls the API: parses the success body with the contract schema, turns failures into errors that
 * carry the server's message, and on a 401 refreshes the session once and repeats the call.
 */
export async function apiRequest<T = undefined>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const response = await sendAuthorised(path, options, options.auth ?? 'product');
  return parseBody(response, options.schema, path);
}

/**
 * Opens a Server-Sent Events stream of the product API with the same cookies, business header and
 * 401 refresh as `apiRequest` (EventSource can send none of them) and answers the open response;
 * the caller reads `response.body` until it ends or `signal` aborts.
 */
export function openApiEventStream(
  path: string,
  options: Pick<ApiRequestOptions<unknown>, 'query' | 'signal'> = {},
): Promise<Response> {
  return sendAuthorised(path, { ...options, accept: 'text/event-stream' }, 'product');
}
