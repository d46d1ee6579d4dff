import type { VendorErrorKind } from './vendor-error.js';
import { type Classification, type Classifier, isRecord, parseRetryAfter } from './vendor-http.js';

// How each vendor's failures read, from its public documentation. Stripe is not here: its official package
// classifies its own errors (StripeAuthenticationError, StripeRateLimitError, …), see vendors/stripe.

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function json(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * OAuth 2.0 token endpoint errors (RFC 6749 §5.2), as Google's and GoHighLevel's token endpoints answer them: a
 * revoked or expired refresh token (`invalid_grant`) or a wrong client means reconnecting.
 */
export function oauthClassify(body: unknown): Partial<Classification> | undefined {
  if (!isRecord(body) || typeof body.error !== 'string') return undefined;
  const kinds: Record<string, VendorErrorKind> = {
    invalid_grant: 'auth',
    invalid_token: 'auth',
    invalid_client: 'auth',
    unauthorized_client: 'auth',
    access_denied: 'permission',
    insufficient_scope: 'permission',
    temporarily_unavailable: 'transient',
  };
  const kind = kinds[body.error];
  if (!kind) return undefined;
  return { kind, vendorCode: body.error, message: str(body.error_description) ?? body.error };
}

/** How close a Meta app, ad account or business use case is to throttling, and when access returns if throttled. */
export type MetaUsage = { percent: number; retryAfterMs?: number };

/**
 * Meta's usage headers (Graph API "Rate Limits"): X-App-Usage `{call_count, total_cputime, total_time}` (percent),
 * X-Ad-Account-Usage `{acc_id_util_pct, reset_time_duration}` (seconds), X-Business-Use-Case-Usage
 * `{<id>: [{type, call_count, total_cputime, total_time, estimated_time_to_regain_access}]}` (minutes). The highest
 * percent and the longest wait win; undefined when none of the headers is present.
 */
export function parseMetaUsage(headers: Headers): MetaUsage | undefined {
  let percent: number | undefined;
  let waitMs: number | undefined;
  const see = (values: unknown[], ms?: number) => {
    for (const value of values) if (num(value) !== undefined) percent = Math.max(percent ?? 0, value as number);
    if (ms !== undefined && ms > 0) waitMs = Math.max(waitMs ?? 0, ms);
  };
  const app = json(headers.get('x-app-usage'));
  if (isRecord(app)) see([app.call_count, app.total_cputime, app.total_time]);
  const account = json(headers.get('x-ad-account-usage'));
  if (isRecord(account)) see([account.acc_id_util_pct], (num(account.reset_time_duration) ?? 0) * 1000);
  const business = json(headers.get('x-business-use-case-usage'));
  for (const uses of isRecord(business) ? Object.values(business) : []) {
    for (const use of Array.isArray(uses) ? uses.filter(isRecord) : []) {
      const minutes = num(use.estimated_time_to_regain_access) ?? 0;
      see([use.call_count, use.total_cputime, use.total_time], minutes * 60_000);
    }
  }
  if (percent === undefined && waitMs === undefined) return undefined;
  return { percent: percent ?? 0, retryAfterMs: waitMs };
}

/**
 * Meta Graph and Marketing API errors, `{error: {message, type, code, error_subcode, fbtrace_id, is_transient}}`
 * (Graph API "Handling Errors"), usually answered with 400 whatever the cause: 190 and 102 are an expired, revoked
 * or invalid token (subcodes 458-467 say why); 3, 10 and 200-299 a missing permission; 4, 17, 32, 341, 613 and
 * 80000-80014 (business use case limits) throttling, with the wait from the usage headers; 1, 2 and `is_transient`
 * passing faults; 100/33 an object that does not exist (or is hidden).
 */
export const metaGraphClassify: Classifier = (_status, body, headers) => {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error)) return undefined;
  const code = num(error.code);
  const subcode = num(error.error_subcode);
  let kind: VendorErrorKind | undefined;
  if (code === 190 || code === 102) kind = 'auth';
  else if (code === 3 || code === 10 || (code !== undefined && code >= 200 && code <= 299)) kind = 'permission';
  else if (code !== undefined && ([4, 17, 32, 341, 613].includes(code) || (code >= 80000 && code <= 80014)))
    kind = 'rate_limited';
  else if (code === 1 || code === 2 || error.is_transient === true) kind = 'transient';
  else if (code === 100 && subcode === 33) kind = 'not_found';
  return {
    kind,
    message: str(error.message),
    vendorCode: code === undefined ? undefined : subcode === undefined ? `${code}` : `${code}/${subcode}`,
    traceId: str(error.fbtrace_id),
    retryAfterMs:
      kind === 'rate_limited'
        ? (parseMetaUsage(headers)?.retryAfterMs ?? parseRetryAfter(headers.get('retry-after')))
        : undefined,
  };
};

const GOOGLE_STATUS: Record<string, VendorErrorKind> = {
  UNAUTHENTICATED: 'auth',
  PERMISSION_DENIED: 'permission',
  RESOURCE_EXHAUSTED: 'rate_limited',
  NOT_FOUND: 'not_found',
  UNAVAILABLE: 'transient',
  INTERNAL: 'transient',
  DEADLINE_EXCEEDED: 'transient',
  UNKNOWN: 'transient',
  ABORTED: 'transient',
  CANCELLED: 'transient',
  INVALID_ARGUMENT: 'invalid',
  FAILED_PRECONDITION: 'invalid',
  OUT_OF_RANGE: 'invalid',
};

const GOOGLE_ADS_CATEGORY: Record<string, VendorErrorKind> = {
  authenticationError: 'auth',
  authorizationError: 'permission',
  quotaError: 'rate_limited',
  internalError: 'transient',
};

/** A protobuf Duration in JSON ("30s", "1.5s") as milliseconds. */
function durationMs(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/**
 * Google APIs' errors (google.rpc.Status over REST: `{error: {code, message, status, details}}`), for Google Ads
 * REST and GA4's Data and Admin APIs; searchStream wraps it in an array. The canonical `status` gives the kind
 * (UNAUTHENTICATED, PERMISSION_DENIED, RESOURCE_EXHAUSTED, UNAVAILABLE/INTERNAL/DEADLINE_EXCEEDED…); a Google Ads
 * `GoogleAdsFailure` detail refines it by its first error's category (authenticationError, authorizationError,
 * quotaError, internalError) and gives the request id; the wait comes from a `google.rpc.RetryInfo` detail or a
 * quota error's `quotaErrorDetails.retryDelay`. OAuth token endpoint errors (`invalid_grant`) read as auth.
 */
export const googleClassify: Classifier = (_status, body) => {
  const root = Array.isArray(body) ? body[0] : body;
  const oauth = oauthClassify(root);
  if (oauth) return oauth;
  const error = isRecord(root) ? root.error : undefined;
  if (!isRecord(error)) return undefined;
  const status = str(error.status);
  const found: Partial<Classification> = {
    kind: status ? GOOGLE_STATUS[status] : undefined,
    message: str(error.message),
    vendorCode: status,
  };
  for (const detail of Array.isArray(error.details) ? error.details.filter(isRecord) : []) {
    const type = String(detail['@type'] ?? '');
    if (type.endsWith('google.rpc.RetryInfo')) found.retryAfterMs ??= durationMs(detail.retryDelay);
    if (!type.endsWith('GoogleAdsFailure')) continue;
    found.traceId = str(detail.requestId);
    const first = Array.isArray(detail.errors) ? detail.errors.find(isRecord) : undefined;
    const [category, value] = isRecord(first?.errorCode) ? (Object.entries(first.errorCode)[0] ?? []) : [];
    if (category === undefined) continue;
    found.kind = GOOGLE_ADS_CATEGORY[category] ?? found.kind;
    found.vendorCode = `${category}.${String(value)}`;
    found.message = str(first?.message) ?? found.message;
    const quota = isRecord(first?.details) ? first.details.quotaErrorDetails : undefined;
    if (isRecord(quota)) found.retryAfterMs ??= durationMs(quota.retryDelay);
  }
  return found;
};

/**
 * GoHighLevel API v2 ("Rate Limits"; errors `{statusCode, message}`, message sometimes a list): 401 is an invalid
 * or expired token, except "The token is not authorized for this scope." (a missing scope: permission, code `scope`);
 * 403 "The token does not have access to this location." is permission with code `location`; a 429 waits for
 * Retry-After or, without it, the burst interval (X-RateLimit-Interval-Milliseconds) when X-RateLimit-Remaining is 0;
 * with X-RateLimit-Daily-Remaining at 0 the daily limit is spent (code `daily`).
 */
export const goHighLevelClassify: Classifier = (status, body, headers) => {
  const oauth = oauthClassify(body);
  if (oauth) return oauth;
  const text = isRecord(body)
    ? [body.message]
        .flat()
        .filter((m) => typeof m === 'string')
        .join('; ')
    : '';
  if (status === 401 && /\bscope\b/i.test(text)) return { kind: 'permission', vendorCode: 'scope' };
  if (status === 403 && /\blocation\b/i.test(text)) return { kind: 'permission', vendorCode: 'location' };
  if (status !== 429) return undefined;
  const daily = headers.get('x-ratelimit-daily-remaining') === '0';
  const burstSpent = headers.get('x-ratelimit-remaining') === '0';
  const interval = Number(headers.get('x-ratelimit-interval-milliseconds'));
  return {
    kind: 'rate_limited',
    vendorCode: daily ? 'daily' : 'burst',
    retryAfterMs:
      parseRetryAfter(headers.get('retry-after')) ??
      (!daily && burstSpent && Number.isFinite(interval) && interval > 0 ? interval : undefined),
  };
};

/** The classifier of each vendor that goes through vendorRequest. */
export const VENDOR_CLASSIFIERS = {
  meta: metaGraphClassify,
  google_ads: googleClassify,
  ga4: googleClassify,
  gohighlevel: goHighLevelClassify,
} as const satisfies Record<string, Classifier>;

/**
 * Graph errors that carry the useful part in `error_user_title` and `error_user_msg` (the Conversions API's "Event
 * Timestamp Too Old", code 100 subcode 2804003; a Marketing API write's budget below the minimum): the plain
 * `message` is only "Invalid parameter". The kinds are Graph's (`metaGraphClassify`); the message gains the rest.
 */
export const metaGraphUserClassify: Classifier = (status, body, headers) => {
  const found = metaGraphClassify(status, body, headers);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (!found || !error) return found;
  const title = typeof error.error_user_title === 'string' ? error.error_user_title : undefined;
  const detail = typeof error.error_user_msg === 'string' ? error.error_user_msg : undefined;
  const extra = [title, detail].filter(Boolean).join(': ');
  return extra ? { ...found, message: `${found.message ?? 'Invalid parameter'} (${extra})` } : found;
};
