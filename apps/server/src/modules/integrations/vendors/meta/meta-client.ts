import type { Logger } from 'pino';
import { type MetaUsage, metaGraphClassify, parseMetaUsage } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';
import {
  META_EFFECTIVE_STATUSES,
  META_FIELDS,
  META_INSIGHT_FIELDS,
  META_STATUS_FILTERED_KINDS,
  type MetaAdAccount,
  type MetaInsightRow,
  type MetaListKind,
  type MetaObject,
} from './meta-fields.js';

export * from './meta-fields.js';

/**
 * The Graph API version every request pins (the path prefix). Meta keeps each version about two years; changing it
 * may change field names and defaults, so it lives only here.
 */
export const META_GRAPH_API_VERSION = 'v25.0';
/** Insights pages can take Meta a while to compute; lists are quick. */
export const META_TIMEOUT_MS = 60_000;

/**
 * How hard to brake before Meta throttles, from its usage headers: the highest percentage any of them shows, and a
 * pause to take before the next call (none under 75 %, growing to 30 s at 99 %, and Meta's own estimate or a
 * minute at 100 %).
 */
export type MetaThrottleHint = { usagePercent: number; pauseMs: number; usage: MetaUsage | undefined };

/** One page; `nextCursor` (Graph's `paging.cursors.after`) continues it while `hasMore` (`paging.next` present). */
export type MetaPage<T> = { items: T[]; hasMore: boolean; nextCursor: string | null; throttle: MetaThrottleHint };

export type MetaInsightsJobStatus = {
  id: string;
  /** Job Not Started, Job Started, Job Running, Job Completed, Job Failed, Job Skipped. */
  status: string;
  percent: number;
  done: boolean;
  failed: boolean;
  throttle: MetaThrottleHint;
};

export type MetaClient = {
  me(): Promise<{ id: string; name: string }>;
  /** Every ad account the token can read (all pages). */
  adAccounts(): Promise<MetaAdAccount[]>;
  /** One ad account, by `act_<digits>` or its digits. */
  adAccount(accountId: string): Promise<MetaAdAccount>;
  /** One page of an ad-account edge, archived and deleted campaigns, ad sets and ads included. */
  listPage(
    kind: MetaListKind,
    accountId: string,
    options?: { after?: string | null; fields?: readonly string[]; limit?: number },
  ): Promise<MetaPage<MetaObject>>;
  /**
   * Daily ad-level rows of a few days (archived and deleted ads' included), answered at once; larger ranges go
   * through an insights job, which takes the same query.
   */
  insightsPage(
    accountId: string,
    options: InsightsOptions & { after?: string | null },
  ): Promise<MetaPage<MetaInsightRow>>;
  startInsightsJob(
    accountId: string,
    options: InsightsOptions,
  ): Promise<{ reportRunId: string; throttle: MetaThrottleHint }>;
  insightsJobStatus(reportRunId: string): Promise<MetaInsightsJobStatus>;
  insightsJobPage(
    reportRunId: string,
    options?: { after?: string | null; limit?: number },
  ): Promise<MetaPage<MetaInsightRow>>;
};

/** Dates as `YYYY-MM-DD` in the ad account's time zone, both included. */
export type InsightsOptions = { since: string; until: string; fields?: readonly string[]; limit?: number };

type GraphPage<T> = { data?: T[]; paging?: { cursors?: { before?: string; after?: string }; next?: string } };

/**
 * The throttle hint of an answer's usage headers. `nextStep` is how many points the next call may add (the largest
 * step a call has added so far): when it would take the usage past 95 %, the pause also covers the time for the
 * usage to fall back to 90 % at the rate the headers' reset time implies, so one costly call (an insights page)
 * cannot carry the usage from under 75 % to the limit.
 */
export const throttleHint = (headers: Headers, nextStep = 0): MetaThrottleHint => {
  const usage = parseMetaUsage(headers);
  const percent = usage?.percent ?? 0;
  let pauseMs = 0;
  if (percent >= 100) pauseMs = usage?.retryAfterMs ?? 60_000;
  else {
    // Under the limit, the usage headers' reset time (X-Ad-Account-Usage `reset_time_duration`: seconds until the
    // score is back to 0) bounds the pause: waiting longer than that buys nothing.
    const resetMs = usage?.retryAfterMs;
    const curve = percent >= 75 ? Math.round(((percent - 75) / 24) ** 2 * 30_000) : 0;
    const drain =
      resetMs && percent > 0 && percent + nextStep > 95
        ? Math.round((resetMs * (percent + nextStep - 90)) / percent)
        : 0;
    pauseMs = Math.max(curve, drain);
    if (resetMs) pauseMs = Math.min(pauseMs, resetMs);
  }
  return { usagePercent: percent, pauseMs, usage };
};

const ACCOUNT = /^(?:act_)?(\d{1,20})$/;
// List parameters travel as JSON arrays, as the business SDKs send them.
const EVERY_STATUS = JSON.stringify(META_EFFECTIVE_STATUSES);
const EVERY_AD_STATUS = JSON.stringify([
  { field: 'ad.effective_status', operator: 'IN', value: META_EFFECTIVE_STATUSES },
]);
const AD_ACCOUNT_FIELDS = 'id,account_id,name,currency,timezone_name,account_status';
const NODE_ID = /^\d{1,25}$/;

/** A Graph client for one user access token. It never retries: the sync decides what a failure means. */
export const createMetaClient = ({
  accessToken,
  baseUrl,
  timeoutMs = META_TIMEOUT_MS,
  log,
}: {
  accessToken: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): MetaClient => {
  const call = <T>(
    path: string,
    query: Record<string, string | number | undefined> = {},
    method: 'GET' | 'POST' = 'GET',
  ) =>
    vendorRequest<T>({
      vendor: 'meta',
      baseUrl,
      path: `${META_GRAPH_API_VERSION}/${path}`,
      method,
      // POST parameters travel form-encoded in the body, as the business SDKs send them.
      ...(method === 'POST' ? { body: query, encoding: 'form' as const } : { query }),
      // In a header, never the URL: URLs end up in logs, proxies and our error messages.
      headers: { authorization: `Bearer ${accessToken}` },
      secretValues: [accessToken],
      timeoutMs,
      classify: metaGraphClassify,
      log,
    });

  // How far one call has moved the usage at most, to foresee the next (an insights page costs more than a list).
  let lastPercent: number | undefined;
  let largestStep = 0;
  const hint = (headers: Headers) => {
    const percent = parseMetaUsage(headers)?.percent ?? 0;
    if (lastPercent !== undefined) largestStep = Math.max(largestStep, percent - lastPercent);
    lastPercent = percent;
    return throttleHint(headers, largestStep);
  };

  const toPage = <T>(data: GraphPage<T>, headers: Headers): MetaPage<T> => {
    const hasMore = typeof data.paging?.next === 'string';
    const after = data.paging?.cursors?.after ?? null;
    return {
      items: data.data ?? [],
      hasMore: hasMore && after !== null,
      nextCursor: hasMore ? after : null,
      throttle: hint(headers),
    };
  };
  const insightsQuery = ({ since, until, fields = META_INSIGHT_FIELDS, limit = 500 }: InsightsOptions) => ({
    level: 'ad',
    time_increment: 1,
    time_range: JSON.stringify({ since, until }),
    fields: fields.join(','),
    // Without it, level=ad leaves out the days of ads archived or deleted since (meta-fields.ts).
    filtering: EVERY_AD_STATUS,
    limit,
  });
  const edgePage = async <T>(path: string, query: Record<string, string | number | undefined>) => {
    const { data, headers } = await call<GraphPage<T>>(path, query);
    return toPage(data, headers);
  };

  return {
    me: async () => (await call<{ id: string; name: string }>('me', { fields: 'id,name' })).data,
    adAccounts: async () => {
      const accounts: MetaAdAccount[] = [];
      let after: string | null = null;
      do {
        const page: MetaPage<MetaAdAccount> = await edgePage<MetaAdAccount>('me/adaccounts', {
          fields: AD_ACCOUNT_FIELDS,
          limit: 100,
          after: after ?? undefined,
        });
        accounts.push(...page.items);
        after = page.nextCursor;
      } while (after);
      return accounts;
    },
    adAccount: async (accountId) =>
      (await call<MetaAdAccount>(accountNode(accountId), { fields: AD_ACCOUNT_FIELDS })).data,
    listPage: async (kind, accountId, { after, fields = META_FIELDS[kind], limit = 200 } = {}) =>
      edgePage<MetaObject>(`${accountNode(accountId)}/${kind}`, {
        fields: fields.join(','),
        // Archived and deleted objects too: their insight rows name them (meta-fields.ts).
        effective_status: META_STATUS_FILTERED_KINDS.has(kind) ? EVERY_STATUS : undefined,
        limit,
        after: after ?? undefined,
      }),
    insightsPage: async (accountId, options) =>
      edgePage<MetaInsightRow>(`${accountNode(accountId)}/insights`, {
        ...insightsQuery(options),
        after: options.after ?? undefined,
      }),
    startInsightsJob: async (accountId, options) => {
      const { data, headers } = await call<{ report_run_id?: string }>(
        `${accountNode(accountId)}/insights`,
        insightsQuery(options),
        'POST',
      );
      if (typeof data.report_run_id !== 'string') throw unexpected('an insights job without report_run_id');
      return { reportRunId: data.report_run_id, throttle: hint(headers) };
    },
    insightsJobStatus: async (reportRunId) => {
      const { data, headers } = await call<{ id: string; async_status?: string; async_percent_completion?: number }>(
        nodeId(reportRunId),
        { fields: 'id,async_status,async_percent_completion' },
      );
      const status = data.async_status ?? 'Job Not Started';
      return {
        id: data.id,
        status,
        percent: data.async_percent_completion ?? 0,
        done: status === 'Job Completed',
        failed: status === 'Job Failed' || status === 'Job Skipped',
        throttle: hint(headers),
      };
    },
    insightsJobPage: async (reportRunId, { after, limit = 500 } = {}) =>
      edgePage<MetaInsightRow>(`${nodeId(reportRunId)}/insights`, { limit, after: after ?? undefined }),
  };
};

const unexpected = (what: string) =>
  new VendorError({ vendor: 'meta', kind: 'transient', status: 200, message: `meta answered ${what}` });

/** `act_<digits>` from `act_123` or `123`; anything else would put a caller's text into the request path. */
export const accountNode = (accountId: string): string => {
  const match = ACCOUNT.exec(accountId);
  if (!match)
    throw new VendorError({
      vendor: 'meta',
      kind: 'invalid',
      status: undefined,
      message: 'meta: not an ad account id',
    });
  return `act_${match[1]}`;
};

const nodeId = (id: string): string => {
  if (!NODE_ID.test(id))
    throw new VendorError({ vendor: 'meta', kind: 'invalid', status: undefined, message: 'meta: not a Graph node id' });
  return id;
};
