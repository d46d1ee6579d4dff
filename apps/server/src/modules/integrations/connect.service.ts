import type {
  CredentialsCheck,
  FacebookAdsCredentialsBody,
  GoHighLevelCredentialsBody,
  GoogleCredentialsBody,
  SaveIntegrationResponse,
  StripeCredentialsBody,
} from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import { type Config, VENDOR_DEFAULT_URLS } from '../../config.js';
import type { Db } from '../../db/client.js';
import { integrations } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { dataPointsByIntegration } from './integrations.repo.js';
import { toIntegration } from './integrations.service.js';
import { hintOf, type Vault } from './vault.js';
import { saveGoHighLevelCredentials } from './vendors/ghl/ghl-connect.service.js';
import { saveGoogleCredentials } from './vendors/google/google-service.js';
import { checkMetaAdsToken, type MetaAdsCheck } from './vendors/meta/meta-connect.js';
import { classifyStripeError, createStripeClient, STRIPE_DEFAULT_API_URL } from './vendors/stripe/stripe-client.js';
import { checkStripeKey } from './vendors/stripe/stripe-connect.js';
import { STRIPE_WEBHOOK_EVENTS } from './vendors/stripe/stripe-webhooks.js';

export type VendorUrls = Config['vendorUrls'];

/** Where vendors reach this server (APP_URL): webhooks are registered only on a public https address. */
export type PublicAddress = { appUrl: string };

/** A check the vendor could not answer is not the owner's fault: a 502 with the vendor's reason. */
function refuse(check: CredentialsCheck & { unreachable?: boolean }): never {
  if (check.unreachable) throw new AppError('vendor_unavailable', check.error ?? 'Failed to connect to Stripe');
  throw new AppError('invalid_credentials', check.error ?? 'Invalid Stripe credentials', { field: 'secretKey' });
}

/** `POST /integrations/stripe/test-credentials`: what Stripe says about the key (nothing is stored). */
export async function testStripeCredentials(urls: VendorUrls, body: StripeCredentialsBody): Promise<CredentialsCheck> {
  const check = await checkStripeKey(body, urls.stripe);
  if (check.unreachable) refuse(check);
  const { unreachable: _, ...answer } = check;
  return answer;
}

/**
 * `POST /integrations/stripe/save`: checks the key again (nothing unusable is saved), then stores the
 * integration with the key sealed for its row. Connecting again replaces the key of the same integration.
 */
export async function saveStripeCredentials(
  db: Db,
  vault: Vault,
  urls: VendorUrls & PublicAddress,
  businessId: string,
  body: StripeCredentialsBody,
): Promise<SaveIntegrationResponse> {
  const check = await checkStripeKey(body, urls.stripe);
  if (!check.valid) refuse(check);
  const { unreachable: _, ...answer } = check;
  const [existing] = await db
    .select({ id: integrations.id, credentials: integrations.credentials })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'stripe')));
  const id = existing?.id ?? crypto.randomUUID();
  const secrets: Record<string, string> = {
    secretKey: body.secretKey,
    ...(body.publishableKey ? { publishableKey: body.publishableKey } : {}),
  };
  // Stripe sends its events to a public https address only; the endpoint is registered once per integration.
  const before = existing
    ? (JSON.parse(vault.open(existing.credentials, { businessId, integrationId: id })) as Record<string, string>)
    : {};
  if (before.webhookSecret) secrets.webhookSecret = before.webhookSecret;
  else if (urls.appUrl.startsWith('https://')) {
    try {
      const client = createStripeClient({ secretKey: body.secretKey, baseUrl: urls.stripe });
      const endpoint = await client.createWebhookEndpoint(
        `${urls.appUrl}/api/v1/webhooks/stripe/${id}`,
        STRIPE_WEBHOOK_EVENTS,
      );
      if (endpoint.secret) secrets.webhookSecret = endpoint.secret;
    } catch (error) {
      answer.limitations.push(
        `Stripe webhooks could not be registered (${classifyStripeError(error).message}): revenue updates with each sync only.`,
      );
    }
  } else {
    answer.limitations.push('Webhooks need a public https address (APP_URL): revenue updates with each sync only.');
  }
  const hinted = Object.entries(secrets).filter(([k]) => k !== 'webhookSecret');
  const values = {
    name: body.integrationName || 'Stripe',
    status: 'connected' as const,
    credentials: vault.seal(secrets, { businessId, integrationId: id }),
    credentialHints: Object.fromEntries(hinted.map(([k, v]) => [k, hintOf(v)])),
    accountInfo: answer.account_info,
    permissionLevel: answer.permission_level,
    sandboxUrl: urls.stripe === STRIPE_DEFAULT_API_URL ? null : urls.stripe,
    error: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ id, businessId, provider: 'stripe', ...values })
    .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: values })
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  return { ...answer, success: true, integration: toIntegration(row!, points.get(row!.id) ?? 0) };
}

/** A connection to a vendor stand-in: the provider's save body, sent to the stand-in's address. */
export type SandboxConnection = { businessId: string; baseUrl: string } & (
  | { provider: 'stripe'; body: StripeCredentialsBody }
  | { provider: 'gohighlevel'; body: GoHighLevelCredentialsBody }
  | { provider: 'google_ads'; body: GoogleCredentialsBody }
  | { provider: 'facebook_ads'; body: FacebookAdsCredentialsBody }
);

/** The vendor addresses a provider's check and sync use, all pointed at one stand-in. */
export function sandboxUrls(provider: SandboxConnection['provider'], baseUrl: string): Partial<VendorUrls> {
  switch (provider) {
    case 'stripe':
      return { stripe: baseUrl };
    case 'gohighlevel':
      return { goHighLevel: baseUrl };
    case 'google_ads':
      return { googleAds: baseUrl, ga4: baseUrl };
    case 'facebook_ads':
      return { metaGraph: baseUrl };
  }
}

/** The provider's save path (check with the vendor, then store sealed), as its route calls it. */
export function saveCredentials(
  db: Db,
  vault: Vault,
  urls: VendorUrls & PublicAddress,
  connection: SandboxConnection,
): Promise<SaveIntegrationResponse> {
  switch (connection.provider) {
    case 'stripe':
      return saveStripeCredentials(db, vault, urls, connection.businessId, connection.body);
    case 'gohighlevel':
      return saveGoHighLevelCredentials(db, vault, urls.goHighLevel, connection.businessId, connection.body);
    case 'facebook_ads':
      return saveFacebookCredentials(db, vault, urls, connection.businessId, connection.body);
    case 'google_ads':
      // No developer token: it is optional, and the sandbox ignores it as Google does.
      return saveGoogleCredentials(
        db,
        vault,
        { ...urls, developerToken: undefined },
        connection.businessId,
        connection.body,
      );
  }
}

/** The Meta check's refusal as the API's error: Meta unreachable is a 502, a refused token a 400 naming its field. */
function refuseMeta(check: MetaAdsCheck): never {
  if (check.unreachable) throw new AppError('vendor_unavailable', check.error ?? 'Failed to connect to Facebook');
  throw new AppError('invalid_credentials', check.error || 'Invalid credentials', {
    field: check.field ?? 'accessToken',
  });
}

const publicCheck = ({ unreachable: _u, field: _f, account: _a, ...check }: MetaAdsCheck): CredentialsCheck => check;

/** `POST /integrations/facebook/test-credentials`: what Meta says about the token (nothing is stored). */
export async function testFacebookCredentials(
  urls: VendorUrls,
  body: FacebookAdsCredentialsBody,
): Promise<CredentialsCheck> {
  const check = await checkMetaAdsToken(body, urls.metaGraph);
  if (check.unreachable) refuseMeta(check);
  return publicCheck(check);
}

/**
 * `POST /integrations/facebook/save`: checks the token again, then stores the integration with the token sealed
 * for its row and the ad account it syncs (the one given, or the one detected). A token that reads no ad account
 * is refused: it could sync nothing. Connecting again replaces the token of the same integration.
 */
export async function saveFacebookCredentials(
  db: Db,
  vault: Vault,
  urls: VendorUrls,
  businessId: string,
  body: FacebookAdsCredentialsBody,
): Promise<SaveIntegrationResponse> {
  const check = await checkMetaAdsToken(body, urls.metaGraph);
  if (!check.valid) refuseMeta(check);
  if (!check.account) {
    refuseMeta({ ...check, error: check.userInfo?.ad_access_error ?? 'This token reads no ad account.' });
  }
  const answer = publicCheck(check);
  const [existing] = await db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'facebook_ads')));
  const id = existing?.id ?? crypto.randomUUID();
  const secrets: Record<string, string> = {
    accessToken: body.accessToken,
    adAccountId: check.account.id,
    ...(body.pixelId ? { pixelId: body.pixelId } : {}),
  };
  const values = {
    name: body.integrationName || 'Meta Ads',
    status: 'connected' as const,
    credentials: vault.seal(secrets, { businessId, integrationId: id }),
    // The ad account and pixel are identifiers, not secrets: shown whole, so the owner sees what is connected.
    credentialHints: { ...secrets, accessToken: hintOf(body.accessToken) },
    accountInfo: null,
    vendorAccount: answer.vendor_account ?? null,
    permissionLevel: answer.permission_level,
    sandboxUrl: urls.metaGraph === VENDOR_DEFAULT_URLS.metaGraph ? null : urls.metaGraph,
    oauthProvider: null,
    error: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ id, businessId, provider: 'facebook_ads', ...values })
    .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: values })
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  return { ...answer, success: true, integration: toIntegration(row!, points.get(row!.id) ?? 0) };
}
