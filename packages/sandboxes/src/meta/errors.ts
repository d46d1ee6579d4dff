import { randomBytes } from 'node:crypto';

// Graph API error bodies: `{ error: { message, type, code, error_subcode?, is_transient?, fbtrace_id } }`, mostly
// with status 400 whatever the cause. Texts as Meta's answers show them in public issue threads (see
// docs/sandboxes.md); a token is never repeated in them.

export type GraphErrorReply = {
  status: number;
  body: {
    error: {
      message: string;
      type: string;
      code: number;
      error_subcode?: number;
      is_transient?: boolean;
      error_user_title?: string;
      error_user_msg?: string;
      fbtrace_id: string;
    };
  };
};

const trace = () => `A${randomBytes(16).toString('base64url').slice(0, 22)}`;

const reply = (
  status: number,
  code: number,
  message: string,
  extra: { type?: string; subcode?: number; transient?: boolean } = {},
): GraphErrorReply => ({
  status,
  body: {
    error: {
      message,
      type: extra.type ?? 'OAuthException',
      code,
      ...(extra.subcode !== undefined ? { error_subcode: extra.subcode } : {}),
      ...(extra.transient !== undefined ? { is_transient: extra.transient } : {}),
      fbtrace_id: trace(),
    },
  },
});

const RATE_DOCS =
  'For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.';
const formatExpiry = (unix: number) =>
  new Date(unix * 1000)
    .toUTCString()
    .replace(/^(\w+), (\d+) (\w+) (\d+)/, '$1, $2-$3-$4')
    .replace('GMT', 'UTC');

export const graphErrors = {
  missingToken: () => reply(400, 104, 'An access token is required to request this resource.'),
  invalidToken: () => reply(400, 190, 'Invalid OAuth access token - Cannot parse access token'),
  expiredToken: (expiredAt: number, now: number) =>
    reply(
      400,
      190,
      `Error validating access token: Session has expired on ${formatExpiry(expiredAt)}. The current time is ${formatExpiry(now)}.`,
      { subcode: 463 },
    ),
  /** A token without ads_read (koala issue 693 shows the 403 with code 200). */
  noAdsPermission: () => reply(403, 200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission'),
  /** A write (`POST /{id}`) with a token that has ads_read but not ads_management. */
  noManagePermission: () => reply(403, 200, '(#200) Requires ads_management permission to manage the object'),
  /** A refused value of a write, with the field and why in Graph's user-facing fields. */
  invalidWrite: (subcode: number, title: string, message: string): GraphErrorReply => {
    const base = reply(400, 100, 'Invalid parameter', { subcode });
    return { ...base, body: { error: { ...base.body.error, error_user_title: title, error_user_msg: message } } };
  },
  appPermission: () => reply(403, 10, '(#10) Application does not have permission for this action'),
  userThrottled: () => reply(400, 17, '(#17) User request limit reached', { transient: true }),
  accountThrottled: (insights: boolean) =>
    reply(
      400,
      insights ? 80000 : 80004,
      `(#${insights ? 80000 : 80004}) There have been too many calls ${insights ? 'from' : 'to'} this ad-account. Wait a bit and try again. ${RATE_DOCS}`,
      { subcode: 2446079 },
    ),
  unknown: () => reply(500, 1, 'An unknown error occurred', { transient: true }),
  unexpected: () =>
    reply(500, 2, 'An unexpected error has occurred. Please retry your request later.', { transient: true }),
  tooMuchData: () => reply(500, 1, "Please reduce the amount of data you're asking for, then retry your request"),
  unsupportedGet: (id: string) =>
    reply(
      400,
      100,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      { type: 'GraphMethodException', subcode: 33 },
    ),
  unsupportedPost: (id: string) =>
    reply(
      400,
      100,
      `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      { type: 'GraphMethodException', subcode: 33 },
    ),
  unknownPath: (path: string) => reply(400, 2500, `Unknown path components: ${path}`),
  nonexistingField: (field: string, node: string) =>
    reply(400, 100, `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`),
  invalidParameter: (message: string) => reply(400, 100, `(#100) ${message}`),
  jobNotReady: () => reply(400, 100, '(#100) The report is not ready yet. Poll its async_status until Job Completed.'),
};
