/**
 * What went wrong with a vendor call, in the terms a caller acts on: reconnect (`auth`), ask for access
 * (`permission`), wait (`rate_limited`, `transient`: both retryable), fix the request (`invalid`), or accept that the
 * object is gone (`not_found`).
 */
export type VendorErrorKind = 'auth' | 'permission' | 'rate_limited' | 'transient' | 'invalid' | 'not_found';

export type VendorErrorFields = {
  vendor: string;
  kind: VendorErrorKind;
  /** The HTTP status, or undefined when no answer came (network failure, timeout). */
  status: number | undefined;
  message: string;
  /** How long the vendor asks us to wait before the next call, when it says. */
  retryAfterMs?: number;
  /** The vendor's own code, e.g. Meta's `190/463` or Google Ads' `quotaError.RESOURCE_EXHAUSTED`. */
  vendorCode?: string;
  /** The vendor's request id for its support (Meta's fbtrace_id, Google Ads' requestId). */
  traceId?: string;
};

/**
 * A failed vendor call. Its message was redacted before the error was made (so its stack is too), and it carries
 * no request headers, body or cause: nothing it holds can contain a credential.
 */
export class VendorError extends Error {
  readonly vendor: string;
  readonly kind: VendorErrorKind;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly vendorCode: string | undefined;
  readonly traceId: string | undefined;

  constructor(fields: VendorErrorFields) {
    super(fields.message);
    this.name = 'VendorError';
    this.vendor = fields.vendor;
    this.kind = fields.kind;
    this.status = fields.status;
    this.retryAfterMs = fields.retryAfterMs;
    this.vendorCode = fields.vendorCode;
    this.traceId = fields.traceId;
  }

  /** Whether the same call may succeed later without anyone changing anything. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'transient';
  }

  toJSON() {
    return {
      name: this.name,
      vendor: this.vendor,
      kind: this.kind,
      status: this.status,
      message: this.message,
      retryAfterMs: this.retryAfterMs,
      vendorCode: this.vendorCode,
      traceId: this.traceId,
    };
  }
}

export const REDACTED = '[redacted]';

/** Query parameters whose values are credentials or single-use grants: tokens, keys, secrets, OAuth codes. */
const SECRET_PARAM = /^code$|key$|token|secret|password|signature/i;
const QUERY_PARAM = /([?&;])([^=&#\s?;]+)=([^&#\s"'<>;]*)/g;

/** A URL, or any text holding URLs, with the values of secret-looking query parameters replaced. */
export function redactQuerySecrets(text: string): string {
  return text.replace(QUERY_PARAM, (whole, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {}
    return SECRET_PARAM.test(decoded) ? `${separator}${name}=${REDACTED}` : whole;
  });
}

/**
 * Text with every given secret replaced, as written and as percent- or form-encoded in a URL, then with secret
 * query parameters replaced. Longer secrets go first so that one containing another is replaced whole.
 */
export function redactText(text: string, secretValues: readonly (string | undefined)[] = []): string {
  const forms = new Set<string>();
  for (const secret of secretValues) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join(REDACTED);
  return redactQuerySecrets(out);
}
