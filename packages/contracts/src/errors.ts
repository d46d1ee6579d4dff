import { z } from 'zod';

/** Every error the API answers has this one shape; `field` names the offending input when there is one. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    reasons: z.array(z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes and the HTTP status each maps to: the single source for server and client. */
export const errorStatus = {
  validation_failed: 400,
  missing_credentials: 400,
  invalid_credentials: 400,
  email_not_confirmed: 400,
  invalid_token: 400,
  weak_password: 422,
  unauthorized: 401,
  session_not_found: 401,
  forbidden: 403,
  read_only: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  /** A vendor (Stripe, Meta, …) could not be reached or failed: not the caller's fault, try again. */
  vendor_unavailable: 502,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;
