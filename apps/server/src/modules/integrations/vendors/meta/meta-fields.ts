// The Graph objects a Meta sync reads, by the field names of Meta's business SDKs (AdAccount, Campaign, AdSet, Ad,
// AdCreative, AdsInsights). Graph writes counts and money in insights as decimal strings.

/** The ad account edges a sync reads, by their Graph names. */
export const META_LIST_KINDS = ['campaigns', 'adsets', 'ads', 'adcreatives'] as const;
export type MetaListKind = (typeof META_LIST_KINDS)[number];

/** The fields asked for by default: Graph answers only `id` on edges unless told which fields. */
export const META_FIELDS: Record<MetaListKind, readonly string[]> = {
  campaigns: [
    'id',
    'name',
    'objective',
    'status',
    'effective_status',
    'daily_budget',
    'lifetime_budget',
    'created_time',
    'updated_time',
    'start_time',
    'stop_time',
  ],
  adsets: [
    'id',
    'name',
    'campaign_id',
    'status',
    'effective_status',
    'daily_budget',
    'lifetime_budget',
    'optimization_goal',
    'billing_event',
    'created_time',
    'updated_time',
  ],
  ads: [
    'id',
    'name',
    'adset_id',
    'campaign_id',
    'status',
    'effective_status',
    'creative',
    'created_time',
    'updated_time',
  ],
  adcreatives: [
    'id',
    'name',
    'title',
    'body',
    'object_type',
    'call_to_action_type',
    'status',
    'url_tags',
    'image_url',
    'thumbnail_url',
    'object_story_spec',
  ],
};

/**
 * Every effective status a campaign, ad set or ad can have: the enum of the `effective_status` parameter of the
 * ad-account edges (Marketing API reference, Ad Campaign Adsets; the union of Campaign, AdSet and Ad
 * EffectiveStatus in facebook-python-business-sdk). Unasked, Graph leaves archived and deleted objects out of the
 * edges ("A request with no filters returns only campaigns that were not archived or deleted") and their stats out
 * of `insights?level=ad` ("Manage your ad object's status"); an ad deleted within the 28 days a sync reads again
 * still spent in them, so a sync names every status.
 */
export const META_EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'PENDING_REVIEW',
  'DISAPPROVED',
  'PREAPPROVED',
  'PENDING_BILLING_INFO',
  'CAMPAIGN_PAUSED',
  'ARCHIVED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
] as const;

/** The edges that take `effective_status`: ad creatives have no status filter (their edge answers them all). */
export const META_STATUS_FILTERED_KINDS: ReadonlySet<MetaListKind> = new Set(['campaigns', 'adsets', 'ads']);

/** Daily ad-level figures a sync stores (AdsInsights field names). */
export const META_INSIGHT_FIELDS = [
  'account_id',
  'campaign_id',
  'adset_id',
  'ad_id',
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'actions',
  'action_values',
  'purchase_roas',
] as const;

/** `{action_type, value}` as insights write actions, action values and ROAS (values are decimal strings). */
export type MetaActionStat = { action_type: string; value: string };

/** One ad's figures for one day, as Graph writes them: counts and money as decimal strings. */
export type MetaInsightRow = {
  date_start: string;
  date_stop: string;
  account_id?: string;
  campaign_id?: string;
  adset_id?: string;
  ad_id?: string;
  spend?: string;
  impressions?: string;
  reach?: string;
  frequency?: string;
  clicks?: string;
  actions?: MetaActionStat[];
  action_values?: MetaActionStat[];
  purchase_roas?: MetaActionStat[];
  [field: string]: unknown;
};

export type MetaObject = { id: string; [field: string]: unknown };

export type MetaAdAccount = {
  id: string;
  account_id: string;
  name: string;
  currency: string;
  timezone_name: string;
  /** 1 active, 2 disabled, 3 unsettled, 7 pending risk review, 9 in grace period, 101 closed. */
  account_status: number;
};
