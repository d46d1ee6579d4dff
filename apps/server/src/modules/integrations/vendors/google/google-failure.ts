import type { VendorSync } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-http.js';

/** What a failed Google call means, with the vendor's own words (already redacted) and no URL. */
export type GoogleFailure = {
  kind: VendorError['kind'];
  /** Google's message, e.g. "Request had invalid authentication credentials…", with the HTTP status. */
  detail: string;
  retryAfterMs?: number;
  vendorCode?: string;
  /**
   * What must be fixed outside the owner's token (the Cloud project of the OAuth client, or this server's settings),
   * in words an owner can pass on; null when the failure is the token's or Google's.
   */
  operator: string | null;
};

const PREFIX = /^\S+ (?:GET|POST|PUT|PATCH|DELETE) \S+ /;

/**
 * Since 2026-09-09 Google sets API access levels by the Google Cloud project that owns the OAuth client a token was
 * issued to, not by a developer token. For a pasted token that client may be the owner's own; for "Sign in with
 * Google" it is this server's (GOOGLE_OAUTH_CLIENT_ID), so the messages name both. Only v25 and later say this
 * precisely: older versions answer ACTION_NOT_PERMITTED, which also means a Read only user, so that stays the owner's.
 */
const WHOEVER =
  "Whoever owns the OAuth client the token was issued to (this server's operator, if you signed in with Google)";

const OPERATOR_FIXES: Record<string, (detail: string) => string> = {
  'authorizationError.CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION': (detail) =>
    `Google Ads lets the Google Cloud project behind this access token read test accounts only (${detail}). ${WHOEVER} must apply for Explorer access on the Google Ads API Overview page of that Cloud project, in the Google Cloud console. The token itself is fine.`,
  'authorizationError.PROJECT_DISABLED': (detail) =>
    `Google Ads refused the Google Cloud project behind this access token (${detail}). ${WHOEVER} must enable the Google Ads API in that Cloud project, in the Google Cloud console. The token itself is fine.`,
  'authorizationError.MISSING_TOS': (detail) =>
    `Google Ads wants its API terms of service accepted first (${detail}). ${WHOEVER} must accept them where Google's message says. The token itself is fine.`,
};

/**
 * A refused developer token. Google has ignored the header since 2026-09-09, so this can only come from an older
 * setup; the token is optional, so the way out is to correct it or leave it unset.
 */
const developerTokenMessage = (detail: string) =>
  `Google Ads refused this server's developer token (${detail}). Google no longer needs one: the operator should correct GOOGLE_ADS_DEVELOPER_TOKEN or remove it, and restart the server.`;

const operatorFix = (vendorCode: string | undefined, detail: string): string | null => {
  if (!vendorCode) return null;
  const fix = OPERATOR_FIXES[vendorCode];
  if (fix) return fix(detail);
  return /DEVELOPER_TOKEN/.test(vendorCode) ? developerTokenMessage(detail) : null;
};

/** Reads any error a Google client threw; anything that is not a VendorError is a passing fault. */
export function googleFailure(error: unknown): GoogleFailure {
  if (!(error instanceof VendorError)) {
    return {
      kind: 'transient',
      detail: error instanceof Error ? error.message : 'unknown error',
      operator: null,
    };
  }
  const rest = error.message.replace(PREFIX, '');
  const answered = /^answered (\d{3}): ([\s\S]*)$/.exec(rest);
  const detail = answered ? `${answered[2]} (HTTP ${answered[1]})` : rest;
  return {
    kind: error.kind,
    detail,
    retryAfterMs: error.retryAfterMs,
    vendorCode: error.vendorCode,
    operator: operatorFix(error.vendorCode, detail),
  };
}

/**
 * How the sync engine reads a Google failure: the operator's configuration to fix is invalid (not a reconnect, which
 * would not help); a missing object is an invalid request; the rest keeps its kind and Google's retry delay.
 */
export const classifyGoogleError: VendorSync<unknown>['classify'] = (error) => {
  const failure = googleFailure(error);
  if (failure.operator) return { kind: 'invalid', message: failure.operator };
  const kind = failure.kind === 'not_found' ? 'invalid' : failure.kind;
  return { kind, message: failure.detail, retryAfterMs: failure.retryAfterMs };
};
