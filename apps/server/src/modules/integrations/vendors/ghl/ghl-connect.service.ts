import type { CredentialsCheck, GoHighLevelCredentialsBody, SaveIntegrationResponse } from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { integrations } from '../../../../db/schema.js';
import { AppError } from '../../../../lib/errors.js';
import { dataPointsByIntegration } from '../../integrations.repo.js';
import { toIntegration } from '../../integrations.service.js';
import { hintOf, type Vault } from '../../vault.js';
import { GHL_DEFAULT_API_URL } from './ghl-client.js';
import { checkGhlCredentials, type GhlCheck } from './ghl-connect.js';

/** A refused check as the API answers it: 400 naming the field to fix, or 502 when GoHighLevel did not answer. */
function refuse(check: Exclude<GhlCheck, { ok: true }>): never {
  if ('unreachable' in check) throw new AppError('vendor_unavailable', check.error);
  throw new AppError('invalid_credentials', check.error, { field: check.field });
}

/** `POST /integrations/gohighlevel/test-credentials`: what GoHighLevel says about the key and location (nothing stored). */
export async function testGoHighLevelCredentials(
  baseUrl: string,
  body: GoHighLevelCredentialsBody,
): Promise<CredentialsCheck> {
  const result = await checkGhlCredentials(body, baseUrl);
  if (!result.ok) refuse(result);
  return result.check;
}

/**
 * `POST /integrations/gohighlevel/save`: checks again (nothing unusable is saved), then stores the integration with
 * the key sealed for its row. Connecting again replaces the key and location of the same integration.
 */
export async function saveGoHighLevelCredentials(
  db: Db,
  vault: Vault,
  baseUrl: string,
  businessId: string,
  body: GoHighLevelCredentialsBody,
): Promise<SaveIntegrationResponse> {
  const result = await checkGhlCredentials(body, baseUrl);
  if (!result.ok) refuse(result);
  const { check } = result;
  const [existing] = await db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, 'gohighlevel')));
  const id = existing?.id ?? crypto.randomUUID();
  const values = {
    name: body.integrationName || 'GoHighLevel',
    status: 'connected' as const,
    credentials: vault.seal({ apiKey: body.apiKey, locationId: body.locationId }, { businessId, integrationId: id }),
    // The location id is no secret (the vendor account shows it); the key only as a hint.
    credentialHints: { apiKey: hintOf(body.apiKey), locationId: body.locationId },
    accountInfo: null,
    vendorAccount: check.vendor_account ?? null,
    permissionLevel: check.permission_level,
    sandboxUrl: baseUrl === GHL_DEFAULT_API_URL ? null : baseUrl,
    oauthProvider: null,
    error: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(integrations)
    .values({ id, businessId, provider: 'gohighlevel', ...values })
    .onConflictDoUpdate({ target: [integrations.businessId, integrations.provider], set: values })
    .returning();
  const points = await dataPointsByIntegration(db, businessId);
  return { ...check, success: true, integration: toIntegration(row!, points.get(row!.id) ?? 0) };
}
