import { z } from 'zod';
import { type IntegrationProvider, integrationProviderSchema } from './integrations.js';

// ───────────────────────── Signing in with a vendor (OAuth; spec doc 3, section 7 "OAuth") ─────────────────────────

/** The vendors a business can sign in with, as the `/oauth/{provider}/…` paths name them. */
export const OAUTH_PROVIDERS = ['google', 'facebook', 'gohighlevel'] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS, {
  error: 'provider must be google, facebook or gohighlevel',
});
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** The vendor's name as a person reads it on the sign-in button ("Sign in with Meta"). */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  facebook: 'Meta',
  gohighlevel: 'GoHighLevel',
};

/** The integrations a sign-in can connect: Meta's one sign-in serves both the ads and the Conversions API. */
export const OAUTH_INTEGRATIONS: Record<OAuthProvider, readonly IntegrationProvider[]> = {
  google: ['google_ads'],
  facebook: ['facebook_ads', 'facebook_conversions'],
  gohighlevel: ['gohighlevel'],
};

/** The sign-in that connects an integration, if there is one (Stripe has none). */
export function oauthProviderOf(integration: IntegrationProvider): OAuthProvider | undefined {
  return OAUTH_PROVIDERS.find((p) => OAUTH_INTEGRATIONS[p].includes(integration));
}

/** The server's variables that configure each sign-in (named in the 409 when they are missing). */
export const OAUTH_CLIENT_VARIABLES: Record<OAuthProvider, readonly [string, string]> = {
  google: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'],
  facebook: ['META_APP_ID', 'META_APP_SECRET'],
  gohighlevel: ['GHL_CLIENT_ID', 'GHL_CLIENT_SECRET'],
};

export const oauthProviderParamsSchema = z.object({ provider: oauthProviderSchema });

/** `GET /oauth/providers`: which sign-ins this server offers, and what each can connect now. */
export const oauthProvidersResponseSchema = z.object({
  providers: z.array(
    z.object({
      provider: oauthProviderSchema,
      name: z.string(),
      /** The operator set the vendor's client credentials. */
      configured: z.boolean(),
      /** The integrations this sign-in connects in this version (empty when not configured). */
      integrations: z.array(integrationProviderSchema),
    }),
  ),
});
export type OAuthProvidersResponse = z.infer<typeof oauthProvidersResponseSchema>;

const hint = (field: string, max = 64) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * What the connect form already knows, carried through the sign-in to the connect step: the integration to
 * connect (Meta: ads by default, or the Conversions API) and the same optional fields as the paste-token forms.
 */
export const oauthAuthorizeBodySchema = z
  .object({
    integration: integrationProviderSchema.optional(),
    integrationName: hint('integrationName', 100),
    /** Google Ads customer (10 digits) and GA4 property (9 digits). */
    customerId: hint('customerId'),
    propertyId: hint('propertyId'),
    /** Meta pixel (required for the Conversions API) and ad account. */
    pixelId: hint('pixelId'),
    adAccountId: hint('adAccountId'),
  })
  .prefault({});
export type OAuthAuthorizeBody = z.infer<typeof oauthAuthorizeBodySchema>;
/** The hints stored with a sign-in and given to the connect step. */
export type OAuthHints = Omit<OAuthAuthorizeBody, 'integration'>;

/** `POST /oauth/{provider}/authorize`: where to send the browser; the sign-in must end within 10 minutes. */
export const oauthAuthorizeResponseSchema = z.object({
  authorization_url: z.string(),
  expires_at: z.string(),
});
export type OAuthAuthorizeResponse = z.infer<typeof oauthAuthorizeResponseSchema>;

/**
 * `GET /oauth/{provider}/callback`: what the vendor appends to the redirect address, the authorization code
 * and our state, or an error (the person declined). Other parameters the vendors add (scope, authuser…) are
 * ignored.
 */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** The Integrations screen's query after a sign-in: `?oauth=connected|error&provider=…&message=…`. */
export const OAUTH_RESULT_PARAM = 'oauth';

/** `POST /oauth/{provider}/refresh`: renews the integration's access now. */
export const oauthRefreshBodySchema = z.object({
  integration_id: z.string().uuid('integration_id must be an integration id (a UUID)'),
});
export const oauthRefreshResponseSchema = z.object({
  integration_id: z.string(),
  /** When the renewed access expires, or null when the vendor gave no expiry. */
  expires_at: z.string().nullable(),
});
export type OAuthRefreshResponse = z.infer<typeof oauthRefreshResponseSchema>;
