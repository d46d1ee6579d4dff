import type { GhlContact, GhlLocationData, GhlOpportunity } from './location-data.js';

// The two listings a sync pages through: POST /contacts/search (search-after cursors, filters, sort) and the
// documented GET /opportunities/search (startAfter/startAfterId cursors in `meta`).

export type Reply = { status: number; body: unknown };

export const unprocessable = (...messages: string[]): Reply => ({
  status: 422,
  body: { statusCode: 422, message: messages, error: 'Unprocessable Entity' },
});
export const badRequest = (message: string): Reply => ({ status: 400, body: { statusCode: 400, message } });

/** The contacts search's page size limit (standard and cursor paging alike). */
const MAX_PAGE_LIMIT = 500;
/** Standard paging (`page` × `pageLimit`) reaches this many records at most; beyond it only `searchAfter` does. */
const MAX_STANDARD_WINDOW = 10_000;
const DATE_FIELDS = ['dateAdded', 'dateUpdated'] as const;
type DateField = (typeof DATE_FIELDS)[number];

type Filter = { field?: unknown; operator?: unknown; value?: unknown; group?: unknown; filters?: unknown };
type Range = { gte?: unknown; gt?: unknown; lte?: unknown; lt?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A predicate for one filter (or group) of the search body, or the 422 that GoHighLevel answers for it. */
const compile = (filter: Filter): ((c: GhlContact) => boolean) | Reply => {
  if (filter.group !== undefined) {
    if (!Array.isArray(filter.filters)) return unprocessable('filters must be an array');
    const parts = filter.filters.map((f) => compile(f as Filter));
    const failed = parts.find((p) => typeof p !== 'function');
    if (failed) return failed as Reply;
    const tests = parts as ((c: GhlContact) => boolean)[];
    return filter.group === 'OR' ? (c) => tests.some((t) => t(c)) : (c) => tests.every((t) => t(c));
  }
  const { field, operator, value } = filter;
  if (typeof field !== 'string') return unprocessable('filters.field must be a string');
  if (DATE_FIELDS.includes(field as DateField)) {
    if (operator === 'exists') return () => true;
    if (operator !== 'range' || !isRecord(value)) return unprocessable(`${field} supports range and exists`);
    const bound = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? new Date(v).getTime() : undefined);
    const { gte, gt, lte, lt } = value as Range;
    const limits = [bound(gte), bound(gt), bound(lte), bound(lt)];
    if (limits.every((l) => l === undefined) || limits.some((l) => l !== undefined && Number.isNaN(l)))
      return unprocessable(`${field} range needs gte, gt, lte or lt as dates`);
    const [a, b, c, d] = limits;
    return (contact) => {
      const t = Date.parse(contact[field as DateField]);
      return (
        (a === undefined || t >= a) &&
        (b === undefined || t > b) &&
        (c === undefined || t <= c) &&
        (d === undefined || t < d)
      );
    };
  }
  if (field === 'email' && (operator === 'eq' || operator === 'not_eq') && typeof value === 'string') {
    const wanted = value.trim().toLowerCase();
    return operator === 'eq' ? (c) => c.emailLowerCase === wanted : (c) => c.emailLowerCase !== wanted;
  }
  if (field === 'tags' && (operator === 'eq' || operator === 'contains') && typeof value === 'string')
    return (c) => c.tags.includes(value);
  return unprocessable(`Unsupported filter: ${field} ${String(operator)}`);
};

type Sort = { field: DateField; direction: 'asc' | 'desc' };

/** `POST /contacts/search`: `{ contacts, total }`, each contact carrying its `searchAfter` cursor. */
export const searchContacts = (data: GhlLocationData, body: Record<string, unknown>): Reply => {
  const { pageLimit, page, searchAfter, filters = [], sort = [], query } = body;
  if (typeof pageLimit !== 'number' || !Number.isInteger(pageLimit) || pageLimit < 1)
    return unprocessable('pageLimit must be a positive integer');
  if (pageLimit > MAX_PAGE_LIMIT) return unprocessable(`pageLimit must not be greater than ${MAX_PAGE_LIMIT}`);
  if (page !== undefined && searchAfter !== undefined) return badRequest('Use either page or searchAfter, not both');
  if (page !== undefined && (typeof page !== 'number' || !Number.isInteger(page) || page < 1))
    return unprocessable('page must be a positive integer');
  if (searchAfter !== undefined && (!Array.isArray(searchAfter) || searchAfter.length !== 2))
    return unprocessable('searchAfter must be an array of two values');
  if (!Array.isArray(filters) || !Array.isArray(sort)) return unprocessable('filters and sort must be arrays');
  if (query !== undefined && (typeof query !== 'string' || query.length > 75))
    return unprocessable('query must be at most 75 characters');

  const tests: ((c: GhlContact) => boolean)[] = [];
  for (const f of filters) {
    const test = compile(f as Filter);
    if (typeof test !== 'function') return test;
    tests.push(test);
  }
  const order: Sort[] = [];
  for (const s of sort) {
    if (!isRecord(s) || !DATE_FIELDS.includes(s.field as DateField) || !['asc', 'desc'].includes(s.direction as string))
      return unprocessable('sort supports dateAdded and dateUpdated, asc or desc');
    order.push({ field: s.field as DateField, direction: s.direction as Sort['direction'] });
  }
  // GoHighLevel's default order: newest added first.
  const by: Sort = order[0] ?? { field: 'dateAdded', direction: 'desc' };
  const needle = typeof query === 'string' ? query.trim().toLowerCase() : '';
  const matching = data.contacts.filter(
    (c) =>
      tests.every((t) => t(c)) &&
      (needle === '' || c.fullNameLowerCase.includes(needle) || c.emailLowerCase.includes(needle)),
  );
  const key = (c: GhlContact): [number, string] => [Date.parse(c[by.field]), c.id];
  const sign = by.direction === 'asc' ? 1 : -1;
  const compare = (a: [number, string], b: [number, string]) =>
    sign * (a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  matching.sort((a, b) => compare(key(a), key(b)));

  let from = 0;
  if (Array.isArray(searchAfter)) {
    const cursor: [number, string] = [Number(searchAfter[0]), String(searchAfter[1])];
    if (!Number.isFinite(cursor[0])) return unprocessable('searchAfter must start with a number');
    from = matching.findIndex((c) => compare(key(c), cursor) > 0);
    if (from < 0) from = matching.length;
  } else if (typeof page === 'number') {
    from = (page - 1) * pageLimit;
    if (from + pageLimit > MAX_STANDARD_WINDOW)
      return unprocessable(`page × pageLimit cannot exceed ${MAX_STANDARD_WINDOW}: use searchAfter`);
  }
  const contacts = matching.slice(from, from + pageLimit).map((c) => ({ ...c, searchAfter: key(c) }));
  return { status: 200, body: { contacts, total: matching.length } };
};

const MAX_OPPORTUNITY_LIMIT = 100;
const STATUSES = ['open', 'won', 'lost', 'abandoned', 'all'];

/** `GET /opportunities/search`: `{ opportunities, meta: { total, nextPageUrl, startAfterId, startAfter, … } }`. */
export const searchOpportunities = (data: GhlLocationData, params: URLSearchParams, origin: string): Reply => {
  const limitText = params.get('limit');
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1) return unprocessable('limit must be a positive integer');
  if (limit > MAX_OPPORTUNITY_LIMIT) return unprocessable(`limit must not be greater than ${MAX_OPPORTUNITY_LIMIT}`);
  const status = params.get('status') ?? 'all';
  if (!STATUSES.includes(status)) return unprocessable(`status must be one of ${STATUSES.join(', ')}`);
  const order = params.get('order') ?? 'added_desc';
  if (order !== 'added_desc' && order !== 'added_asc') return unprocessable('order must be added_asc or added_desc');
  const startAfter = params.get('startAfter');
  const startAfterId = params.get('startAfterId');
  if ((startAfter === null) !== (startAfterId === null) || (startAfter !== null && !/^\d+$/.test(startAfter)))
    return unprocessable('startAfter (a time in ms) and startAfterId go together');
  const pipeline = params.get('pipeline_id');
  const contact = params.get('contact_id');
  const matching = data.opportunities.filter(
    (o) =>
      (status === 'all' || o.status === status) &&
      (!pipeline || o.pipelineId === pipeline) &&
      (!contact || o.contactId === contact),
  );
  const key = (o: GhlOpportunity): [number, string] => [Date.parse(o.createdAt), o.id];
  const sign = order === 'added_asc' ? 1 : -1;
  const compare = (a: [number, string], b: [number, string]) =>
    sign * (a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  matching.sort((a, b) => compare(key(a), key(b)));
  let from = 0;
  if (startAfter !== null && startAfterId !== null) {
    const cursor: [number, string] = [Number(startAfter), startAfterId];
    from = matching.findIndex((o) => compare(key(o), cursor) > 0);
    if (from < 0) from = matching.length;
  }
  const page = matching.slice(from, from + limit);
  const last = page.at(-1);
  const more = last !== undefined && from + page.length < matching.length;
  const next = new URLSearchParams(params);
  if (last) {
    next.set('startAfter', String(key(last)[0]));
    next.set('startAfterId', last.id);
  }
  const currentPage = Math.floor(from / limit) + 1;
  return {
    status: 200,
    body: {
      opportunities: page,
      meta: {
        total: matching.length,
        nextPageUrl: more ? `${origin}/opportunities/search?${next}` : null,
        startAfterId: more ? last.id : null,
        startAfter: more ? key(last)[0] : null,
        currentPage,
        nextPage: more ? currentPage + 1 : null,
        prevPage: currentPage > 1 ? currentPage - 1 : null,
      },
      aggregations: {},
    },
  };
};
