import { randomBytes } from 'node:crypto';

// Google's error bodies over REST: a google.rpc.Status `{ error: { code, message, status, details } }`. Google Ads
// adds a GoogleAdsFailure detail (`errors: [{ errorCode: { <category>: <ENUM> }, message, details? }], requestId`);
// quota errors carry `quotaErrorDetails.retryDelay` and the sandbox adds a google.rpc.RetryInfo with the same delay.
// GA4's Data API answers the bare Status, with google.rpc.ErrorInfo for token problems. Texts as Google's answers
// show them in public threads (see docs/sandboxes.md); a token is never repeated in them.

export type GoogleErrorReply = { status: number; body: { error: Record<string, unknown> } };

/** The API version the failure detail's type names (the request's, or the pinned one). */
export type AdsFailure = {
  category: string;
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /** Where in the request the fault is: `operations[0].update.amount_micros` as field path elements. */
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
};

export const requestId = () => randomBytes(16).toString('base64url').slice(0, 22);

const STATUS_TEXT: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** A Google Ads error: the Status, with a GoogleAdsFailure detail for the API version `version`. */
export const adsError = (
  version: string,
  code: number,
  message: string,
  failure: AdsFailure,
  extraDetails: Record<string, unknown>[] = [],
): GoogleErrorReply => ({
  status: code,
  body: {
    error: {
      code,
      message,
      status: STATUS_TEXT[code] ?? 'UNKNOWN',
      details: [
        {
          '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
          errors: [
            {
              errorCode: { [failure.category]: failure.code },
              message: failure.message,
              ...(failure.location ? { location: failure.location } : {}),
              ...(failure.details ? { details: failure.details } : {}),
            },
          ],
          requestId: requestId(),
        },
        ...extraDetails,
      ],
    },
  },
});

/** A bare google.rpc.Status (GA4, and Google's front end before a request reaches Google Ads). */
export const statusError = (
  code: number,
  message: string,
  details: Record<string, unknown>[] = [],
): GoogleErrorReply => ({
  status: code,
  body: { error: { code, message, status: STATUS_TEXT[code] ?? 'UNKNOWN', ...(details.length ? { details } : {}) } },
});

const MISSING_CREDENTIAL =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const INVALID_CREDENTIAL =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const NO_CUSTOMER_PERMISSION =
  "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid";

const errorInfo = (reason: string, service: string) => ({
  '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
  reason,
  domain: 'googleapis.com',
  metadata: { service },
});
const retryInfo = (seconds: number) => ({
  '@type': 'type.googleapis.com/google.rpc.RetryInfo',
  retryDelay: `${seconds}s`,
});

export const googleErrors = {
  missingToken: (service: string) => statusError(401, MISSING_CREDENTIAL, [errorInfo('CREDENTIALS_MISSING', service)]),
  invalidToken: (service: string) =>
    statusError(401, INVALID_CREDENTIAL, [errorInfo('ACCESS_TOKEN_TYPE_UNSUPPORTED', service)]),
  expiredToken: (service: string) => statusError(401, INVALID_CREDENTIAL, [errorInfo('ACCESS_TOKEN_EXPIRED', service)]),
  /** Google Ads' own reading of an expired OAuth token. */
  adsTokenExpired: (version: string) =>
    adsError(version, 401, INVALID_CREDENTIAL, {
      category: 'authenticationError',
      code: 'OAUTH_TOKEN_EXPIRED',
      message: 'Authentication of the request failed.',
    }),
  customerPermission: (version: string) =>
    adsError(version, 403, 'The caller does not have permission', {
      category: 'authorizationError',
      code: 'USER_PERMISSION_DENIED',
      message: NO_CUSTOMER_PERMISSION,
    }),
  /** A canceled (or suspended, closed) client account's own queries. */
  customerNotEnabled: (version: string) =>
    adsError(version, 403, 'The caller does not have permission', {
      category: 'authorizationError',
      code: 'CUSTOMER_NOT_ENABLED',
      message: "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
    }),
  invalidCustomerId: (version: string, id: string) =>
    adsError(version, 400, 'Request contains an invalid argument.', {
      category: 'requestError',
      code: 'INVALID_CUSTOMER_ID',
      message: `Invalid customer ID '${id.slice(0, 40)}'.`,
    }),
  invalidLoginCustomerId: (version: string) =>
    adsError(version, 400, 'Request contains an invalid argument.', {
      category: 'headerError',
      code: 'INVALID_LOGIN_CUSTOMER_ID',
      message: 'The login customer ID could not be validated.',
    }),
  query: (version: string, code: string, message: string) =>
    adsError(version, 400, 'Request contains an invalid argument.', { category: 'queryError', code, message }),
  request: (version: string, code: string, message: string) =>
    adsError(version, 400, 'Request contains an invalid argument.', { category: 'requestError', code, message }),
  adsRateLimit: (version: string, seconds: number) =>
    adsError(
      version,
      429,
      'Resource has been exhausted (e.g. check quota).',
      {
        category: 'quotaError',
        code: 'RESOURCE_TEMPORARILY_EXHAUSTED',
        message: `Too many requests. Retry in ${seconds} seconds.`,
        details: {
          quotaErrorDetails: {
            rateScope: 'DEVELOPER',
            rateName: 'Number of operations for explorer access',
            retryDelay: `${seconds}s`,
          },
        },
      },
      [retryInfo(seconds)],
    ),
  /**
   * A Cloud project with Test access calling a real account (v25 and later; older versions answer
   * ACTION_NOT_PERMITTED). The words are those of the enum's documentation in authorization_error.proto.
   */
  cloudProjectNotApproved: (version: string) =>
    adsError(version, 403, 'The caller does not have permission', {
      category: 'authorizationError',
      code: 'CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION',
      message:
        'The Google Cloud project is only approved for use with test accounts. To access non-test accounts, apply for Explorer, Basic or Standard access.',
    }),
  adsPermission: (version: string) =>
    adsError(version, 403, 'The caller does not have permission', {
      category: 'authorizationError',
      code: 'ACTION_NOT_PERMITTED',
      message: 'The user does not have permission to perform this action on this customer.',
    }),
  /**
   * A mutate by a user whose access to the account is Read only (customer_user_access.access_role READ_ONLY), or a
   * validate-only one: Google checks the role before anything else.
   */
  actionNotPermitted: (version: string) =>
    adsError(version, 403, 'The caller does not have permission', {
      category: 'authorizationError',
      code: 'ACTION_NOT_PERMITTED',
      message:
        'The user does not have permission to perform this action (for example, ADD, UPDATE, REMOVE) on the resource or call a method.',
    }),
  /** A refused operation of a mutate, at `path` (`operations`, 0, `update`, `amount_micros`). */
  operation: (version: string, category: string, code: string, message: string, path: (string | number)[]) => {
    const fieldPathElements: { fieldName: string; index?: number }[] = [];
    for (const part of path) {
      if (typeof part === 'number') fieldPathElements.at(-1)!.index = part;
      else fieldPathElements.push({ fieldName: part });
    }
    return adsError(version, 400, 'Request contains an invalid argument.', {
      category,
      code,
      message,
      location: { fieldPathElements },
    });
  },
  adsInternal: (version: string) =>
    adsError(version, 500, 'Internal error encountered.', {
      category: 'internalError',
      code: 'INTERNAL_ERROR',
      message: 'An internal error has occurred.',
    }),
  unavailable: () => statusError(503, 'The service is currently unavailable.'),
  ga4RateLimit: () => statusError(429, 'Exhausted concurrent requests quota. Please wait and retry your request.'),
  ga4Permission: () =>
    statusError(
      403,
      'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
    ),
  ga4Internal: () => statusError(500, 'Internal error encountered.'),
  invalidArgument: (message: string) => statusError(400, message),
  notFound: (path: string) => statusError(404, `Method not found: ${path.slice(0, 100)}`),
};
