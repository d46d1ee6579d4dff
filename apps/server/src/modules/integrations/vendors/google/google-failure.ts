import type { VendorSync } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-http.js';

/** What a failed Google call means, with the vendor's own words (already redacted) and no URL. */
export type GoogleFailure = {
  kind: VendorError['kind'];
  /** Google's message, e.g. "Request had invalid authentication credentials…", with the HTTP status. */
  detail: string;
  retryAfterMs?: number;
  vendorCode?: string;
  /** Google refused the operator's developer token (not the user's credentials). */
  developerToken: boolean;
};

const PREFIX = /^\S+ (?:GET|POST|PUT|PATCH|DELETE) \S+ /;

/** Reads any error a Google client threw; anything that is not a VendorError is a passing fault. */
export function googleFailure(error: unknown): GoogleFailure {
  if (!(error instanceof VendorError)) {
    return {
      kind: 'transient',
      detail: error instanceof Error ? error.message : 'unknown error',
      developerToken: false,
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
    developerToken: /DEVELOPER_TOKEN/.test(error.vendorCode ?? ''),
  };
}

/** The operator's part of a developer-token refusal, in words an owner can pass on. */
export const developerTokenMessage = (detail: string) =>
  `Google Ads refused this server's developer token (${detail}). The operator must set a valid GOOGLE_ADS_DEVELOPER_TOKEN (Google Ads API Center) and restart the server.`;

/**
 * How the sync engine reads a Google failure: a refused developer token is the operator's to fix (invalid, not a
 * reconnect); a missing object is an invalid request; the rest keeps its kind and Google's retry delay.
 */
export const classifyGoogleError: VendorSync<unknown>['classify'] = (error) => {
  const failure = googleFailure(error);
  if (failure.developerToken) return { kind: 'invalid', message: developerTokenMessage(failure.detail) };
  const kind = failure.kind === 'not_found' ? 'invalid' : failure.kind;
  return { kind, message: failure.detail, retryAfterMs: failure.retryAfterMs };
};
