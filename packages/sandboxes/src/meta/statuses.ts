import { type GraphErrorReply, graphErrors } from './errors.js';

// Which objects an edge or a level=ad insights request answers, by effective status. Graph leaves out archived and
// deleted campaigns, ad sets and ads unless the request names their statuses (Marketing API reference, Ad Account
// Campaigns: "A request with no filters returns only campaigns that were not archived or deleted"; Ad Set Ads:
// "When unset, defaults to not return deleted or archived ads"), and `act_<id>/insights?level=ad` leaves out the
// stats of deleted ads unless filtered on `ad.effective_status` ("Manage your ad object's status").

/**
 * The `effective_status` values Graph takes on the ad-account edges (the enum of the parameter in the Ad Campaign
 * Adsets reference; the union of Campaign, AdSet and Ad EffectiveStatus in facebook-python-business-sdk).
 */
export const EFFECTIVE_STATUSES = [
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
export type EffectiveStatus = (typeof EFFECTIVE_STATUSES)[number];

/** What a request without a status filter gets: every status but ARCHIVED and DELETED. */
export const SHOWN_BY_DEFAULT: ReadonlySet<string> = new Set(
  EFFECTIVE_STATUSES.filter((s) => s !== 'ARCHIVED' && s !== 'DELETED'),
);

const ENUM = `{${EFFECTIVE_STATUSES.join(', ')}}`;
const isError = (value: unknown): value is GraphErrorReply =>
  typeof value === 'object' && value !== null && 'body' in value;

/** A JSON array of statuses (how the business SDKs send a list parameter), or Graph's refusal naming the parameter. */
const statusList = (value: unknown, name: string): Set<string> | GraphErrorReply => {
  if (!Array.isArray(value)) return graphErrors.invalidParameter(`Param ${name} must be an array.`);
  for (const [i, status] of value.entries()) {
    if (!(EFFECTIVE_STATUSES as readonly unknown[]).includes(status))
      return graphErrors.invalidParameter(`Param ${name}[${i}] must be one of ${ENUM}`);
  }
  return new Set(value as string[]);
};

const parseJson = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

type Filter = { field?: unknown; operator?: unknown; value?: unknown };
const intersection = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((s) => b.has(s)));

/**
 * The statuses a `filtering` parameter keeps: its entries on one of `fields` with operator IN. The sandbox
 * filters on statuses only, so another entry is refused rather than ignored (a test would otherwise pass on rows
 * Graph would have left out).
 */
const filteringStatuses = (raw: string | null, fields: readonly string[]): Set<string> | GraphErrorReply | null => {
  if (raw === null) return null;
  const list = parseJson(raw);
  if (!Array.isArray(list)) return graphErrors.invalidParameter('Param filtering must be an array.');
  let kept: Set<string> | undefined;
  for (const entry of list as Filter[]) {
    if (typeof entry?.field !== 'string' || !fields.includes(entry.field) || entry.operator !== 'IN')
      return graphErrors.invalidParameter(
        `The sandbox filters on ${fields.join(' or ')} with operator IN only, not ${JSON.stringify(entry)}`,
      );
    const statuses = statusList(entry.value, 'filtering.value');
    if (isError(statuses)) return statuses;
    kept = kept ? intersection(kept, statuses) : statuses;
  }
  return kept ?? null;
};

/**
 * The statuses an edge of `entity` (campaign, adset, ad) answers: those of its `effective_status` parameter and of
 * a `filtering` on `effective_status` or `<entity>.effective_status` (both: what both keep), else the default.
 */
export const edgeStatuses = (
  params: URLSearchParams,
  entity: 'campaign' | 'adset' | 'ad',
): ReadonlySet<string> | GraphErrorReply => {
  const raw = params.get('effective_status');
  const named = raw === null ? null : statusList(parseJson(raw), 'effective_status');
  if (isError(named)) return named;
  const filtered = filteringStatuses(params.get('filtering'), ['effective_status', `${entity}.effective_status`]);
  if (isError(filtered)) return filtered;
  if (named && filtered) return intersection(named, filtered);
  return named ?? filtered ?? SHOWN_BY_DEFAULT;
};

/** The ad statuses whose rows a level=ad insights request answers: a `filtering` on `ad.effective_status`, else the default. */
export const insightStatuses = (params: URLSearchParams): ReadonlySet<string> | GraphErrorReply =>
  filteringStatuses(params.get('filtering'), ['ad.effective_status']) ?? SHOWN_BY_DEFAULT;
