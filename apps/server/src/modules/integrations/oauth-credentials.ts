import {
  type IntegrationProvider,
  OAUTH_PROVIDER_NAMES,
  type OAuthHints,
  type OAuthProvider,
  type SaveIntegrationResponse,
} from '@ri/contracts';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrations } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type PublicAddress, saveFacebookCredentials, type VendorUrls } from './connect.service.js';
import { PLATFORMS } from './providers.js';
import { hintOf, type Vault } from './vault.js';
import { VendorError } from './vendor-error.js';
import { saveGoHighLevelCredentials } from './vendors/ghl/ghl-connect.service.js';
import { saveGoogleCredentials } from './vendors/google/google-service.js';
import { saveConversionsCredentials } from './vendors/meta-capi/capi-connect.js';

// What a sign-in (OAuth) hands to the integrations, and how its tokens stay valid (docs/integrations.md, "OAuth").

/** What the vendor granted at sign-in (or at a renewal). */
export type OAuthTokens = {
  accessToken: string;
  /** Google and GoHighLevel: renews the access token; GoHighLevel's is replaced at each use. Meta has none. */
  refreshToken?: string;
  /** When the access token stops working (Google: an hour; GoHighLevel: a day; Meta long-lived: about 60 days). */
  expiresAt?: Date;
  scope?: string;
  /** GoHighLevel: the location (sub-account) the person chose on the vendor's page. */
  locationId?: string;
};

/** A finished sign-in, for the connect step of the integration it was started for. */
export type OAuthConnection = {
  businessId: string;
  /** Who signed in: an owner or admin of the business (checked again when the vendor sent them back). */
  userId: string;
  provider: OAuthProvider;
  integration: IntegrationProvider;
  tokens: OAuthTokens;
  /** What the connect form already knew (integration name, Google customer/property, Meta pixel/ad account). */
  hints: OAuthHints;
};

/**
 * The connect step of one integration after a sign-in: check the token with the vendor as its save does (nothing
 * unusable is stored), then store it sealed with `oauthGrantFields(...)` merged in, and answer the integration.
 * Throwing an AppError shows its message to the person on the Integrations screen.
 */
export type OAuthConnector = (connection: OAuthConnection) => Promise<{ integrationId: string }>;
export type OAuthConnectors = Partial<Record<IntegrationProvider, OAuthConnector>>;
export type OAuthConnectorDeps = {
  db: Db;
  vault: Vault;
  urls: VendorUrls & PublicAddress;
  googleAdsDeveloperToken?: string | undefined;
};

/**
 * The connect step of each integration that can be connected by signing in: the vendor's own save path (the
 * token checked with the vendor, nothing unusable stored) with the signed-in token, then the grant (refresh token,
 * expiry) sealed with it, so the renewal job keeps it valid.
 */
export function createOAuthConnectors(deps: OAuthConnectorDeps): OAuthConnectors {
  const { db, vault, urls } = deps;
  const withGrant = async (c: OAuthConnection, saved: Promise<SaveIntegrationResponse>) => {
    const { integration } = await saved;
    await applyGrant(db, vault, c.businessId, integration.id, oauthGrantFields(c.provider, c.tokens));
    return { integrationId: integration.id };
  };
  const name = (c: OAuthConnection) => c.hints.integrationName || undefined;
  return {
    google_ads: (c) =>
      withGrant(
        c,
        saveGoogleCredentials(db, vault, { ...urls, developerToken: deps.googleAdsDeveloperToken }, c.businessId, {
          accessToken: c.tokens.accessToken,
          customerId: c.hints.customerId || undefined,
          propertyId: c.hints.propertyId || undefined,
          integrationName: name(c),
        }),
      ),
    facebook_ads: (c) =>
      withGrant(
        c,
        saveFacebookCredentials(db, vault, urls, c.businessId, {
          accessToken: c.tokens.accessToken,
          pixelId: c.hints.pixelId || undefined,
          adAccountId: c.hints.adAccountId || undefined,
          integrationName: name(c),
        }),
      ),
    facebook_conversions: (c) => {
      if (!c.hints.pixelId) throw new AppError('validation_failed', 'Pixel ID is required', { field: 'pixelId' });
      return withGrant(
        c,
        saveConversionsCredentials(db, vault, urls.metaGraph, c.businessId, {
          accessToken: c.tokens.accessToken,
          pixelId: c.hints.pixelId,
          integrationName: name(c),
          predictedValueEvents: undefined,
          testEventCode: undefined,
        }),
      );
    },
    gohighlevel: (c) => {
      if (!c.tokens.locationId) {
        throw new AppError('invalid_credentials', 'GoHighLevel did not say which location was chosen: sign in again.');
      }
      return withGrant(
        c,
        saveGoHighLevelCredentials(db, vault, urls.goHighLevel, c.businessId, {
          apiKey: c.tokens.accessToken,
          locationId: c.tokens.locationId,
          integrationName: name(c),
        }),
      );
    },
  };
}

/**
 * Seals a sign-in's grant into the integration its save just stored: the refresh token and expiry join the
 * sealed credentials, their hints the hints, and the row is marked for renewal.
 */
async function applyGrant(db: Db, vault: Vault, businessId: string, integrationId: string, grant: OAuthGrantFields) {
  const [row] = await db
    .select({ credentials: integrations.credentials, hints: integrations.credentialHints })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, integrationId)));
  if (!row) throw notFound('Integration');
  const sealedFor = { businessId, integrationId };
  const secrets = {
    ...(JSON.parse(vault.open(row.credentials, sealedFor)) as Record<string, string>),
    ...grant.secrets,
  };
  await db
    .update(integrations)
    .set({
      credentials: vault.seal(secrets, sealedFor),
      credentialHints: { ...row.hints, ...grant.hints },
      ...grant.columns,
      updatedAt: new Date(),
    })
    .where(eq(integrations.id, integrationId));
}

/** Runs the connect step of the sign-in's integration, or refuses plainly when it has none in this version. */
export async function connectWithOAuth(
  connectors: OAuthConnectors,
  connection: OAuthConnection,
): Promise<{ integrationId: string }> {
  const connector = connectors[connection.integration];
  if (!connector) throw new AppError('conflict', oauthNotAvailable(connection.integration));
  return connector(connection);
}

export const oauthNotAvailable = (integration: IntegrationProvider) =>
  `Connecting ${PLATFORMS[integration].name} by signing in is not available in this version: paste its credentials in the connect form instead.`;

/** What a connector stores for a sign-in besides the access token: sealed secrets, their hints and the row's columns. */
export type OAuthGrantFields = {
  /** Merged into the sealed credentials next to `accessToken` (strings, as every sealed field). */
  secrets: Record<string, string>;
  /** Merged into `credential_hints`. */
  hints: Record<string, string>;
  /** Set on the integration row: the renewal job finds the row by them. */
  columns: { oauthProvider: OAuthProvider; credentialsExpireAt: Date | null };
};

/**
 * The fields a connector stores for a signed-in token so that it is renewed before it expires: the refresh token
 * and expiry (sealed), and `oauth_provider` and `credentials_expire_at` on the row. The connector seals
 * `{ accessToken, ...its own fields, ...grant.secrets }`.
 */
export function oauthGrantFields(provider: OAuthProvider, tokens: OAuthTokens): OAuthGrantFields {
  const secrets: Record<string, string> = {};
  if (tokens.refreshToken) secrets.refreshToken = tokens.refreshToken;
  if (tokens.expiresAt) secrets.expiresAt = tokens.expiresAt.toISOString();
  return {
    secrets,
    hints: tokens.refreshToken ? { refreshToken: hintOf(tokens.refreshToken) } : {},
    columns: { oauthProvider: provider, credentialsExpireAt: tokens.expiresAt ?? null },
  };
}

/** The stored grant a renewal starts from. */
export type StoredGrant = { accessToken: string; refreshToken?: string; expiresAt?: Date };

/** Asks the vendor for new tokens from the stored grant (the oauth module's token clients). */
export type RenewGrant = (grant: StoredGrant, provider: OAuthProvider) => Promise<OAuthTokens>;

export type RenewOutcome =
  /** New tokens are stored. */
  | { status: 'renewed'; expiresAt: Date | null }
  /** Another process renewed it meanwhile; its tokens stand. */
  | { status: 'renewed_elsewhere'; expiresAt: Date | null }
  /** Renewed less than `notRenewedWithinMs` ago: nothing was asked. */
  | { status: 'skipped'; expiresAt: Date | null }
  /** The vendor refused the grant: the integration is in error with this message. */
  | { status: 'reconnect'; message: string };

/** The vendor's own words in a VendorError ("Token has been expired or revoked."), without method and address. */
export const vendorReason = (error: VendorError) =>
  /answered \d+: (.*)$/s.exec(error.message)?.[1]?.trim() || error.vendorCode || error.message;

/**
 * Renews a signed-in integration's tokens: reads the sealed grant, asks the vendor (`renew`), then seals the new
 * tokens (GoHighLevel's new refresh token replaces the used one) and moves `credentials_expire_at`, only if the
 * row still holds what was read, so two renewals at once cannot store an older grant over a newer one.
 * A refusal (revoked or expired grant, wrong client) turns the integration to error with what to do, unless
 * another renewal had already replaced the grant. Vendor outages and rate limits are thrown (retried later).
 */
export async function renewOAuthCredentials(
  db: Db,
  vault: Vault,
  target: { integrationId: string; businessId?: string },
  renew: RenewGrant,
  options: { notRenewedWithinMs?: number; now?: Date } = {},
): Promise<RenewOutcome> {
  const read = async () => {
    const [row] = await db
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.id, target.integrationId),
          target.businessId ? eq(integrations.businessId, target.businessId) : undefined,
        ),
      );
    return row;
  };
  const row = await read();
  if (!row) throw notFound('Integration');
  const provider = row.oauthProvider;
  if (!provider) {
    throw new AppError(
      'validation_failed',
      `${row.name} was connected with pasted credentials, which cannot be renewed: connect it by signing in to have its access renewed.`,
      { field: 'integration_id' },
    );
  }
  const context = { businessId: row.businessId, integrationId: row.id };
  const secrets = JSON.parse(vault.open(row.credentials, context)) as Record<string, string>;
  const now = options.now ?? new Date();
  const renewedAt = secrets.renewedAt ? new Date(secrets.renewedAt) : undefined;
  if (options.notRenewedWithinMs && renewedAt && now.getTime() - renewedAt.getTime() < options.notRenewedWithinMs) {
    return { status: 'skipped', expiresAt: row.credentialsExpireAt };
  }
  let tokens: OAuthTokens;
  try {
    tokens = await renew(
      {
        accessToken: secrets.accessToken ?? '',
        refreshToken: secrets.refreshToken,
        expiresAt: secrets.expiresAt ? new Date(secrets.expiresAt) : undefined,
      },
      provider,
    );
  } catch (error) {
    const refused = error instanceof VendorError && ['auth', 'permission', 'invalid'].includes(error.kind);
    if (!refused) throw error;
    const current = await read();
    if (current && current.credentials !== row.credentials) {
      return { status: 'renewed_elsewhere', expiresAt: current.credentialsExpireAt };
    }
    const name = PLATFORMS[row.provider].name;
    const message = `${OAUTH_PROVIDER_NAMES[provider]} refused to renew the access granted at sign-in (${vendorReason(error)}). Reconnect ${name} to sync again.`;
    await db
      .update(integrations)
      .set({ status: 'error', error: message, updatedAt: new Date() })
      .where(and(eq(integrations.id, row.id), eq(integrations.credentials, row.credentials)));
    return { status: 'reconnect', message };
  }
  const next: Record<string, string> = {
    ...secrets,
    accessToken: tokens.accessToken,
    renewedAt: now.toISOString(),
  };
  if (tokens.refreshToken) next.refreshToken = tokens.refreshToken;
  if (tokens.expiresAt) next.expiresAt = tokens.expiresAt.toISOString();
  else delete next.expiresAt;
  const expiresAt = tokens.expiresAt ?? null;
  const updated = await db
    .update(integrations)
    .set({
      credentials: vault.seal(next, context),
      credentialHints: {
        ...row.credentialHints,
        accessToken: hintOf(next.accessToken!),
        ...(next.refreshToken ? { refreshToken: hintOf(next.refreshToken) } : {}),
      },
      credentialsExpireAt: expiresAt,
      updatedAt: new Date(),
    })
    .where(and(eq(integrations.id, row.id), eq(integrations.credentials, row.credentials)))
    .returning({ id: integrations.id });
  if (updated.length === 0) {
    const current = await read();
    return { status: 'renewed_elsewhere', expiresAt: current?.credentialsExpireAt ?? null };
  }
  return { status: 'renewed', expiresAt };
}

/** A signed-in integration whose access ends soon. */
export type DueIntegration = { id: string; businessId: string; oauthProvider: OAuthProvider; expiresAt: Date };

/**
 * The signed-in integrations of the given sign-ins whose access ends within that sign-in's window (ms), soonest
 * first. Integrations in error wait for their owner to reconnect, so a revoked grant is not asked again and again.
 */
export async function oauthIntegrationsDue(
  db: Db,
  windowsMs: Partial<Record<OAuthProvider, number>>,
  now = new Date(),
): Promise<DueIntegration[]> {
  const entries = Object.entries(windowsMs) as [OAuthProvider, number][];
  if (entries.length === 0) return [];
  const rows = await db
    .select({
      id: integrations.id,
      businessId: integrations.businessId,
      oauthProvider: integrations.oauthProvider,
      expiresAt: integrations.credentialsExpireAt,
    })
    .from(integrations)
    .where(
      and(
        inArray(
          integrations.oauthProvider,
          entries.map(([p]) => p),
        ),
        ne(integrations.status, 'error'),
        isNotNull(integrations.credentialsExpireAt),
        or(
          ...entries.map(
            ([provider, ms]) =>
              sql`(${integrations.oauthProvider} = ${provider} AND ${integrations.credentialsExpireAt} <= ${new Date(now.getTime() + ms).toISOString()}::timestamptz)`,
          ),
        ),
      ),
    )
    .orderBy(integrations.credentialsExpireAt);
  return rows.map((r) => ({ ...r, oauthProvider: r.oauthProvider!, expiresAt: r.expiresAt! }));
}

/** The integration's sign-in, for the refresh route's checks; undefined for another business's id. */
export async function findOAuthIntegration(db: Db, businessId: string, integrationId: string) {
  const [row] = await db
    .select({ id: integrations.id, provider: integrations.provider, oauthProvider: integrations.oauthProvider })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.id, integrationId)));
  return row;
}
