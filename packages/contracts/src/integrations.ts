import { z } from 'zod';

// ───────────────────────── Integrations (spec doc 3, sections 2.3-2.5, 3, 5) ─────────────────────────

/** The providers a business can connect (the spec's provider types; HubSpot is listed as coming soon). */
export const INTEGRATION_PROVIDERS = [
  'facebook_ads',
  'facebook_conversions',
  'google_ads',
  'gohighlevel',
  'stripe',
] as const;
export const integrationProviderSchema = z.enum(INTEGRATION_PROVIDERS);
export type IntegrationProvider = z.infer<typeof integrationProviderSchema>;

/** How the providers are grouped on the Integrations screen. */
export const INTEGRATION_CATEGORIES = ['ad_intelligence', 'customer_intelligence', 'behavior_intelligence'] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export const INTEGRATION_STATUSES = ['connected', 'syncing', 'error', 'disconnected'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** What credentials let us do, as the vendor answered the credentials check. */
export const PERMISSION_LEVELS = ['full', 'business', 'limited'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** A platform card: what connecting it brings. */
export const platformSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  setup_complexity: z.enum(['easy', 'medium', 'advanced']),
  capabilities: z.array(z.string()),
  data_types: z.array(z.string()),
  /** Listed, but not connectable yet (HubSpot). */
  coming_soon: z.boolean(),
});
export type Platform = z.infer<typeof platformSchema>;

/** `GET /integrations/providers`: the platforms grouped by category. */
export const providersResponseSchema = z.object({
  providers: z.record(z.enum(INTEGRATION_CATEGORIES), z.array(platformSchema)),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/** A payment processor's account, as its credentials check reads it. */
export const paymentAccountInfoSchema = z.object({
  account_id: z.string(),
  business_name: z.string().nullable(),
  country: z.string().nullable(),
  default_currency: z.string().nullable(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
});
export type PaymentAccountInfo = z.infer<typeof paymentAccountInfoSchema>;

/** Next steps after connecting, in the spec's three groups. */
export const nextStepsSchema = z.object({
  immediate: z.array(z.string()),
  recommended: z.array(z.string()),
  advanced: z.array(z.string()),
});

/** An ad account, CRM location or analytics property a credentials check found (the non-payment vendors). */
export const vendorAccountSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** ISO currency of the account's money, as the vendor states it (ad spend, opportunity values). */
  currency: z.string().nullable(),
  time_zone: z.string().nullable(),
});
export type VendorAccount = z.infer<typeof vendorAccountSchema>;

/** What the Conversions API sends for a pixel, as the owner set it (facebook_conversions only). */
export const conversionsSettingsSchema = z.object({
  /** A live session first crossing readiness 80 sends a custom event with its predicted value. */
  predicted_value_events: z.boolean(),
  /** Meta's Test Events code: events go to the Test Events tool instead of the pixel's data. */
  test_event_code: z.string().nullable(),
});
export type ConversionsSettings = z.infer<typeof conversionsSettingsSchema>;

/** A connected integration as the browser sees it: credentials only as masked hints, never themselves. */
export const integrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: integrationProviderSchema,
  status: z.enum(INTEGRATION_STATUSES),
  integration_type: z.enum(INTEGRATION_CATEGORIES),
  /** When the last sync finished (ISO), or null: never. */
  last_sync: z.string().nullable(),
  /** Vendor rows stored for this integration. */
  data_points_synced: z.number().int(),
  /** Masked hints of the stored credentials, by field (e.g. secretKey: "sk_test_…4f2a"). */
  credential_hints: z.record(z.string(), z.string()),
  account_info: paymentAccountInfoSchema.nullable(),
  /** The ad account, location or property of a non-payment vendor. */
  vendor_account: vendorAccountSchema.nullable(),
  permission_level: z.enum(PERMISSION_LEVELS).nullable(),
  /**
   * When the stored credentials stop working (a pasted Google access token lasts an hour), or null: they do
   * not expire, or are renewed (OAuth refresh).
   */
  credentials_expire_at: z.string().nullable(),
  /** Conversions API settings (facebook_conversions), else null. */
  conversions_settings: conversionsSettingsSchema.nullable(),
  /** Why the integration stopped (status error), in words the owner can act on. */
  error: z.string().nullable(),
  /** Connected to a local vendor sandbox rather than the vendor (the demo business). */
  sandbox: z.boolean(),
  created_at: z.string(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListResponseSchema = z.object({ integrations: z.array(integrationSchema) });
export type IntegrationListResponse = z.infer<typeof integrationListResponseSchema>;

export const integrationParamsSchema = z.object({ id: z.string().uuid('id must be an integration id (a UUID)') });

export const dataPointsStatsQuerySchema = z.object({
  integration_id: z.string().uuid('integration_id must be an integration id (a UUID)').optional(),
});
export const dataPointsStatsResponseSchema = z.object({ total_data_points: z.number().int() });

/** Validation of section 5, "Payment processor", with its exact messages, in its order. */
export const stripeSecretKeySchema = z
  .string({ error: 'Stripe Secret Key is required' })
  .trim()
  .min(1, 'Stripe Secret Key is required')
  .refine((k) => k.startsWith('sk_'), { message: 'Secret key must start with "sk_"', abort: true })
  .refine((k) => k.startsWith('sk_test_') || k.startsWith('sk_live_'), {
    message: 'Secret key must be a valid Stripe key (sk_test_... or sk_live_...)',
    abort: true,
  })
  .refine((k) => k.length >= 20, { message: 'Secret key appears to be incomplete. Please check your key.' });

export const stripeCredentialsBodySchema = z.object({
  secretKey: stripeSecretKeySchema,
  publishableKey: z
    .string()
    .trim()
    .max(255, 'publishableKey must be at most 255 characters')
    .optional()
    .transform((k) => (k ? k : undefined)),
  integrationName: z.string().trim().max(100, 'integrationName must be at most 100 characters').optional(),
});
export type StripeCredentialsBody = z.infer<typeof stripeCredentialsBodySchema>;

/** Values the forms' placeholders show, refused as tokens (section 5). */
export const TOKEN_PLACEHOLDERS = [
  'your_access_token',
  'your_access_token_here',
  'your-access-token',
  'access_token',
  'paste_your_token_here',
  'enter_your_access_token',
  'xxxxxxxx',
] as const;

/** Minimum length of a social or search ads access token (section 9; the messages say 100+). */
export const MIN_ACCESS_TOKEN_LENGTH = 50;

/**
 * Section 5's access-token rules, worded for a variant ("Meta business", "Meta Conversions API", "Google Ads"):
 * required, at least 50 characters after trimming, no "test" and no placeholder value.
 */
export function accessTokenSchema(variant: string) {
  const placeholder = (t: string) =>
    TOKEN_PLACEHOLDERS.some((p) => t.toLowerCase() === p) || /^x+$/i.test(t) || /^(.)\1+$/.test(t);
  return z
    .string({ error: 'Access Token is required' })
    .trim()
    .min(1, 'Access Token is required')
    .refine((t) => t.length >= MIN_ACCESS_TOKEN_LENGTH, {
      message: `This ${variant} access token is too short: ${variant} access tokens are typically much longer (100+ characters). Please check your token.`,
      abort: true,
    })
    .refine((t) => !t.includes('test') && !placeholder(t), {
      message: `Please provide a real ${variant} access token, not a test or placeholder value.`,
    });
}

const integrationNameSchema = z.string().trim().max(100, 'integrationName must be at most 100 characters').optional();
const optionalId = (field: string, max = 64) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** An ad account's number, with or without Meta's `act_` prefix. */
export const META_AD_ACCOUNT_ID = /^(?:act_)?(\d{1,20})$/;
export const META_AD_ACCOUNT_ID_MESSAGE =
  'Ad Account ID must be the number of the ad account, with or without act_ (e.g. act_1234567890), or blank to detect it';

/** Social ads (ads): accessToken, pixelId (optional), adAccountId (optional: blank detects it), integrationName. */
export const facebookAdsCredentialsBodySchema = z.object({
  accessToken: accessTokenSchema('Meta business'),
  pixelId: optionalId('pixelId'),
  adAccountId: optionalId('adAccountId').refine((v) => v === undefined || META_AD_ACCOUNT_ID.test(v), {
    message: META_AD_ACCOUNT_ID_MESSAGE,
  }),
  integrationName: integrationNameSchema,
});
export type FacebookAdsCredentialsBody = z.infer<typeof facebookAdsCredentialsBodySchema>;

/** Social ads (conversions): accessToken, pixelId (required), integrationName; and what is sent. */
export const facebookConversionsCredentialsBodySchema = z.object({
  accessToken: accessTokenSchema('Meta Conversions API'),
  pixelId: z
    .string({ error: 'Pixel ID is required' })
    .trim()
    .min(1, 'Pixel ID is required')
    .max(64, 'pixelId must be at most 64 characters'),
  integrationName: integrationNameSchema,
  /** Send a predicted-value event when a live session first crosses readiness 80 (default on). */
  predictedValueEvents: z.boolean().optional(),
  /** Meta's Test Events code (events then show in the Test Events tool only). */
  testEventCode: optionalId('testEventCode'),
});
export type FacebookConversionsCredentialsBody = z.infer<typeof facebookConversionsCredentialsBodySchema>;

/** Search ads and analytics: accessToken, customerId (10-digit, optional), propertyId (9-digit, optional). */
export const googleCredentialsBodySchema = z.object({
  accessToken: accessTokenSchema('Google Ads'),
  customerId: optionalId('customerId'),
  propertyId: optionalId('propertyId'),
  integrationName: integrationNameSchema,
});
export type GoogleCredentialsBody = z.infer<typeof googleCredentialsBodySchema>;

/** CRM: apiKey and locationId, both required with one message (section 5). */
const requiredField = z
  .string({ error: 'Please fill in all required fields' })
  .trim()
  .min(1, 'Please fill in all required fields')
  .max(512, 'Please fill in all required fields');
export const goHighLevelCredentialsBodySchema = z.object({
  apiKey: requiredField,
  locationId: requiredField,
  integrationName: integrationNameSchema,
});
export type GoHighLevelCredentialsBody = z.infer<typeof goHighLevelCredentialsBodySchema>;

/** The GA4 events test (section 2.5): counts of real-time, historical and conversion events, or why not. */
export const analyticsTestSchema = z.object({
  success: z.boolean(),
  real_time_events: z.number().int(),
  historical_events: z.number().int(),
  conversion_events: z.number().int(),
  errors: z.array(z.string()),
  error: z.string().nullable(),
});
export type AnalyticsTest = z.infer<typeof analyticsTestSchema>;

/** `POST /integrations/google/analytics-events`: the stored Google integration's GA4 events of a range. */
export const analyticsEventsBodySchema = z.object({
  date_range: z
    .string()
    .trim()
    .regex(
      /^(\d{1,3}daysAgo|today|yesterday|\d{4}-\d{2}-\d{2})$/,
      'date_range must be NdaysAgo, today, yesterday or YYYY-MM-DD',
    )
    .default('7daysAgo'),
});
const eventCountSchema = z.object({ event_name: z.string(), event_count: z.number().int() });
export const analyticsEventsResponseSchema = z.object({
  real_time_events: z.array(eventCountSchema),
  events: z.array(eventCountSchema),
  conversions: z.array(eventCountSchema),
  errors: z.array(z.string()),
});
export type AnalyticsEventsResponse = z.infer<typeof analyticsEventsResponseSchema>;

/** What a credentials check found: whether they work, and what they allow. */
export const credentialsCheckSchema = z.object({
  valid: z.boolean(),
  /** Why they do not work, in words the owner can act on (null when valid). */
  error: z.string().nullable(),
  account_type: z.enum(['payment_processor', 'social_ads', 'search_ads', 'crm']),
  account_info: paymentAccountInfoSchema.nullable(),
  vendor_account: vendorAccountSchema.nullable().optional(),
  permission_level: z.enum(PERMISSION_LEVELS).nullable(),
  capabilities: z.array(z.string()),
  limitations: z.array(z.string()),
  next_steps: nextStepsSchema,
  /** Meta ads: whether the token reads ad accounts (the spec's userInfo). */
  userInfo: z.object({ has_ad_access: z.boolean(), ad_access_error: z.string().nullable() }).optional(),
  /** Meta Conversions API: whether the token may send events for the pixel. */
  conversionApiAccess: z.boolean().optional(),
  /** Google with a property: the GA4 events test, non-fatal (section 2.5). */
  analytics_test: analyticsTestSchema.optional(),
  /** When the credentials stop working (a pasted Google access token), or null. */
  expires_at: z.string().nullable().optional(),
});
export type CredentialsCheck = z.infer<typeof credentialsCheckSchema>;

/** `POST /integrations/{provider}/save`: the check's findings and the integration stored. */
export const saveIntegrationResponseSchema = credentialsCheckSchema.extend({
  success: z.boolean(),
  integration: integrationSchema,
});
export type SaveIntegrationResponse = z.infer<typeof saveIntegrationResponseSchema>;

// ───────────────────────── syncing ─────────────────────────

export const SYNC_STATUSES = ['running', 'partial', 'timeout_resuming', 'completed', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_STATUSES)[number];

/** `POST /integrations/{id}/sync`: a run started, or the one already under way. */
export const triggerSyncResponseSchema = z.object({
  /** `started`: a new run; `running`: one was already under way (this answers it). */
  status: z.enum(['started', 'running']),
  message: z.string(),
  /** Where a run already under way stands, or null for a new one. */
  resumption_info: z
    .object({
      run_id: z.string(),
      overall_status: z.enum(SYNC_STATUSES),
      current_stage: z.string().nullable(),
      processed_items: z.number().int(),
    })
    .nullable(),
});
export type TriggerSyncResponse = z.infer<typeof triggerSyncResponseSchema>;

/** One integration's latest run, in the spec's sync-progress shape. */
export const syncProgressSchema = z.object({
  run_id: z.string(),
  overall_status: z.enum(SYNC_STATUSES),
  /** Phases completed over all phases, in percent (a phase's own total is not known before it ends). */
  overall_progress: z.number(),
  progress_message: z.string(),
  current_stage: z.string().nullable(),
  phases: z.array(
    z.object({
      name: z.string(),
      status: z.enum(['pending', 'running', 'completed', 'failed']),
      processed_items: z.number().int(),
    }),
  ),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** When a paused run continues (timeout_resuming). */
  resume_at: z.string().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/** `GET /integrations/sync-progress`: the latest run of each integration of the business. */
export const syncProgressResponseSchema = z.object({
  sync_progress: z.record(z.string(), syncProgressSchema),
  /** The least advanced state over the integrations' latest runs (running before partial before completed). */
  overall_status: z.enum(SYNC_STATUSES).nullable(),
  breakdown_by_integration: z.record(z.string(), z.object({ total: z.number().int() })),
});
export type SyncProgressResponse = z.infer<typeof syncProgressResponseSchema>;

/** `POST /webhooks/stripe/{integrationId}`: the event was verified and applied (or had been already). */
export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export const webhookParamsSchema = z.object({
  integrationId: z.string().uuid('integrationId must be an integration id (a UUID)'),
});
