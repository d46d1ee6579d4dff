import { type CredentialsCheck, type FacebookAdsCredentialsBody, META_AD_ACCOUNT_ID } from '@ri/contracts';
import { VendorError } from '../../vendor-error.js';
import { createMetaClient, type MetaAdAccount, type MetaClient } from './meta-client.js';
import { dayIn } from './meta-insights-phase.js';
import { metaMessage } from './meta-sync-client.js';

/** What a Meta token needs, as the form and the errors say it (spec section 6). */
export const META_PERMISSION_HINT =
  'The token needs ads_read (or ads_management), with business_management for ad accounts a business owns, and read_insights; a system user needs the Admin or Advertiser role on the ad account.';

/** A check's findings, and what the save needs: the field at fault, or the ad account to sync. */
export type MetaAdsCheck = CredentialsCheck & {
  /** Meta could not be reached or failed: not the owner's fault. */
  unreachable?: boolean;
  /** The form field the refusal is about. */
  field?: 'accessToken' | 'adAccountId';
  /** The ad account the integration syncs (`act_<digits>`), when the token reads one. */
  account?: MetaAdAccount;
};

/** Graph `account_status` values an owner should hear about (1 is active). */
const ACCOUNT_STATUS: Record<number, string> = {
  2: 'disabled',
  3: 'unsettled (a payment is due)',
  7: 'pending risk review',
  8: 'pending settlement',
  9: 'in its grace period',
  100: 'pending closure',
  101: 'closed',
};

const NEXT_STEPS: CredentialsCheck['next_steps'] = {
  immediate: [
    'Run the first sync from the Meta Ads card: campaigns, ads and 90 days of daily ad insights are imported.',
  ],
  recommended: [
    "Keep utm_source, utm_medium, utm_campaign and utm_content in your ads' URL parameters, so visits and sales link to the ads that brought them.",
    'Use a system user token (Business Settings → System users, Admin or Advertiser role on the ad account) with ads_read: it does not expire as a user token does.',
  ],
  advanced: ['Connect the Meta Conversions API to send your tracked conversions back to Meta.'],
};

const failed = (error: string, extra: Partial<MetaAdsCheck> = {}): MetaAdsCheck => ({
  valid: false,
  error,
  account_type: 'social_ads',
  account_info: null,
  vendor_account: null,
  permission_level: null,
  capabilities: [],
  limitations: [],
  next_steps: { immediate: [], recommended: [], advanced: [] },
  userInfo: { has_ad_access: false, ad_access_error: null },
  ...extra,
});

/** A failure that says nothing about the token: Meta down, slow or throttling. */
const unreachable = (error: VendorError) =>
  failed(`Failed to connect to Facebook: ${metaMessage(error)}`, { unreachable: error.kind !== 'invalid' });

const asVendorError = (error: unknown) =>
  error instanceof VendorError
    ? error
    : new VendorError({ vendor: 'meta', kind: 'transient', status: undefined, message: metaMessage(error) });

/**
 * Checks a Meta access token with Graph: who it is (`/me`), which ad accounts it reads (`/me/adaccounts` with
 * their status, currency and time zone), the account to sync (the one asked for, else the first active one),
 * and a light read of that account's campaigns and of one day of its insights. Never throws for Meta's answer.
 *
 * Permission level: `full` when the token reads the account's campaigns and its insights (everything the sync
 * needs); `business` when it reads the ad account but Meta refuses its campaigns or its insights (a role or a
 * permission short of ads_read on it); `limited` when it reads no ad account at all (has_ad_access false).
 */
export async function checkMetaAdsToken(
  body: FacebookAdsCredentialsBody,
  baseUrl: string,
  client: MetaClient = createMetaClient({ accessToken: body.accessToken, baseUrl }),
): Promise<MetaAdsCheck> {
  const refused = (error: VendorError) =>
    failed(`Invalid credentials: ${metaMessage(error)}. Generate a new access token in Meta and connect again.`, {
      field: 'accessToken',
    });
  try {
    await client.me();
  } catch (caught) {
    const error = asVendorError(caught);
    return error.kind === 'auth' || error.kind === 'permission' ? refused(error) : unreachable(error);
  }

  let accounts: MetaAdAccount[];
  try {
    accounts = await client.adAccounts();
  } catch (caught) {
    const error = asVendorError(caught);
    if (error.kind === 'auth') return refused(error);
    if (error.kind !== 'permission') return unreachable(error);
    return limited(`${metaMessage(error)}. ${META_PERMISSION_HINT}`);
  }

  const wanted = body.adAccountId ? `act_${META_AD_ACCOUNT_ID.exec(body.adAccountId)?.[1] ?? ''}` : null;
  let account = wanted ? accounts.find((a) => a.id === wanted) : pickAccount(accounts);
  if (wanted && !account) {
    try {
      account = await client.adAccount(wanted);
    } catch (caught) {
      const error = asVendorError(caught);
      if (error.kind === 'auth') return refused(error);
      if (error.kind === 'rate_limited' || error.kind === 'transient') return unreachable(error);
      return failed(
        `This token cannot read ad account ${wanted} (${metaMessage(error)}). Check the Ad Account ID, or leave it blank to use an account the token reads. ${META_PERMISSION_HINT}`,
        { field: 'adAccountId', userInfo: { has_ad_access: accounts.length > 0, ad_access_error: metaMessage(error) } },
      );
    }
  }
  if (!account) return limited(`This token reads no ad account. ${META_PERMISSION_HINT}`);

  const capabilities = ['Read the ad account, its currency and time zone'];
  const limitations: string[] = [];
  const reads = [
    {
      capability: 'Read campaigns, ad sets, ads and creatives (names, status, budgets, texts, UTM values)',
      read: () => client.listPage('campaigns', account.id, { limit: 1, fields: ['id'] }),
    },
    {
      capability: 'Read daily ad insights: spend, impressions, reach, frequency, clicks, actions and purchase ROAS',
      read: () => {
        const yesterday = dayIn(account.timezone_name || 'UTC', new Date(Date.now() - 86_400_000));
        return client.insightsPage(account.id, { since: yesterday, until: yesterday, limit: 1, fields: ['spend'] });
      },
    },
  ];
  for (const { capability, read } of reads) {
    try {
      await read();
      capabilities.push(capability);
    } catch (caught) {
      const error = asVendorError(caught);
      if (error.kind === 'auth') return refused(error);
      if (error.kind !== 'permission') return unreachable(error);
      limitations.push(`Cannot ${capability.charAt(0).toLowerCase()}${capability.slice(1)}: ${metaMessage(error)}.`);
    }
  }
  const status = ACCOUNT_STATUS[account.account_status];
  if (status) limitations.push(`The ad account is ${status}: Meta delivers no ads from it; past figures still sync.`);
  if (!wanted && accounts.length > 1) {
    limitations.push(
      `The token reads ${accounts.length} ad accounts; this integration syncs ${account.id} (${account.name}). Enter an Ad Account ID to sync another.`,
    );
  }
  const readsAll = capabilities.length === reads.length + 1;
  return {
    valid: true,
    error: null,
    account_type: 'social_ads',
    account_info: null,
    vendor_account: {
      id: account.id,
      name: account.name ?? null,
      currency: account.currency ?? null,
      time_zone: account.timezone_name ?? null,
    },
    permission_level: readsAll ? 'full' : 'business',
    capabilities,
    limitations,
    next_steps: NEXT_STEPS,
    userInfo: { has_ad_access: true, ad_access_error: null },
    account,
  };
}

/** A valid token that reads no ad account: the spec's "limited ad access" (has_ad_access false). */
function limited(reason: string): MetaAdsCheck {
  return {
    ...failed(''),
    valid: true,
    error: null,
    permission_level: 'limited',
    limitations: [`No ad account can be read: ${reason}`],
    userInfo: { has_ad_access: false, ad_access_error: reason },
    next_steps: {
      immediate: [
        'Give the token ads_read on the ad account (or a system user the Admin or Advertiser role), then connect again.',
      ],
      recommended: [],
      advanced: [],
    },
  };
}

/** Without an Ad Account ID: the first active account the token reads, else its first. */
const pickAccount = (accounts: MetaAdAccount[]) => accounts.find((a) => a.account_status === 1) ?? accounts[0];
