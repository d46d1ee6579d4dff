import {
  facebookAdsCredentialsBodySchema,
  goHighLevelCredentialsBodySchema,
  googleCredentialsBodySchema,
  stripeSecretKeySchema,
} from '@ri/contracts';

/** One credential field of a connect form; the names are the spec's contract. */
export type CredentialField = {
  name: string;
  label: string;
  /** Masked, with a show/hide toggle (every token field, section 2.4). */
  secret?: boolean;
  required?: boolean;
  hint?: string;
  placeholder?: string;
};

/**
 * The forms of "Credentials by form" whose server endpoints do not exist yet: the fields are shown so an owner
 * sees what connecting will ask for, but nothing is sent (see `PENDING_PROVIDER_TEXT`).
 */
export const PENDING_FORMS: Record<string, CredentialField[]> = {};

export const PENDING_PROVIDER_TEXT =
  'Connecting this platform is not available yet in this version: the server cannot check or store its credentials yet, so nothing will be sent.';

/** The providers with a working connect flow in this version. */
export const STRIPE = 'stripe';
export const GOOGLE_ADS = 'google_ads';
export const GOHIGHLEVEL = 'gohighlevel';

export const HUBSPOT_COMING_SOON =
  "HubSpot integration is coming soon! We're working on adding this powerful CRM integration.";

/**
 * The first failing rule of section 5 for a Stripe secret key, in its exact words, or null when the key
 * passes; the contracts' schema, so the form and the server check the same rules.
 */
export function stripeSecretKeyError(secretKey: string): string | null {
  const result = stripeSecretKeySchema.safeParse(secretKey);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid secret key');
}

/**
 * The first failing rule of section 5 for a Google Ads access token (required, 50+ characters, no "test" or
 * placeholder), in its exact words, or null; the contracts' schema, as the server checks it.
 */
export function googleAccessTokenError(accessToken: string): string | null {
  const result = googleCredentialsBodySchema.shape.accessToken.safeParse(accessToken);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid access token');
}

/**
 * Section 5's CRM rule: the API key and the location id are both required ('Please fill in all required
 * fields'); null when both are given. The contracts' schema, so the form and the server check the same rule.
 */
export function goHighLevelCredentialsError(apiKey: string, locationId: string): string | null {
  const result = goHighLevelCredentialsBodySchema.safeParse({ apiKey, locationId });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please fill in all required fields');
}

/** The Meta Ads form's fields, as the spec names them. */
export type MetaAdsValues = { accessToken: string; pixelId: string; adAccountId: string };

/**
 * The first failing rule of section 5 for each Meta Ads field, in its exact words (the contracts' schema, as the
 * server checks it); empty when the values pass.
 */
export function metaAdsFieldErrors(values: MetaAdsValues): Partial<Record<keyof MetaAdsValues, string>> {
  const result = facebookAdsCredentialsBodySchema.safeParse(values);
  const errors: Partial<Record<keyof MetaAdsValues, string>> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as keyof MetaAdsValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What a Meta token needs (spec section 6), as the form lists it. */
export const META_PERMISSIONS = ['ads_read', 'ads_management', 'business_management', 'read_insights'] as const;
export const META_SYSTEM_USER_HINT = 'Or a system user with the Admin or Advertiser role on the ad account.';
