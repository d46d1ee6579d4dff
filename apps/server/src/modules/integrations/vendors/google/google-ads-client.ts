import type { Logger } from 'pino';
import { googleClassify } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';

/**
 * The Google Ads API version every request pins (the path prefix). Google keeps a major version about a year (v22
 * sunset on 2026-10-07; v26, released October 2026, is the one its sunset page recommends starting with), so it lives
 * only here.
 */
export const GOOGLE_ADS_API_VERSION = 'v26';
/** Reports of 10,000 rows can take Google a while. */
export const GOOGLE_ADS_TIMEOUT_MS = 60_000;
/** Rows in a search page: fixed by Google since v17 (`page_size` is refused with PAGE_SIZE_NOT_SUPPORTED). */
export const GOOGLE_ADS_PAGE_ROWS = 10_000;

/** A GoogleAdsRow in REST's JSON: nested lowerCamelCase objects, int64 values as decimal strings. */
// biome-ignore lint/suspicious/noExplicitAny: rows take the shape of their query's SELECT.
export type GoogleAdsRow = Record<string, any>;

/** One page of a search; `nextPageToken` continues the same query, absent on the last page. */
export type GoogleAdsPage = { rows: GoogleAdsRow[]; nextPageToken: string | null };

/** A customer (account) as its `customer` resource describes it. */
export type GoogleAdsCustomer = {
  id: string;
  descriptiveName: string | null;
  currencyCode: string | null;
  timeZone: string | null;
  manager: boolean;
  testAccount: boolean;
  autoTaggingEnabled: boolean;
};

export type GoogleAdsClient = {
  /** The customers the token's Google account reaches directly (10-digit ids). */
  listAccessibleCustomers(): Promise<string[]>;
  /** One page of a GAQL query on a customer. */
  search(customerId: string, query: string, pageToken?: string | null): Promise<GoogleAdsPage>;
  /** Every row of a small query (customers, client links), following page tokens. */
  searchAll(customerId: string, query: string): Promise<GoogleAdsRow[]>;
  customer(customerId: string): Promise<GoogleAdsCustomer>;
  /** The client accounts directly under a manager account. */
  clients(managerId: string): Promise<GoogleAdsCustomer[]>;
  /** The same client, calling through a manager account (`login-customer-id`). */
  through(loginCustomerId: string | null): GoogleAdsClient;
};

/** A customer id as people write it (`123-456-7890`) as the 10 digits the API takes, or undefined. */
export const normalizeCustomerId = (text: string): string | undefined => {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : undefined;
};

/** `1234567890` as Google Ads shows it: `123-456-7890`. */
export const formatCustomerId = (id: string) => `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`;

const CUSTOMER_FIELDS =
  'customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.manager, customer.test_account, customer.auto_tagging_enabled';

const toCustomer = (c: GoogleAdsRow | undefined, id: string): GoogleAdsCustomer => ({
  id: String(c?.id ?? id),
  descriptiveName: c?.descriptiveName ?? null,
  currencyCode: c?.currencyCode ?? null,
  timeZone: c?.timeZone ?? null,
  manager: c?.manager === true,
  testAccount: c?.testAccount === true,
  autoTaggingEnabled: c?.autoTaggingEnabled === true,
});

const customerPath = (id: string): string => {
  if (!/^\d{10}$/.test(id)) {
    throw new VendorError({
      vendor: 'google_ads',
      kind: 'invalid',
      status: undefined,
      message: 'google_ads: not a customer id',
    });
  }
  return `customers/${id}`;
};

/**
 * A Google Ads REST client for one OAuth access token (developers.google.com/google-ads/api/rest/overview): the token
 * as `Authorization: Bearer`, and `login-customer-id` when calling a client account through its manager. It never
 * retries: the sync decides what a failure means (googleClassify).
 */
export const createGoogleAdsClient = (options: {
  accessToken: string;
  /**
   * The operator's developer token, if one is set. Google has ignored it since 2026-09-09 (access levels come from the
   * Cloud project of the OAuth client), so the `developer-token` header is sent only when there is one.
   */
  developerToken?: string | undefined;
  loginCustomerId?: string | null;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): GoogleAdsClient => {
  const { accessToken, developerToken, baseUrl, timeoutMs = GOOGLE_ADS_TIMEOUT_MS, log } = options;
  const login = options.loginCustomerId ?? null;
  if (login !== null) customerPath(login);
  const call = <T>(path: string, body?: object) =>
    vendorRequest<T>({
      vendor: 'google_ads',
      baseUrl,
      path: `${GOOGLE_ADS_API_VERSION}/${path}`,
      method: body ? 'POST' : 'GET',
      body,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'developer-token': developerToken,
        'login-customer-id': login ?? undefined,
      },
      secretValues: [accessToken, developerToken],
      timeoutMs,
      classify: googleClassify,
      log,
    });

  const client: GoogleAdsClient = {
    listAccessibleCustomers: async () => {
      const { data } = await call<{ resourceNames?: string[] }>('customers:listAccessibleCustomers');
      return (data?.resourceNames ?? [])
        .map((name) => /^customers\/(\d{10})$/.exec(name)?.[1])
        .filter((id): id is string => id !== undefined);
    },
    search: async (customerId, query, pageToken) => {
      // page_size is not sent: Google fixes pages at 10,000 rows (Search reference, "Paging through results").
      const { data } = await call<{ results?: GoogleAdsRow[]; nextPageToken?: string }>(
        `${customerPath(customerId)}/googleAds:search`,
        { query, ...(pageToken ? { pageToken } : {}) },
      );
      return { rows: data?.results ?? [], nextPageToken: data?.nextPageToken || null };
    },
    searchAll: async (customerId, query) => {
      const rows: GoogleAdsRow[] = [];
      let token: string | null = null;
      do {
        const page: GoogleAdsPage = await client.search(customerId, query, token);
        rows.push(...page.rows);
        token = page.nextPageToken;
      } while (token);
      return rows;
    },
    customer: async (customerId) => {
      const rows = await client.searchAll(customerId, `SELECT ${CUSTOMER_FIELDS} FROM customer LIMIT 1`);
      return toCustomer(rows[0]?.customer, customerId);
    },
    clients: async (managerId) => {
      const rows = await client.searchAll(
        managerId,
        // Only clients Google still serves: a CANCELED, SUSPENDED or CLOSED one answers CUSTOMER_NOT_ENABLED.
        "SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, customer_client.manager, customer_client.test_account FROM customer_client WHERE customer_client.level = 1 AND customer_client.status = 'ENABLED'",
      );
      return rows.map((r) => toCustomer(r.customerClient, String(r.customerClient?.id ?? '')));
    },
    through: (loginCustomerId) => createGoogleAdsClient({ ...options, loginCustomerId }),
  };
  return client;
};
