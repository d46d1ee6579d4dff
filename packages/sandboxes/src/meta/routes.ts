import type { GraphObject, MetaAccountData } from './account-data.js';
import { type GraphErrorReply, graphErrors } from './errors.js';
import type { MetaSandboxContext, MetaTokenGrant } from './handler.js';
import { decodeCursor, encodeCursor, type MetaKind, parseFields, parseMetaId } from './ids.js';
import { type DayRange, dayRange, INSIGHT_FIELDS, insightPage } from './insights.js';
import { readRun, runStatus } from './jobs.js';
import { edgeStatuses, insightStatuses } from './statuses.js';
import { writeObject } from './writes.js';

export type GraphReply = { status: number; body: unknown };
type Reply = GraphReply | GraphErrorReply;
export type GraphCall = {
  method: string;
  segments: string[];
  params: URLSearchParams;
  grant: MetaTokenGrant;
  origin: string;
  version: string | undefined;
  token: string;
};

const LISTS = ['campaigns', 'adsets', 'ads', 'adcreatives'] as const satisfies readonly MetaKind[];
/** The edges Graph filters by effective status (ad creatives have no such parameter), by the filter's entity name. */
const ENTITY: Partial<Record<MetaKind, 'campaign' | 'adset' | 'ad'>> = {
  campaigns: 'campaign',
  adsets: 'adset',
  ads: 'ad',
};
const NODE: Record<string, string> = {
  campaigns: 'Campaign',
  adsets: 'AdSet',
  ads: 'Ad',
  adcreatives: 'AdCreative',
};
// Fields Graph knows on each node that the sandbox leaves unset (Graph omits unset fields from its answers).
const UNSET: Record<string, readonly string[]> = {
  campaigns: ['daily_budget', 'lifetime_budget', 'stop_time', 'bid_strategy', 'spend_cap', 'budget_remaining'],
  adsets: ['daily_budget', 'lifetime_budget', 'end_time', 'bid_amount', 'budget_remaining'],
  ads: ['tracking_specs', 'preview_shareable_link', 'bid_amount'],
  adcreatives: ['image_url', 'image_hash', 'video_id', 'link_url', 'effective_object_story_id'],
  account: ['amount_spent', 'balance', 'business', 'spend_cap', 'timezone_offset_hours_utc'],
};
const ok = (body: unknown): GraphReply => ({ status: 200, body });

/** `GET /me/permissions`: the permissions the user granted the app (ads_management only on tokens that may write). */
const permissionsOf = (grant: MetaTokenGrant) => [
  { permission: 'public_profile', status: 'granted' },
  ...(grant.ads ? [{ permission: 'ads_read', status: 'granted' }] : []),
  ...(grant.manage ? [{ permission: 'ads_management', status: 'granted' }] : []),
  ...(grant.ads ? [{ permission: 'business_management', status: 'granted' }] : []),
];
// An object projected with Graph's own `body` and `status` fields (a creative) is not an error: only a reply whose
// status is a number and whose body holds `error` is.
const isError = (value: unknown): value is GraphErrorReply =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  typeof (value as { body?: { error?: unknown } }).body?.error === 'object';

/** The object with only the requested fields (`id` when none are), or the error for a field the node lacks. */
const project = (object: GraphObject, fields: string[] | undefined, node: string, unset: readonly string[] = []) => {
  if (!fields) return { id: object.id };
  const out: GraphObject = {};
  for (const field of fields) {
    if (field in object) out[field] = object[field];
    else if (!unset.includes(field)) return graphErrors.nonexistingField(field, node);
  }
  return out;
};

const parseLimit = (params: URLSearchParams): number | GraphErrorReply => {
  const raw = params.get('limit');
  if (raw === null) return 25;
  if (!/^\d+$/.test(raw)) return graphErrors.invalidParameter(`Param limit must be a non-negative integer`);
  return Math.min(Math.max(Number(raw), 1), 5000);
};

const parseAfter = (params: URLSearchParams): number | GraphErrorReply => {
  const after = params.get('after');
  if (after === null) return 0;
  const position = decodeCursor(after);
  return position === undefined ? graphErrors.invalidParameter('The after cursor is not valid') : position + 1;
};

/** A Graph edge page: `{ data, paging: { cursors: { before, after }, next? } }`, with the token in `next` as Graph does. */
const page = (call: GraphCall, path: string, data: GraphObject[], first: number, last: number, more: boolean) => {
  if (data.length === 0) return ok({ data });
  const cursors = { before: encodeCursor(first), after: encodeCursor(last) };
  const nextParams = new URLSearchParams(call.params);
  nextParams.set('access_token', call.token);
  nextParams.set('after', cursors.after);
  const prefix = call.version ? `/${call.version}` : '';
  return ok({ data, paging: { cursors, ...(more ? { next: `${call.origin}${prefix}/${path}?${nextParams}` } : {}) } });
};

/** Routes a request whose token and limits have been checked. */
export const routeGraph = (ctx: MetaSandboxContext, call: GraphCall): Reply => {
  const { method, segments, params, grant } = call;
  const [node, edge, ...rest] = segments;
  const fields = parseFields(params.get('fields'));
  if (!node || rest.length > 0) return graphErrors.unknownPath(`/${segments.join('/')}`);

  if (node === 'me' && method === 'GET') {
    if (edge === undefined) return ok(project(ctx.user, fields ?? ['id', 'name'], 'User'));
    if (edge === 'permissions') return ok({ data: permissionsOf(grant) });
    if (edge !== 'adaccounts') return graphErrors.unknownPath(edge);
    if (!grant.ads) return graphErrors.noAdsPermission();
    return listPage(call, 'me/adaccounts', ctx.accounts.length, (i) => ctx.accounts[i]!.account(), fields, 'AdAccount');
  }

  const account = node.startsWith('act_') ? ctx.accounts.find((a) => a.id === node) : undefined;
  if (node.startsWith('act_')) {
    if (!account) return graphErrors.unsupportedGet(node);
    if (!grant.ads) return graphErrors.noAdsPermission();
    if (edge === undefined && method === 'GET')
      return ok(project(account.account(), fields, 'AdAccount', UNSET.account));
    if (edge === 'insights' && (method === 'GET' || method === 'POST')) return accountInsights(ctx, call, account);
    const kind = LISTS.find((k) => k === edge);
    if (!kind || method !== 'GET') return graphErrors.unknownPath(edge ?? '');
    const entity = ENTITY[kind];
    const statuses = entity ? edgeStatuses(params, entity) : null;
    if (isError(statuses)) return statuses;
    return listPage(
      call,
      `${node}/${kind}`,
      account.count(kind),
      (i) => account.object(kind, i),
      fields,
      NODE[kind]!,
      UNSET[kind],
      statuses && kind !== 'adcreatives' ? (i) => statuses.has(account.effectiveStatus(kind, i)) : undefined,
    );
  }

  const pixel = ctx.pixels.get(node);
  if (pixel) {
    // A token that cannot use the pixel is told it does not exist, as Graph hides objects a token may not see.
    if (!grant.ads) return method === 'POST' ? graphErrors.unsupportedPost(node) : graphErrors.unsupportedGet(node);
    if (edge === undefined && method === 'GET') return ctx.pixels.read(pixel, params);
    if (edge === 'events' && method === 'POST') return ctx.pixels.receive(pixel, params, ctx.now());
    return graphErrors.unknownPath(`/${segments.join('/')}`);
  }

  const parsed = parseMetaId(node);
  const owner = parsed ? ctx.accounts[parsed.account] : undefined;
  if (parsed && owner && method === 'POST' && edge === undefined && parsed.index < owner.count(parsed.kind)) {
    return writeObject(owner, parsed.kind, parsed.index, params, grant, Math.floor(ctx.now() / 1000), node);
  }
  if (!parsed || !owner || method !== 'GET') {
    return method === 'POST' ? graphErrors.unsupportedPost(node) : graphErrors.unsupportedGet(node);
  }
  if (!grant.ads) return graphErrors.noAdsPermission();
  if (parsed.kind === 'report_runs') {
    const run = ctx.runs.get(node);
    if (!run) return graphErrors.unsupportedGet(node);
    if (edge === undefined) return ok(readRun(run));
    if (edge !== 'insights') return graphErrors.unknownPath(edge);
    const { status } = runStatus(run);
    if (status === 'Job Failed') return graphErrors.unknown();
    if (status !== 'Job Completed') return graphErrors.jobNotReady();
    return insightRows(call, `${node}/insights`, run.account, run);
  }
  if (edge !== undefined || parsed.index >= owner.count(parsed.kind)) return graphErrors.unsupportedGet(node);
  return ok(project(owner.object(parsed.kind, parsed.index), fields, NODE[parsed.kind]!, UNSET[parsed.kind]));
};

/** A page of an edge: up to `limit` objects from the cursor on, leaving out those `shown` refuses (cursors are indexes). */
const listPage = (
  call: GraphCall,
  path: string,
  count: number,
  objectAt: (index: number) => GraphObject,
  fields: string[] | undefined,
  node: string,
  unset: readonly string[] = [],
  shown: (index: number) => boolean = () => true,
): Reply => {
  const limit = parseLimit(call.params);
  if (isError(limit)) return limit;
  const from = parseAfter(call.params);
  if (isError(from)) return from;
  const data: GraphObject[] = [];
  let first = -1;
  let last = from - 1;
  for (let i = from; i < count && data.length < limit; i++) {
    if (!shown(i)) continue;
    const projected = project(objectAt(i), fields, node, unset);
    if (isError(projected)) return projected;
    data.push(projected);
    if (first < 0) first = i;
    last = i;
  }
  let ahead = last + 1;
  while (ahead < count && !shown(ahead)) ahead++;
  return page(call, path, data, first, last, ahead < count);
};

type InsightQuery = { range: DayRange; fields: string[]; statuses: ReadonlySet<string> };

/**
 * The query of an insights request: level=ad, time_increment=1, a time_range (default the last 30 days), and the
 * ad effective statuses of its `filtering` (default: not archived or deleted).
 */
const insightQuery = (account: MetaAccountData, params: URLSearchParams): InsightQuery | GraphErrorReply => {
  const level = params.get('level') ?? 'ad';
  if (level !== 'ad') return graphErrors.invalidParameter(`The sandbox answers level=ad only, not ${level}`);
  const increment = params.get('time_increment') ?? '1';
  if (increment !== '1') return graphErrors.invalidParameter('The sandbox answers time_increment=1 only');
  let range: DayRange = { from: account.spec.days - 30, to: account.spec.days - 1 };
  const raw = params.get('time_range');
  if (raw !== null) {
    let value: { since?: unknown; until?: unknown } = {};
    try {
      value = JSON.parse(raw);
    } catch {}
    const date = /^\d{4}-\d{2}-\d{2}$/;
    if (
      typeof value.since !== 'string' ||
      typeof value.until !== 'string' ||
      !date.test(value.since) ||
      !date.test(value.until)
    )
      return graphErrors.invalidParameter('time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}');
    if (value.since > value.until) return graphErrors.invalidParameter('time_range since must not be after until');
    range = dayRange(account, value.since, value.until);
  }
  const fields = parseFields(params.get('fields')) ?? ['impressions', 'spend'];
  const unknown = fields.find((f) => !(INSIGHT_FIELDS as readonly string[]).includes(f));
  if (unknown) return graphErrors.nonexistingField(unknown, 'AdsInsights');
  const statuses = insightStatuses(params);
  if (isError(statuses)) return statuses;
  return { range, fields, statuses };
};

const accountInsights = (ctx: MetaSandboxContext, call: GraphCall, account: MetaAccountData): Reply => {
  const query = insightQuery(account, call.params);
  if (isError(query)) return query;
  if (call.method === 'POST') {
    return ok({ report_run_id: ctx.runs.create(account, query, ctx.now()).id });
  }
  const positions = Math.max(0, query.range.to - query.range.from + 1) * account.spec.ads;
  if (positions > ctx.syncInsightsMaxRows) return graphErrors.tooMuchData();
  return insightRows(call, `${account.id}/insights`, account, query);
};

const insightRows = (call: GraphCall, path: string, account: MetaAccountData, query: InsightQuery) => {
  const { range, fields, statuses } = query;
  const limit = parseLimit(call.params);
  if (isError(limit)) return limit;
  const from = parseAfter(call.params);
  if (isError(from)) return from;
  if (range.from > range.to) return ok({ data: [] });
  const { rows, next, first, last } = insightPage(account, range, fields, from, limit, statuses);
  return page(call, path, rows, first, last, next !== undefined);
};
