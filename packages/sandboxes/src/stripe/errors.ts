import { maskKey } from './ids.js';

// Error bodies as Stripe sends them: `{ error: { type, message, code?, param?, doc_url? } }`. Messages never carry a
// whole key, only Stripe's masked form (prefix, stars, last four).

export type StripeErrorReply = {
  status: number;
  body: { error: { type: string; message: string; code?: string; param?: string; doc_url?: string } };
};

const DOCS = 'https://stripe.com/docs/error-codes';

const reply = (status: number, type: string, message: string, code?: string, param?: string): StripeErrorReply => ({
  status,
  body: {
    error: {
      ...(code ? { code, doc_url: `${DOCS}/${code.replaceAll('_', '-')}` } : {}),
      message,
      ...(param ? { param } : {}),
      type,
    },
  },
});

export const stripeErrors = {
  missingKey: () =>
    reply(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ),
  invalidKey: (key: string) => reply(401, 'invalid_request_error', `Invalid API Key provided: ${maskKey(key)}`),
  expiredKey: (key: string) =>
    reply(401, 'invalid_request_error', `Expired API Key provided: ${maskKey(key)}`, 'api_key_expired'),
  /** A restricted key without the permission (stripe-node issue 2246 shows the body: no code). */
  permission: (key: string, accountId: string, permission: string) =>
    reply(
      403,
      'invalid_request_error',
      `The provided key '${maskKey(key)}' does not have the required permissions for this endpoint on account '${accountId}'. Having the '${permission}' permission would allow this request to continue.`,
    ),
  missingResource: (objectName: string, id: string, param: string, status = 404) =>
    reply(status, 'invalid_request_error', `No such ${objectName}: '${id}'`, 'resource_missing', param),
  unrecognizedUrl: (method: string, path: string) =>
    reply(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
  invalidInteger: (param: string, value: string) =>
    reply(400, 'invalid_request_error', `Invalid integer: ${value}`, 'parameter_invalid_integer', param),
  outOfRange: (param: string, message: string) =>
    reply(400, 'invalid_request_error', message, 'parameter_invalid_integer', param),
  unknownParameter: (param: string) =>
    reply(400, 'invalid_request_error', `Received unknown parameter: ${param}`, 'parameter_unknown', param),
  missingParameter: (param: string) =>
    reply(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param),
  invalidRequest: (message: string, param?: string) => reply(400, 'invalid_request_error', message, undefined, param),
  rateLimited: () =>
    reply(
      429,
      'rate_limit_error',
      'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.',
      'rate_limit',
    ),
  apiError: () =>
    reply(
      500,
      'api_error',
      'An unknown error occurred. Please try again later or contact support if the problem persists.',
    ),
};
