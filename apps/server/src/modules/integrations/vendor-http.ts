import type { Logger } from 'pino';
import { redactText, VendorError, type VendorErrorFields, type VendorErrorKind } from './vendor-error.js';

export { REDACTED, redactQuerySecrets, redactText, VendorError, type VendorErrorKind } from './vendor-error.js';

/** How a vendor's failed answer reads: the kind, and what the vendor said about it. */
export type Classification = Omit<VendorErrorFields, 'vendor' | 'status' | 'message'> & { message?: string };

/**
 * A vendor's reading of a failed answer (status, parsed JSON body or raw text, headers). Fields it leaves out,
 * or all of them when it returns undefined, come from `defaultClassify`.
 */
export type Classifier = (status: number, body: unknown, headers: Headers) => Partial<Classification> | undefined;

type QueryValue = string | number | boolean;

export type VendorRequest = {
  /** Names the vendor in errors and logs: `meta`, `google_ads`, `ga4`, `gohighlevel`. */
  vendor: string;
  baseUrl: string;
  /** Joined to baseUrl; an absolute URL (a vendor's paging link) is taken only on baseUrl's origin. */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[] | undefined>;
  headers?: Record<string, string | undefined>;
  /** Sent as JSON, or form-encoded with `encoding: 'form'` (nested values as their JSON, as Graph expects). */
  body?: unknown;
  encoding?: 'json' | 'form';
  /** Every credential this call carries (tokens, keys, secrets): replaced in every message and log line. */
  secretValues?: readonly (string | undefined)[];
  /** Until the whole answer is read; then the call fails as transient. 30 s by default. */
  timeoutMs?: number;
  /** The caller's cancellation: its reason is thrown as is. */
  signal?: AbortSignal;
  classify?: Classifier;
  /** Receives one debug line per call: vendor, method, redacted URL, status, kind, milliseconds. */
  log?: Pick<Logger, 'debug'>;
};

export type VendorResponse<T> = { status: number; data: T; headers: Headers };

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_DETAIL = 300;

/**
 * Calls a vendor's HTTP API and returns its parsed JSON (undefined for an empty body) and headers. Any failure is
 * thrown as a VendorError classified by `classify` over the status-based defaults, with every credential redacted.
 */
export async function vendorRequest<T = unknown>(request: VendorRequest): Promise<VendorResponse<T>> {
  const { vendor, method = 'GET', secretValues = [], timeoutMs = DEFAULT_TIMEOUT_MS, log } = request;
  const started = performance.now();
  const url = buildUrl(request);
  const shownUrl = redactText(url.toString(), secretValues);

  const fail = (fields: Omit<VendorErrorFields, 'vendor' | 'message'>, detail: string) => {
    const message = redactText(`${vendor} ${method} ${shownUrl} ${detail}`, secretValues);
    const error = new VendorError({ ...fields, vendor, message });
    log?.debug(
      { vendor, method, url: shownUrl, status: fields.status, kind: fields.kind, ms: elapsed(started) },
      'vendor call failed',
    );
    return error;
  };

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response | undefined;
  let text: string;
  try {
    response = await fetch(url, { method, headers: headersOf(request), body: bodyOf(request), signal });
    text = await response.text();
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (timeout.aborted)
      throw fail({ kind: 'transient', status: response?.status }, `had no whole answer within ${timeoutMs} ms`);
    throw fail({ kind: 'transient', status: undefined }, `failed: ${networkReason(error)}`);
  }

  const parsed = parseJson(text);
  if (!response.ok) {
    const body = parsed.ok ? parsed.value : text;
    const found = {
      ...defaultClassify(response.status, body, response.headers),
      ...definedFields(safely(request.classify, response.status, body, response.headers)),
    };
    // Redacted before it is cut, so that a cut cannot leave the start of a secret no longer recognised whole.
    const detail = redactText(found.message ?? response.statusText, secretValues).slice(0, MAX_DETAIL);
    throw fail({ ...found, status: response.status }, `answered ${response.status}: ${detail}`);
  }
  if (!parsed.ok)
    throw fail(
      { kind: 'transient', status: response.status },
      `answered ${response.status} with a body that is not JSON`,
    );
  log?.debug({ vendor, method, url: shownUrl, status: response.status, ms: elapsed(started) }, 'vendor call');
  return { status: response.status, data: parsed.value as T, headers: response.headers };
}

/**
 * The reading of a failed answer by its status alone: 401 auth, 403 permission, 404 not_found, 429 rate_limited,
 * 408 and 5xx transient, other 4xx invalid; Retry-After (seconds or an HTTP date) for the retryable ones.
 */
export function defaultClassify(status: number, body: unknown, headers: Headers): Classification {
  const kind = kindOfStatus(status);
  const retryable = kind === 'rate_limited' || kind === 'transient';
  return {
    kind,
    message: messageOf(body),
    retryAfterMs: retryable ? parseRetryAfter(headers.get('retry-after')) : undefined,
  };
}

function kindOfStatus(status: number): VendorErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'transient';
  return 'invalid';
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if neither. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The human message of the usual error bodies: `{error: {message}}`, `{message}`, OAuth's `error_description`. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body.trim();
  if (!isRecord(body)) return undefined;
  const error = body.error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  if (typeof body.message === 'string') return body.message;
  if (Array.isArray(body.message)) return body.message.filter((m) => typeof m === 'string').join('; ');
  if (typeof body.error_description === 'string') return body.error_description;
  if (typeof error === 'string') return error;
  return undefined;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function buildUrl({ vendor, baseUrl, path, query }: VendorRequest): URL {
  let base: URL;
  let url: URL;
  try {
    base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(path.replace(/^\/+/, ''), base);
  } catch {
    // The URL parser's message repeats its input, which may hold a credential.
    throw new VendorError({
      vendor,
      kind: 'invalid',
      status: undefined,
      message: `${vendor}: the request URL is not valid`,
    });
  }
  if (url.origin !== base.origin) {
    throw new VendorError({
      vendor,
      kind: 'invalid',
      status: undefined,
      message: `${vendor}: a link to another origin than ${base.origin} was refused`,
    });
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url;
}

function headersOf({ headers, body, encoding }: VendorRequest): Headers {
  const result = new Headers({ accept: 'application/json' });
  if (body !== undefined) {
    result.set('content-type', encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json');
  }
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) result.set(name, value);
  return result;
}

function bodyOf({ body, encoding }: VendorRequest): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (encoding !== 'form') return JSON.stringify(body);
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A vendor classifier that throws on a body it did not expect must not hide the vendor's failure. */
function safely(classify: Classifier | undefined, status: number, body: unknown, headers: Headers) {
  try {
    return classify?.(status, body, headers);
  } catch {
    return undefined;
  }
}

const definedFields = <T extends object>(value: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : 'network error';
}

const elapsed = (started: number) => Math.round(performance.now() - started);
