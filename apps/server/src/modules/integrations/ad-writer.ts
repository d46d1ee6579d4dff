import type { IntegrationProvider } from '@ri/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { googleAds, googleCampaigns, integrations, metaAds, metaAdsets, metaCampaigns } from '../../db/schema.js';
import type { Vault } from './vault.js';
import { VendorError } from './vendor-error.js';
import { googleFailure } from './vendors/google/google-failure.js';
import { currencyExponent } from './vendors/google/google-phases.js';
import { createGoogleAdsWriter, type GoogleAdsWriter } from './vendors/google/google-writes.js';
import { currencyOffset } from './vendors/meta/meta-rows.js';
import { createMetaWriter, type MetaWriter } from './vendors/meta/meta-writes.js';

/** The ad platforms whose accounts can be changed: Meta Ads (`facebook`) and Google Ads. */
export type WritablePlatform = 'facebook' | 'google';
/** Where a daily budget is set: a Meta ad set, or a campaign (Meta's campaign budget, Google's campaign budget). */
export type BudgetLevel = 'campaign' | 'adset';
/** An ad's status in the platform's terms, and as on or off (`other`: archived, removed…); `confirmed` as above. */
export type AdStatusRead = {
  state: 'active' | 'paused' | 'other';
  vendorStatus: string;
  name: string | null;
  confirmed?: boolean;
};
/**
 * A daily budget in minor units as the platform counts them (`minorPerMajor` a unit), or null when none is set.
 * After a change, `confirmed` false says the platform took it but could not be read back: `minor` is what was sent.
 */
export type BudgetRead = { minor: number | null; name: string | null; confirmed?: boolean };

/**
 * Changes to one business's ad account on one platform, with its stored credentials. Each change is read back from
 * the platform (the answer is what the platform holds after it) and written to the synced rows, so the screens show
 * it before the next sync. Vendor failures are thrown as VendorError (permission: the credentials may not write).
 */
export type AdWriter = {
  platform: WritablePlatform;
  integrationId: string;
  /** The account currency (ISO, upper case). */
  currency: string;
  /** Minor units a currency unit holds in this platform's budgets (Meta's offset; 10^exponent for Google). */
  minorPerMajor: number;
  /**
   * Whether the credentials may change the account, and why not: Meta's granted permissions (ads_management), or a
   * validate-only budget update on Google (its access role). A check that fails to answer says ok, with its reason:
   * the change itself then shows what the platform allows.
   */
  canWrite(): Promise<{ ok: boolean; reason: string | null }>;
  getDailyBudget(level: BudgetLevel, vendorId: string): Promise<BudgetRead>;
  setDailyBudget(level: BudgetLevel, vendorId: string, minor: number): Promise<BudgetRead>;
  getAdStatus(vendorId: string): Promise<AdStatusRead>;
  setAdStatus(vendorId: string, status: 'active' | 'paused'): Promise<AdStatusRead>;
};

export type AdWriterDeps = {
  db: Db;
  vault: Vault;
  baseUrl(provider: IntegrationProvider, sandboxUrl: string | null): string;
  /** Optional: Google has ignored the developer-token header since 2026-09-09; sent only when the operator set one. */
  googleDeveloperToken: string | undefined;
  log?: Pick<FastifyBaseLogger, 'debug'>;
};

const PROVIDER: Record<WritablePlatform, IntegrationProvider> = { facebook: 'facebook_ads', google: 'google_ads' };
/** How long a permission check is reused for the same stored credentials. */
const CHECK_TTL_MS = 5 * 60_000;

/** Ids as the platform knows them: `facebook_123` and `123` are the same Meta object. */
const vendorIdOf = (id: string) => id.replace(/^(?:facebook|google)_/, '');

/** The read-back after a change, or what was sent when the platform took the change but the read failed. */
async function readBack<T extends object>(read: () => Promise<T>, sent: T): Promise<T & { confirmed: boolean }> {
  try {
    return { ...(await read()), confirmed: true };
  } catch {
    return { ...sent, confirmed: false };
  }
}
const invalid = (vendor: string, message: string) =>
  new VendorError({ vendor, kind: 'invalid', status: undefined, message });

/** Builds `adWriter(businessId, platform)`: null when the business has not connected that platform. */
export function createAdWriters(deps: AdWriterDeps) {
  const checks = new Map<string, { at: number; answer: Promise<{ ok: boolean; reason: string | null }> }>();
  const cached = (key: string, check: () => Promise<{ ok: boolean; reason: string | null }>) => {
    const known = checks.get(key);
    if (known && Date.now() - known.at < CHECK_TTL_MS) return known.answer;
    const answer = check();
    checks.set(key, { at: Date.now(), answer });
    return answer;
  };

  return async (businessId: string, platform: WritablePlatform): Promise<AdWriter | null> => {
    const [row] = await deps.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.businessId, businessId), eq(integrations.provider, PROVIDER[platform])));
    if (!row) return null;
    const credentials = JSON.parse(deps.vault.open(row.credentials, { businessId, integrationId: row.id })) as Record<
      string,
      string
    >;
    const baseUrl = deps.baseUrl(row.provider, row.sandboxUrl);
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    const scope = { businessId, integrationId: row.id };
    if (platform === 'facebook') {
      const currency = (row.vendorAccount?.currency ?? credentials.currency ?? 'USD').toUpperCase();
      const meta = createMetaWriter({ accessToken: credentials.accessToken ?? '', baseUrl, log: deps.log });
      return metaAdWriter(deps.db, scope, meta, currency, () => cached(key, () => metaCanWrite(meta)));
    }
    const currency = (credentials.currency || row.vendorAccount?.currency || 'USD').toUpperCase();
    const google = createGoogleAdsWriter({
      accessToken: credentials.accessToken ?? '',
      developerToken: deps.googleDeveloperToken,
      loginCustomerId: credentials.loginCustomerId || null,
      customerId: credentials.customerId ?? '',
      baseUrl,
      log: deps.log,
    });
    return googleAdWriter(deps.db, scope, google, currency, () => cached(key, () => googleCanWrite(google)));
  };
}

type Scope = { businessId: string; integrationId: string };

async function metaCanWrite(meta: MetaWriter) {
  try {
    const granted = await meta.permissions();
    return granted.adsManagement ? { ok: true, reason: null } : { ok: false, reason: 'no ads_management' };
  } catch (error) {
    return { ok: true, reason: `permissions not checked: ${error instanceof Error ? error.message : 'unknown'}` };
  }
}

async function googleCanWrite(google: GoogleAdsWriter) {
  try {
    const budget = await google.anyBudget();
    if (!budget) return { ok: true, reason: 'no campaign budget to check access with' };
    await google.setBudget(budget.resourceName, budget.amountMicros, { validateOnly: true });
    return { ok: true, reason: null };
  } catch (error) {
    // A Cloud project not approved for real accounts is the operator's to fix, not the user's access level.
    const operator = googleFailure(error).operator;
    if (operator) return { ok: false, reason: operator };
    if (error instanceof VendorError && error.kind === 'permission') {
      return { ok: false, reason: "your user's access to this Google Ads account is Read only" };
    }
    return { ok: true, reason: `access not checked: ${error instanceof Error ? error.message : 'unknown'}` };
  }
}

const metaState = (status: string): AdStatusRead['state'] =>
  status === 'ACTIVE' ? 'active' : status === 'PAUSED' ? 'paused' : 'other';

function metaAdWriter(
  db: Db,
  scope: Scope,
  meta: MetaWriter,
  currency: string,
  canWrite: AdWriter['canWrite'],
): AdWriter {
  const budgetRead = async (id: string): Promise<BudgetRead> => {
    const read = await meta.budget(id);
    return { minor: read.dailyBudget, name: read.name };
  };
  const adRead = async (id: string): Promise<AdStatusRead & { effective: string | null }> => {
    const read = await meta.status(id);
    return {
      state: metaState(read.status),
      vendorStatus: read.status,
      name: read.name,
      effective: read.effectiveStatus,
    };
  };
  return {
    platform: 'facebook',
    integrationId: scope.integrationId,
    currency,
    minorPerMajor: currencyOffset(currency),
    canWrite,
    getDailyBudget: (_level, vendorId) => budgetRead(vendorIdOf(vendorId)),
    setDailyBudget: async (level, vendorId, minor) => {
      const id = vendorIdOf(vendorId);
      await meta.setDailyBudget(id, minor);
      const after = await readBack(() => budgetRead(id), { minor, name: null });
      const table = level === 'adset' ? metaAdsets : metaCampaigns;
      await db
        .update(table)
        .set({ dailyBudget: after.minor })
        .where(and(eq(table.businessId, scope.businessId), eq(table.vendorId, id)));
      return after;
    },
    getAdStatus: (vendorId) => adRead(vendorIdOf(vendorId)),
    setAdStatus: async (vendorId, status) => {
      const id = vendorIdOf(vendorId);
      const vendorStatus = status === 'active' ? 'ACTIVE' : 'PAUSED';
      await meta.setStatus(id, vendorStatus);
      const { effective, ...after } = await readBack(() => adRead(id), {
        state: status,
        vendorStatus,
        name: null,
        effective: vendorStatus === 'PAUSED' ? 'PAUSED' : null,
      });
      await db
        .update(metaAds)
        .set({ status: after.vendorStatus, ...(effective ? { effectiveStatus: effective } : {}) })
        .where(and(eq(metaAds.businessId, scope.businessId), eq(metaAds.vendorId, id)));
      return after;
    },
  };
}

const googleState = (status: string): AdStatusRead['state'] =>
  status === 'ENABLED' ? 'active' : status === 'PAUSED' ? 'paused' : 'other';

function googleAdWriter(
  db: Db,
  scope: Scope,
  google: GoogleAdsWriter,
  currency: string,
  canWrite: AdWriter['canWrite'],
): AdWriter {
  const microsPerMinor = 10 ** (6 - currencyExponent(currency));
  const campaignOnly = (level: BudgetLevel) => {
    if (level !== 'campaign') throw invalid('google_ads', 'google_ads: budgets are set on campaigns, not ad groups');
  };
  const budgetRead = async (campaignId: string) => {
    const budget = await google.campaignBudget(campaignId);
    return { budget, read: { minor: Math.round(budget.amountMicros / microsPerMinor), name: budget.campaignName } };
  };
  const adRead = async (key: string) => {
    const ad = await google.adGroupAd(key);
    return {
      ad,
      read: { state: googleState(ad.status), vendorStatus: ad.status, name: ad.name } satisfies AdStatusRead,
    };
  };
  return {
    platform: 'google',
    integrationId: scope.integrationId,
    currency,
    minorPerMajor: 10 ** currencyExponent(currency),
    canWrite,
    getDailyBudget: async (level, vendorId) => {
      campaignOnly(level);
      return (await budgetRead(vendorIdOf(vendorId))).read;
    },
    setDailyBudget: async (level, vendorId, minor) => {
      campaignOnly(level);
      const id = vendorIdOf(vendorId);
      const { budget } = await budgetRead(id);
      await google.setBudget(budget.resourceName, Math.round(minor) * microsPerMinor);
      const after = await readBack(async () => (await budgetRead(id)).read, { minor, name: budget.campaignName });
      await db
        .update(googleCampaigns)
        .set({ dailyBudget: after.minor })
        .where(and(eq(googleCampaigns.businessId, scope.businessId), eq(googleCampaigns.vendorId, id)));
      return after;
    },
    getAdStatus: async (vendorId) => (await adRead(vendorIdOf(vendorId))).read,
    setAdStatus: async (vendorId, status) => {
      const { ad } = await adRead(vendorIdOf(vendorId));
      const vendorStatus = status === 'active' ? 'ENABLED' : 'PAUSED';
      await google.setAdStatus(ad.resourceName, vendorStatus);
      const after = await readBack(async () => (await adRead(ad.resourceName)).read, {
        state: status,
        vendorStatus,
        name: ad.name,
      });
      // The synced row's id is the resource name's last part: `<ad group id>~<ad id>`.
      const key = ad.resourceName.split('/').pop() ?? '';
      await db
        .update(googleAds)
        .set({ status: after.vendorStatus })
        .where(and(eq(googleAds.businessId, scope.businessId), eq(googleAds.vendorId, key)));
      return after;
    },
  };
}
