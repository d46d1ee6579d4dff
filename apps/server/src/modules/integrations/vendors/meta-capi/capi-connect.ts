import type {
  ConversionsSettings,
  CredentialsCheck,
  FacebookConversionsCredentialsBody,
  SaveIntegrationResponse,
} from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import { VENDOR_DEFAULT_URLS } from '../../../../config.js';
import type { Db } from '../../../../db/client.js';
import { integrations } from '../../../../db/schema.js';
import { AppError } from '../../../../lib/errors.js';
import { dataPointsByIntegration } from '../../integrations.repo.js';
import { toIntegration } from '../../integrations.service.js';
import { hintOf, type Vault } from '../../vault.js';
import { VendorError } from '../../vendor-http.js';
import { type ConversionsClient, createConversionsClient, type MetaPixel } from './capi-client.js';

type Check = CredentialsCheck & { unreachable?: boolean; field?: 'accessToken' | 'pixelId' };

const EMPTY_STEPS: CredentialsCheck['next_steps'] = { immediate: [], recommended: [], advanced: [] };

const failed = (error: string, field: Check['field'], unreachable = false): Check => ({
  valid: false,
  error,
  account_type: 'social_ads',
  account_info: null,
  vendor_account: null,
  permission_level: null,
  capabilities: [],
  limitations: [],
  next_steps: EMPTY_STEPS,
  conversionApiAccess: false,
  field,
  ...(unreachable ? { unreachable } : {}),
});

/**
 * Asks Meta whether the token may use the pixel: `GET /{pixel-id}` reads it (the token is refused with code 190, a
 * pixel it cannot use answers 100/33 or a permission code). Never throws for Meta's answer: unusable credentials come
 * back `valid: false` naming the field at fault; only an unreachable Meta is `unreachable`.
 */
export async function checkConversionsCredentials(
  body: FacebookConversionsCredentialsBody,
  baseUrl: string,
  client: ConversionsClient = createConversionsClient({
    accessToken: body.accessToken,
    pixelId: /^\d{1,25}$/.test(body.pixelId) ? body.pixelId : '0',
    baseUrl,
  }),
): Promise<Check> {
  if (!/^\d{1,25}$/.test(body.pixelId)) {
    return failed(
      'Invalid Meta Conversions API credentials: a Pixel ID is the digits Events Manager shows.',
      'pixelId',
    );
  }
  let pixel: MetaPixel;
  try {
    pixel = await client.pixel();
  } catch (error) {
    const failure =
      error instanceof VendorError
        ? error
        : new VendorError({ vendor: 'meta', kind: 'transient', status: undefined, message: String(error) });
    if (failure.kind === 'auth')
      return failed(`Invalid Meta Conversions API credentials: ${failure.message}`, 'accessToken');
    if (failure.kind === 'permission' || failure.kind === 'not_found' || failure.kind === 'invalid') {
      return failed(
        `Invalid Meta Conversions API credentials: this token cannot use pixel ${body.pixelId} (${failure.message}). Generate the token in Events Manager → the pixel → Settings → Conversions API.`,
        'pixelId',
      );
    }
    return failed(`Failed to connect to Meta: ${failure.message}`, undefined, true);
  }
  if (pixel.isUnavailable) {
    return failed(
      `Invalid Meta Conversions API credentials: Meta reports pixel ${pixel.id} as unavailable, so events sent to it would not be used.`,
      'pixelId',
    );
  }
  const settings = settingsOf(body, null);
  const limitations = [
    'Meta accepts events up to 7 days old: conversions tracked from now on are sent, not older ones.',
    'The browser id (fbp) is not sent: the tracking script does not read the Meta Pixel cookie.',
  ];
  if (settings.test_event_code) {
    limitations.unshift(
      `Test Events code ${settings.test_event_code} is set: events appear only in Events Manager's Test Events tool and are not used for ads until the code is cleared.`,
    );
  }
  if (!pixel.lastFiredTime) {
    limitations.push('The pixel has not fired in a browser yet: there are no browser events to deduplicate with.');
  }
  return {
    valid: true,
    error: null,
    account_type: 'social_ads',
    account_info: null,
    vendor_account: { id: pixel.id, name: pixel.name, currency: null, time_zone: null },
    permission_level: 'full',
    capabilities: [
      `Send tracked conversions to pixel ${pixel.name ? `${pixel.name} (${pixel.id})` : pixel.id} from the server`,
      'Deduplicate with the browser pixel by event id',
      'Match visitors by IP address, user agent and Meta click id (fbc); hashed e-mail and phone where Stripe knows the buyer',
      settings.predicted_value_events
        ? 'Predicted-value events (PredictedBuyer) when a live session first reaches readiness 80'
        : 'Predicted-value events (PredictedBuyer) available: switch them on in the integration',
    ],
    limitations,
    next_steps: {
      immediate: [
        "Report conversions with RI('conversion', { name: 'purchase', value, currency }) on your thank-you pages.",
      ],
      recommended: [
        'Pass the visitor id of our tracking script to Stripe Checkout as client_reference_id, so purchases carry the buyer’s hashed e-mail and phone.',
        'Send the same event id from the browser pixel (eventID) to let Meta deduplicate browser and server events.',
      ],
      advanced: [
        'In Ads Manager, optimise a campaign for the PredictedBuyer custom conversion to reach likely buyers before they buy.',
      ],
    },
    conversionApiAccess: true,
  };
}

/**
 * The settings a connect stores: the form's test code (none when left blank) and predicted-value switch (when the
 * body leaves it out: as stored, else on).
 */
function settingsOf(body: FacebookConversionsCredentialsBody, stored: ConversionsSettings | null): ConversionsSettings {
  return {
    predicted_value_events: body.predictedValueEvents ?? stored?.predicted_value_events ?? true,
    test_event_code: body.testEventCode ?? null,
  };
}

function refuse(check: Check): never {
  if (check.unreachable) throw new AppError('vendor_unavailable', check.error ?? 'Failed to connect to Meta');
  throw new AppError('invalid_credentials', check.error ?? 'Invalid credentials', {
    field: check.field ?? 'accessToken',
  });
}

const answerOf = ({ unreachable: _u, field: _f, ...answer }: Check): CredentialsCheck => answer;

/** `POST /integrations/facebook-conversions/test-credentials`: Meta's answer about the token and pixel; nothing stored. */
export async function testConversionsCredentials(
  baseUrl: string,
  body: FacebookConversionsCredentialsBody,
): Promise<CredentialsCheck> {
  const check = await checkConversionsCredentials(body, baseUrl);
  if (check.unreachable) refuse(check);
  return answerOf(check);
}

/**
 * `POST /integrations/facebook-conversions/save`: checks again (nothing unusable is saved), then stores the token
 * sealed for its row with the pixel, and the send settings. Connecting again replaces the token of the same
 * integration and clears its error, so the events that waited for it go out.
 */
export async function saveConversionsCredentials(
  db: Db,
  vault: Vault,
  baseUrl: string,
  businessId: string,
  body: FacebookConversionsCredentialsBody,
): Promise<SaveIntegrationResponse> {
  const check = await checkConversionsCredentials(body, baseUrl);
  if (!check.valid) refuse(check);
  const answer = answerOf(check);
  const [existing] = await db
    .select({ id: integrations.id, settings: integrations.conversionsSettings })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'facebook_conversions')));
  const id = existing?.id ?? crypto.randomUUID();
  const values = {
    name: body.integrationName || 'Meta Conversions API',
    status: 'connected' as const,
    credentials: vault.seal(
      { accessToken: body.accessToken, pixelId: body.pixelId },
      { businessId, integrationId: id },
    ),
    credentialHints: { accessToken: hintOf(body.accessToken) },
    accountInfo: null,
    vendorAccount: answer.vendor_account ?? null,
    permissionLevel: answer.permission_level,
    conversionsSettings: settingsOf(body, existing?.settings ?? null),
    sandboxUrl: baseUrl === VENDOR_DEFAULT_URLS.metaGraph ? null : baseUrl,
    oauthProvider: null,
    error: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ id, businessId, provider: 'facebook_conversions', ...values })
    .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: values })
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  return { ...answer, success: true, integration: toIntegration(row!, points.get(row!.id) ?? 0) };
}
