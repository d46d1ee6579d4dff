import { z } from 'zod';
import { INDUSTRIES, industrySchema } from './business.js';

/** Minimum and maximum password lengths (OWASP ASVS: at least 8, allow at least 64). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const userMetadataSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  business_name: z.string(),
  business_website: z.string(),
  industry: z.string(),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  user_metadata: userMetadataSchema,
});
export type User = z.infer<typeof userSchema>;

/** What the sign-up form sends: credentials plus the metadata of the business created with the account. */
export const signupBodySchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.object({
    first_name: z.string().trim().max(100).optional().default(''),
    last_name: z.string().trim().max(100).optional().default(''),
    full_name: z.string().trim().max(201).optional(),
    business_name: z.string().trim().max(200).optional().default(''),
    business_website: z
      .string()
      .trim()
      .max(2048)
      .optional()
      .default('')
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
        message: 'Business website must be a full URL starting with http:// or https://',
      }),
    industry: z
      .string()
      .optional()
      .default('')
      .refine((v) => v === '' || industrySchema.safeParse(v).success, {
        message: `Industry must be one of: ${INDUSTRIES.join(', ')}`,
      }),
  }),
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const passwordGrantBodySchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
});
export const refreshGrantBodySchema = z.object({ refresh_token: z.string().optional() });
/** Body of POST /auth/token: the password grant's fields or the refresh grant's, by grant_type. */
export const tokenBodySchema = passwordGrantBodySchema.extend(refreshGrantBodySchema.shape);
export const tokenQuerySchema = z.object({ grant_type: z.enum(['password', 'refresh_token']) });

/** The session answer of the token grants (bearer mode). */
export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * The session answer when the browser asked for cookie mode (header `X-Auth-Mode: cookie`):
 * the tokens travel only in httpOnly cookies, never in a body that scripts could read.
 */
export const cookieSessionSchema = sessionSchema.omit({ access_token: true, refresh_token: true });
export type CookieSession = z.infer<typeof cookieSessionSchema>;

export const signupResponseSchema = z.object({
  /** Present when the account is usable at once (no e-mail confirmation required). */
  session: z.union([sessionSchema, cookieSessionSchema]).nullable(),
  confirmation_required: z.boolean(),
  message: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const recoverBodySchema = z.object({ email: z.string().optional() });
export const messageResponseSchema = z.object({ message: z.string() });

export const resetPasswordBodySchema = z.object({ token: z.string().min(1), password: z.string().optional() });
export const verifyBodySchema = z.object({ token: z.string().min(1), type: z.enum(['signup']) });

export const logoutQuerySchema = z.object({ scope: z.enum(['global', 'local', 'others']).default('local') });

export { email as emailSchema };

/** Cookie-mode header the web app sends; custom headers cannot be sent cross-site without CORS consent. */
export const AUTH_MODE_HEADER = 'x-auth-mode';
export const BUSINESS_HEADER = 'x-business-id';
