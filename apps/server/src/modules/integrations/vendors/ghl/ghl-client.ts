import type { Logger } from 'pino';
import { goHighLevelClassify } from '../../vendor-classifiers.js';
import { type Classifier, isRecord, VendorError, vendorRequest } from '../../vendor-http.js';
import type {
  GhlContact,
  GhlCustomField,
  GhlLocation,
  GhlOpportunity,
  GhlPage,
  GhlPipeline,
  GhlRateState,
} from './ghl-types.js';

export type * from './ghl-types.js';

export const GHL_DEFAULT_API_URL = 'https://services.leadconnectorhq.com';
/**
 * The `Version` header every endpoint the sync calls documents (enum ["2021-07-28"] for locations, contacts search,
 * pipelines and opportunities search in GoHighLevel/highlevel-api-docs). Changing it may change shapes: only here.
 */
export const GHL_API_VERSION = '2021-07-28';
export const GHL_TIMEOUT_MS = 30_000;
/** The contacts search's largest page is 500; 100 keeps a page of contacts with their custom fields small. */
export const GHL_CONTACTS_PAGE = 100;
/** `GET /opportunities/search`: "will allow maximum up to 100". */
export const GHL_OPPORTUNITIES_PAGE = 100;
/** GoHighLevel does not say when the daily allowance comes back; an hour, then try again. */
const DAILY_PAUSE_MS = 3_600_000;
/** The longest pause taken in place when the burst window runs low (longer waits end the slice instead). */
const MAX_PACE_MS = 2_000;

/** GoHighLevel's ids: letters, digits (and `-`, `_` for safety); anything else never reaches a path. */
const LOCATION_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isGhlLocationId = (id: string) => LOCATION_ID.test(id);

export type GhlClient = {
  readonly locationId: string;
  /** `GET /locations/{locationId}`. */
  location(): Promise<GhlLocation>;
  /** `GET /locations/{locationId}/customFields?model=contact`. */
  contactCustomFields(): Promise<GhlCustomField[]>;
  /** `GET /opportunities/pipelines?locationId=`: every pipeline with its stages. */
  pipelines(): Promise<GhlPipeline[]>;
  /** `POST /contacts/search`, from a cursor; only contacts updated since `updatedSince` when given. */
  contactsPage(options?: {
    cursor?: string | null;
    pageLimit?: number;
    updatedSince?: Date | null;
  }): Promise<GhlPage<GhlContact>>;
  /** `GET /opportunities/search?location_id=&status=all`, from a cursor. */
  opportunitiesPage(options?: { cursor?: string | null; limit?: number }): Promise<GhlPage<GhlOpportunity>>;
  /** The rate-limit headers of the last answer. */
  rateLimit(): GhlRateState | undefined;
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const numberHeader = (headers: Headers, name: string) => {
  const value = headers.get(name);
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The rate state an answer's `X-RateLimit-*` headers give (HighLevel "Rate Limits"), or undefined without them. */
export function readGhlRateHeaders(headers: Headers, at = Date.now()): GhlRateState | undefined {
  const state = {
    max: numberHeader(headers, 'x-ratelimit-max'),
    remaining: numberHeader(headers, 'x-ratelimit-remaining'),
    intervalMs: numberHeader(headers, 'x-ratelimit-interval-milliseconds'),
    dailyLimit: numberHeader(headers, 'x-ratelimit-limit-daily'),
    dailyRemaining: numberHeader(headers, 'x-ratelimit-daily-remaining'),
    at,
  };
  return state.remaining === undefined && state.dailyRemaining === undefined ? undefined : state;
}

/**
 * How long to wait before the next call, from the last answer's rate headers: nothing while the burst window has
 * room; spread what is left over the window's rest when a tenth or less remains (at most MAX_PACE_MS); and a refusal
 * to call at all (`stop`) when the window or the day is spent, so the sync pauses instead of being refused.
 */
export function ghlPace(rate: GhlRateState | undefined, now = Date.now()): { waitMs: number; stop?: VendorError } {
  if (!rate) return { waitMs: 0 };
  const elapsed = now - rate.at;
  if (rate.dailyRemaining === 0 && elapsed < DAILY_PAUSE_MS) {
    return {
      waitMs: 0,
      stop: new VendorError({
        vendor: 'gohighlevel',
        kind: 'rate_limited',
        status: undefined,
        message: "gohighlevel: this location's daily request allowance is spent",
        retryAfterMs: DAILY_PAUSE_MS - elapsed,
        vendorCode: 'daily',
      }),
    };
  }
  const interval = rate.intervalMs ?? 10_000;
  if (rate.remaining === undefined || elapsed >= interval) return { waitMs: 0 };
  const rest = interval - elapsed;
  if (rate.remaining <= 0) {
    return {
      waitMs: 0,
      stop: new VendorError({
        vendor: 'gohighlevel',
        kind: 'rate_limited',
        status: undefined,
        message: `gohighlevel: the burst allowance (${rate.max ?? '?'} requests per ${interval} ms) is spent`,
        retryAfterMs: rest,
        vendorCode: 'burst',
      }),
    };
  }
  const floor = Math.max(1, Math.floor((rate.max ?? 100) / 10));
  if (rate.remaining > floor) return { waitMs: 0 };
  return { waitMs: Math.min(MAX_PACE_MS, Math.ceil(rest / rate.remaining)) };
}

type ContactsCursor = { searchAfter: unknown[] } | { page: number };
type OpportunitiesCursor = { startAfter: number | string; startAfterId: string } | { page: number };

const parseCursor = <T>(cursor: string | null | undefined): T | null => {
  if (!cursor) return null;
  try {
    return JSON.parse(cursor) as T;
  } catch {
    return null;
  }
};

/**
 * A GoHighLevel API v2 client for one location and one token (a Private Integration token or a location OAuth token).
 * The token travels only as `Authorization: Bearer` and is redacted from every error and log line. It never
 * retries; it paces itself by the rate headers and refuses to call when an allowance is spent (a `rate_limited`
 * VendorError with the wait), so the sync pauses instead of being throttled.
 */
export function createGhlClient({
  apiKey,
  locationId,
  baseUrl = GHL_DEFAULT_API_URL,
  timeoutMs = GHL_TIMEOUT_MS,
  log,
}: {
  apiKey: string;
  locationId: string;
  baseUrl?: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): GhlClient {
  let rate: GhlRateState | undefined;
  const note = (headers: Headers) => {
    rate = readGhlRateHeaders(headers) ?? rate;
  };
  const classify: Classifier = (status, body, headers) => {
    note(headers);
    return goHighLevelClassify(status, body, headers);
  };
  const invalidLocation = () =>
    new VendorError({
      vendor: 'gohighlevel',
      kind: 'invalid',
      status: undefined,
      message: 'gohighlevel: a location id is letters and digits',
      vendorCode: 'location',
    });

  const call = async <T>(
    path: string,
    options: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<T> => {
    if (!isGhlLocationId(locationId)) throw invalidLocation();
    const pace = ghlPace(rate);
    if (pace.stop) throw pace.stop;
    if (pace.waitMs > 0) await sleep(pace.waitMs);
    const answer = await vendorRequest<T>({
      vendor: 'gohighlevel',
      baseUrl,
      path,
      method: options.body === undefined ? 'GET' : 'POST',
      query: options.query,
      body: options.body,
      headers: { authorization: `Bearer ${apiKey}`, version: GHL_API_VERSION },
      secretValues: [apiKey],
      timeoutMs,
      classify,
      log,
    });
    note(answer.headers);
    return answer.data;
  };
  const location = encodeURIComponent(locationId);

  return {
    locationId,
    rateLimit: () => rate,

    async location() {
      const data = await call<{ location?: GhlLocation }>(`locations/${location}`);
      if (!isRecord(data?.location)) throw malformed('location');
      return data.location as GhlLocation;
    },

    async contactCustomFields() {
      const data = await call<{ customFields?: GhlCustomField[] }>(`locations/${location}/customFields`, {
        query: { model: 'contact' },
      });
      return Array.isArray(data?.customFields) ? data.customFields.filter((f) => isRecord(f) && f.id) : [];
    },

    async pipelines() {
      const data = await call<{ pipelines?: GhlPipeline[] }>('opportunities/pipelines', { query: { locationId } });
      if (!Array.isArray(data?.pipelines)) throw malformed('pipelines');
      return data.pipelines.filter((p) => isRecord(p) && typeof p.id === 'string');
    },

    async contactsPage({ cursor, pageLimit = GHL_CONTACTS_PAGE, updatedSince } = {}) {
      const from = parseCursor<ContactsCursor>(cursor);
      // Search Contacts (the recommended listing; GET /contacts/ is deprecated): searchAfter pages past 10,000 and
      // must not be sent with `page`; the filters go with every page.
      const body = {
        locationId,
        pageLimit,
        ...(from && 'searchAfter' in from ? { searchAfter: from.searchAfter } : {}),
        ...(from && 'page' in from ? { page: from.page } : {}),
        ...(updatedSince
          ? { filters: [{ field: 'dateUpdated', operator: 'range', value: { gte: updatedSince.toISOString() } }] }
          : {}),
      };
      const data = await call<{ contacts?: GhlContact[]; total?: number; searchAfter?: unknown[] }>('contacts/search', {
        body,
      });
      if (!Array.isArray(data?.contacts)) throw malformed('contacts');
      const items = data.contacts.filter((c) => isRecord(c) && typeof c.id === 'string');
      const last = items.at(-1);
      // Each contact carries its cursor; some answers also give one for the page.
      const after = Array.isArray(last?.searchAfter) ? last.searchAfter : data.searchAfter;
      const full = items.length >= pageLimit;
      const next: ContactsCursor | null = !full
        ? null
        : Array.isArray(after) && after.length > 0
          ? { searchAfter: after }
          : { page: (from && 'page' in from ? from.page : 1) + 1 };
      return {
        items,
        hasMore: next !== null,
        nextCursor: next ? JSON.stringify(next) : null,
        total: typeof data.total === 'number' ? data.total : undefined,
      };
    },

    async opportunitiesPage({ cursor, limit = GHL_OPPORTUNITIES_PAGE } = {}) {
      const from = parseCursor<OpportunitiesCursor>(cursor);
      const data = await call<{
        opportunities?: GhlOpportunity[];
        meta?: {
          total?: number;
          nextPageUrl?: string | null;
          startAfter?: number | string | null;
          startAfterId?: string | null;
          currentPage?: number | null;
          nextPage?: number | null;
        };
      }>('opportunities/search', {
        query: {
          location_id: locationId,
          limit,
          // Every status: won and lost opportunities are the revenue and the losses.
          status: 'all',
          ...(from && 'page' in from
            ? { page: from.page }
            : from
              ? { startAfter: from.startAfter, startAfterId: from.startAfterId }
              : {}),
        },
      });
      if (!Array.isArray(data?.opportunities)) throw malformed('opportunities');
      const items = data.opportunities.filter((o) => isRecord(o) && typeof o.id === 'string');
      const meta = data.meta ?? {};
      // The cursor is meta's startAfter/startAfterId; without them, the page number meta's nextPage gives (the
      // endpoint documents both). nextPageUrl (an absolute URL of GoHighLevel's own host) is only read as "there is
      // more", never followed.
      const more = items.length > 0 && meta.nextPageUrl !== null;
      const next: OpportunitiesCursor | null = !more
        ? null
        : typeof meta.startAfterId === 'string' &&
            meta.startAfterId !== '' &&
            meta.startAfter !== null &&
            meta.startAfter !== undefined
          ? { startAfter: meta.startAfter, startAfterId: meta.startAfterId }
          : typeof meta.nextPage === 'number' && meta.nextPage > (from && 'page' in from ? from.page : 1)
            ? { page: meta.nextPage }
            : null;
      return {
        items,
        hasMore: next !== null,
        nextCursor: next ? JSON.stringify(next) : null,
        total: typeof meta.total === 'number' ? meta.total : undefined,
      };
    },
  };
}

const malformed = (what: string) =>
  new VendorError({
    vendor: 'gohighlevel',
    kind: 'transient',
    status: 200,
    message: `gohighlevel answered without ${what}`,
  });

/** What a failure means to the sync and the connect check: its kind, GoHighLevel's own words, and the wait. */
export function classifyGhlError(error: unknown): {
  kind: 'auth' | 'permission' | 'rate_limited' | 'transient' | 'invalid';
  message: string;
  retryAfterMs?: number;
  vendorCode?: string;
} {
  if (error instanceof VendorError) {
    // The vendor's own words, without our request line (method and address).
    const detail = /answered (\d+): (.*)$/s.exec(error.message);
    const message = detail
      ? `GoHighLevel answered ${detail[1]}: ${detail[2]}`
      : error.message.replace(/^gohighlevel:? /, '');
    return {
      kind: error.kind === 'not_found' ? 'invalid' : error.kind,
      message,
      retryAfterMs: error.retryAfterMs,
      vendorCode: error.vendorCode,
    };
  }
  return { kind: 'transient', message: error instanceof Error ? error.message : String(error) };
}
