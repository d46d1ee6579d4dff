import type {
  AnalyticsEventsResponse,
  CredentialsCheck,
  GoogleCredentialsBody,
  SaveIntegrationResponse,
} from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import { VENDOR_DEFAULT_URLS } from '../../../../config.js';
import type { Db } from '../../../../db/client.js';
import { integrations } from '../../../../db/schema.js';
import { AppError, notFound } from '../../../../lib/errors.js';
import { dataPointsByIntegration } from '../../integrations.repo.js';
import { toIntegration } from '../../integrations.service.js';
import { hintOf, type Vault } from '../../vault.js';
import { createGa4Client } from './ga4-client.js';
import { createGoogleAdsClient } from './google-ads-client.js';
import { analyticsTestOf, failedAnalyticsTest, readAnalyticsEvents } from './google-analytics.js';
import { checkGoogleCredentials, type GoogleCheck } from './google-connect.js';

/**
 * Where Google is reached, and the developer token if the operator set one (GOOGLE_ADS_DEVELOPER_TOKEN). It is
 * optional: Google has ignored it since 2026-09-09, so it is sent only when set.
 */
export type GoogleSettings = {
  googleAds: string;
  ga4: string;
  developerToken: string | undefined;
  now?: () => Date;
};

/** The analytics test's default range (section 9). */
const DEFAULT_RANGE = '7daysAgo';

async function check(settings: GoogleSettings, body: GoogleCredentialsBody): Promise<GoogleCheck> {
  const ads = createGoogleAdsClient({
    accessToken: body.accessToken,
    developerToken: settings.developerToken,
    baseUrl: settings.googleAds,
  });
  const ga4 = createGa4Client({ accessToken: body.accessToken, baseUrl: settings.ga4 });
  return checkGoogleCredentials(body, { ads, ga4 }, { now: settings.now?.() ?? new Date() });
}

/** A check Google could not answer is not the owner's fault: a 502 with Google's reason. */
function refuse(check: GoogleCheck): never {
  if (check.unreachable) throw new AppError('vendor_unavailable', check.error ?? 'Failed to connect to Google Ads');
  throw new AppError('invalid_credentials', check.error ?? 'Invalid credentials', {
    field: check.field ?? 'accessToken',
  });
}

const publicPart = ({ unreachable: _u, resolved: _r, field: _f, ...answer }: GoogleCheck): CredentialsCheck => answer;

/** `POST /integrations/google/test-credentials`: what Google Ads (and GA4) say about the token; nothing is stored. */
export async function testGoogleCredentials(
  settings: GoogleSettings,
  body: GoogleCredentialsBody,
): Promise<CredentialsCheck> {
  const result = await check(settings, body);
  if (result.unreachable) refuse(result);
  return publicPart(result);
}

/**
 * `POST /integrations/google/save`: checks the token again (nothing unusable is saved), stores it sealed with the
 * customer it reaches, then, only when a property was given, runs the analytics events test and attaches it
 * (non-fatal: a failed test is reported, the integration stays saved).
 */
export async function saveGoogleCredentials(
  db: Db,
  vault: Vault,
  settings: GoogleSettings,
  businessId: string,
  body: GoogleCredentialsBody,
): Promise<SaveIntegrationResponse> {
  const result = await check(settings, body);
  if (!result.valid || !result.resolved) refuse(result);
  const resolved = result.resolved;
  const answer = publicPart(result);
  const [existing] = await db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'google_ads')));
  const id = existing?.id ?? crypto.randomUUID();
  const secrets: Record<string, string> = {
    accessToken: body.accessToken,
    customerId: resolved.customerId,
    timeZone: resolved.timeZone,
    currency: resolved.currency,
    ...(resolved.loginCustomerId ? { loginCustomerId: resolved.loginCustomerId } : {}),
    ...(resolved.propertyId ? { propertyId: resolved.propertyId } : {}),
  };
  const values = {
    name: body.integrationName || 'Google Ads',
    status: 'connected' as const,
    credentials: vault.seal(secrets, { businessId, integrationId: id }),
    // The ids are no secrets; the token shows only as a hint.
    credentialHints: {
      accessToken: hintOf(body.accessToken),
      customerId: answer.vendor_account?.id ?? resolved.customerId,
      ...(resolved.propertyId ? { propertyId: resolved.propertyId } : {}),
    },
    accountInfo: null,
    vendorAccount: answer.vendor_account ?? null,
    permissionLevel: answer.permission_level,
    credentialsExpireAt: answer.expires_at ? new Date(answer.expires_at) : null,
    sandboxUrl: settings.googleAds === VENDOR_DEFAULT_URLS.googleAds ? null : settings.googleAds,
    oauthProvider: null,
    error: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ id, businessId, provider: 'google_ads', ...values })
    .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: values })
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  const saved: SaveIntegrationResponse = {
    ...answer,
    success: true,
    integration: toIntegration(row!, points.get(row!.id) ?? 0),
  };
  if (resolved.propertyId) {
    const ga4 = createGa4Client({ accessToken: body.accessToken, baseUrl: settings.ga4 });
    saved.analytics_test = await readAnalyticsEvents(ga4, resolved.propertyId, DEFAULT_RANGE).then(
      analyticsTestOf,
      failedAnalyticsTest,
    );
  }
  return saved;
}

/**
 * `POST /integrations/google/analytics-events`: the stored Google integration's GA4 events from `dateRange` to today,
 * in real time, and the key events among them. Failures of GA4 are listed in `errors`, not thrown.
 */
export async function googleAnalyticsEvents(
  db: Db,
  vault: Vault,
  settings: GoogleSettings,
  businessId: string,
  dateRange: string,
): Promise<AnalyticsEventsResponse> {
  const [row] = await db
    .select({ id: integrations.id, credentials: integrations.credentials })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'google_ads')));
  if (!row) throw notFound('Google Ads integration');
  const credentials = JSON.parse(vault.open(row.credentials, { businessId, integrationId: row.id })) as Record<
    string,
    string
  >;
  if (!credentials.propertyId) {
    return {
      real_time_events: [],
      events: [],
      conversions: [],
      errors: [
        'No GA4 property ID was given when Google Ads was connected: connect again with the 9-digit property ID to read its events.',
      ],
    };
  }
  const ga4 = createGa4Client({ accessToken: credentials.accessToken!, baseUrl: settings.ga4 });
  return readAnalyticsEvents(ga4, credentials.propertyId, dateRange || DEFAULT_RANGE);
}
