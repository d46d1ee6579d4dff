import type { Logger } from 'pino';
import { googleClassify } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';
import {
  createGoogleAdsClient,
  GOOGLE_ADS_API_VERSION,
  GOOGLE_ADS_TIMEOUT_MS,
  type GoogleAdsClient,
} from './google-ads-client.js';

/** A campaign's budget: its resource name and daily amount (micros of the account currency). */
export type GoogleBudget = { campaignName: string | null; resourceName: string; amountMicros: number };
/** An ad group ad: its resource name (`customers/<id>/adGroupAds/<ad group>~<ad>`), name and status. */
export type GoogleAdGroupAd = { resourceName: string; name: string | null; status: string };

/**
 * Changes to a Google Ads account through the REST mutates (`customers/{id}/campaignBudgets:mutate`,
 * `…/adGroupAds:mutate`, one update operation each), and the reads they need (GAQL). It never retries.
 */
export type GoogleAdsWriter = {
  /** A campaign's budget, by the campaign's id. */
  campaignBudget(campaignId: string): Promise<GoogleBudget>;
  /** The account's first campaign budget, or null with no campaign (to check access with a validate-only update). */
  anyBudget(): Promise<GoogleBudget | null>;
  /** Sets a budget's daily amount; `validateOnly` checks the change (access role included) without making it. */
  setBudget(resourceName: string, amountMicros: number, options?: { validateOnly?: boolean }): Promise<void>;
  /** An ad group ad by `<ad group id>~<ad id>`, its resource name, or the ad's id alone. */
  adGroupAd(key: string): Promise<GoogleAdGroupAd>;
  setAdStatus(resourceName: string, status: 'ENABLED' | 'PAUSED'): Promise<void>;
};

const notFound = (what: string) =>
  new VendorError({ vendor: 'google_ads', kind: 'not_found', status: undefined, message: `google_ads: ${what}` });

const digits = (id: string, what: string) => {
  if (!/^\d{1,20}$/.test(id)) {
    throw new VendorError({
      vendor: 'google_ads',
      kind: 'invalid',
      status: undefined,
      message: `google_ads: not ${what}`,
    });
  }
  return id;
};

/** A writer for one OAuth access token on one customer (through its manager when `loginCustomerId` is set). */
export function createGoogleAdsWriter(options: {
  accessToken: string;
  /** Sent as `developer-token` only when set: Google has ignored it since 2026-09-09. */
  developerToken?: string | undefined;
  loginCustomerId?: string | null;
  customerId: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
  /** The search client (tests pass their own); one for the same credentials by default. */
  ads?: GoogleAdsClient;
}): GoogleAdsWriter {
  const { accessToken, developerToken, customerId, baseUrl, log } = options;
  const customer = digits(customerId, 'a customer id');
  const ads =
    options.ads ??
    createGoogleAdsClient({
      accessToken,
      developerToken,
      loginCustomerId: options.loginCustomerId ?? null,
      baseUrl,
      log,
    });
  const mutate = async (service: 'campaignBudgets' | 'adGroupAds', body: object) => {
    const { data } = await vendorRequest<{ results?: { resourceName?: string }[] }>({
      vendor: 'google_ads',
      baseUrl,
      path: `${GOOGLE_ADS_API_VERSION}/customers/${customer}/${service}:mutate`,
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'developer-token': developerToken,
        'login-customer-id': options.loginCustomerId ?? undefined,
      },
      secretValues: [accessToken, developerToken],
      timeoutMs: options.timeoutMs ?? GOOGLE_ADS_TIMEOUT_MS,
      classify: googleClassify,
      log,
    });
    return data;
  };
  const budgetOf = (row: Record<string, Record<string, unknown>> | undefined): GoogleBudget | null => {
    const budget = row?.campaignBudget;
    if (typeof budget?.resourceName !== 'string') return null;
    return {
      campaignName: typeof row?.campaign?.name === 'string' ? row.campaign.name : null,
      resourceName: budget.resourceName,
      amountMicros: Number(budget.amountMicros ?? 0),
    };
  };

  return {
    campaignBudget: async (campaignId) => {
      const rows = await ads.searchAll(
        customer,
        `SELECT campaign.id, campaign.name, campaign_budget.resource_name, campaign_budget.amount_micros FROM campaign WHERE campaign.id = ${digits(campaignId, 'a campaign id')}`,
      );
      const found = budgetOf(rows[0]);
      if (!found) throw notFound(`campaign ${campaignId} has no budget this user can read`);
      return found;
    },
    anyBudget: async () => {
      const rows = await ads.searchAll(
        customer,
        'SELECT campaign.id, campaign.name, campaign_budget.resource_name, campaign_budget.amount_micros FROM campaign LIMIT 1',
      );
      return budgetOf(rows[0]);
    },
    setBudget: async (resourceName, amountMicros, { validateOnly = false } = {}) => {
      await mutate('campaignBudgets', {
        operations: [{ update: { resourceName, amountMicros: String(amountMicros) }, updateMask: 'amount_micros' }],
        ...(validateOnly ? { validateOnly: true } : {}),
      });
    },
    adGroupAd: async (key) => {
      const name = /^customers\/\d{10}\/adGroupAds\/(\d+~\d+)$/.exec(key)?.[1] ?? key;
      const [group, ad] = name.includes('~') ? name.split('~') : [undefined, name];
      const rows = await ads.searchAll(
        customer,
        `SELECT ad_group_ad.resource_name, ad_group_ad.status, ad_group_ad.ad.id, ad_group_ad.ad.name FROM ad_group_ad WHERE ad_group_ad.ad.id = ${digits(ad ?? '', 'an ad id')}`,
      );
      const match = rows
        .map((r) => r.adGroupAd as Record<string, unknown> | undefined)
        .find((r) => group === undefined || String(r?.resourceName ?? '').endsWith(`/${group}~${ad}`));
      if (!match || typeof match.resourceName !== 'string') throw notFound(`ad ${name} not found`);
      const inner = match.ad as Record<string, unknown> | undefined;
      return {
        resourceName: match.resourceName,
        name: typeof inner?.name === 'string' ? inner.name : null,
        status: String(match.status ?? 'UNKNOWN'),
      };
    },
    setAdStatus: async (resourceName, status) => {
      await mutate('adGroupAds', { operations: [{ update: { resourceName, status }, updateMask: 'status' }] });
    },
  };
}
