import type { GoogleAccountData, GoogleDayMetrics } from './account-data.js';
import { GAQL_FIELDS, resourceOf, SELECTABLE_WITH, valueAt } from './fields.js';
import { type GaqlCondition, GaqlError, type GaqlQuery, type GaqlValue } from './gaql.js';

/** The manager account above the client accounts (an agency's MCC). */
export type GoogleManager = { id: string; name: string; currency: string; timeZone: string };

/** The account a search runs against: a client account with data, or the manager (customers and its clients only). */
export type SearchTarget =
  | { kind: 'client'; data: GoogleAccountData }
  | { kind: 'manager'; manager: GoogleManager; clients: readonly GoogleAccountData[] };

type Row = Record<string, unknown>;

/** What a checked query asks for beyond plain resource fields. */
export type GaqlFieldCheck = { wantsMetrics: boolean; segmented: boolean };

const RELATIVE: Record<string, (today: number) => [number, number]> = {
  TODAY: (t) => [t, t],
  YESTERDAY: (t) => [t - 1, t - 1],
  LAST_7_DAYS: (t) => [t - 7, t - 1],
  LAST_14_DAYS: (t) => [t - 14, t - 1],
  LAST_30_DAYS: (t) => [t - 30, t - 1],
};

/** The day range [from, to] the date conditions allow (data days: 0 = the first), or null when there are none. */
const dateRange = (data: GoogleAccountData, where: readonly GaqlCondition[]): [number, number] | null => {
  let range: [number, number] | null = null;
  const day = (v: GaqlValue) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
      throw new GaqlError('INVALID_DATE_FORMAT', `Invalid date format: ${v}. Use YYYY-MM-DD.`);
    }
    return data.dayOf(v);
  };
  const narrow = (from: number, to: number) => {
    range = range ? [Math.max(range[0], from), Math.min(range[1], to)] : [from, to];
  };
  for (const c of where) {
    if (c.field !== 'segments.date') continue;
    if (c.op === 'BETWEEN') narrow(day(c.from), day(c.to));
    else if (c.op === 'DURING') {
      const relative = RELATIVE[c.range];
      if (!relative) throw new GaqlError('INVALID_VALUE_WITH_DURING_OPERATOR', `Invalid date range: ${c.range}.`);
      const [from, to] = relative(data.spec.days - 1);
      narrow(from, to);
    } else if (c.op === '=') narrow(day(c.value), day(c.value));
    else if (c.op === '>=') narrow(day(c.value), Number.POSITIVE_INFINITY);
    else if (c.op === '>') narrow(day(c.value) + 1, Number.POSITIVE_INFINITY);
    else if (c.op === '<=') narrow(Number.NEGATIVE_INFINITY, day(c.value));
    else if (c.op === '<') narrow(Number.NEGATIVE_INFINITY, day(c.value) - 1);
    else throw new GaqlError('BAD_OPERATOR', `Operator ${c.op} cannot be used with segments.date.`);
  }
  if (range && (range[0] === Number.NEGATIVE_INFINITY || range[1] === Number.POSITIVE_INFINITY)) {
    throw new GaqlError('EXPECTED_FILTERS_ON_DATE_RANGE', 'A finite date range is required on segments.date.');
  }
  return range;
};

const sum = (items: (GoogleDayMetrics | null)[]): GoogleDayMetrics | null => {
  let total: GoogleDayMetrics | null = null;
  for (const m of items) {
    if (!m) continue;
    total ??= { impressions: 0, clicks: 0, costMicros: 0, conversions: 0, conversionsValue: 0 };
    total.impressions += m.impressions;
    total.clicks += m.clicks;
    total.costMicros += m.costMicros;
    total.conversions += m.conversions;
    total.conversionsValue += m.conversionsValue;
  }
  return total;
};

const metricsRow = (m: GoogleDayMetrics | null) => ({
  impressions: m?.impressions ?? 0,
  clicks: m?.clicks ?? 0,
  cost_micros: m?.costMicros ?? 0,
  conversions: m?.conversions ?? 0,
  conversions_value: Number((m?.conversionsValue ?? 0).toFixed(6)),
});

/**
 * The entities of a client account's resource: each row's resources, the ads whose metrics it sums, and the
 * Performance Max campaigns whose campaign-level metrics it adds (they have no ads).
 */
const entities = (data: GoogleAccountData, from: string): { row: Row; ads: number[]; pmax: number[] }[] => {
  const { adGroups, ads } = data.spec;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const customer = data.customer();
  const pmaxCampaigns = range(data.allCampaigns).filter((c) => data.isPerformanceMax(c));
  if (from === 'customer') return [{ row: { customer }, ads: range(ads), pmax: pmaxCampaigns }];
  if (from === 'campaign') {
    return range(data.allCampaigns).map((c) => ({
      row: { customer, campaign: data.campaign(c), campaign_budget: data.campaignBudget(c) },
      ads: range(ads).filter((a) => data.adCampaign(a) === c),
      pmax: data.isPerformanceMax(c) ? [c] : [],
    }));
  }
  if (from === 'ad_group') {
    return range(adGroups).map((g) => ({
      row: { customer, campaign: data.campaign(data.campaignOf(g)), ad_group: data.adGroup(g) },
      ads: range(ads).filter((a) => data.adGroupOf(a) === g),
      pmax: [],
    }));
  }
  return range(ads).map((a) => ({
    row: {
      customer,
      campaign: data.campaign(data.adCampaign(a)),
      ad_group: data.adGroup(data.adGroupOf(a)),
      ad_group_ad: data.adGroupAd(a),
    },
    ads: [a],
    pmax: [],
  }));
};

const managerRows = (target: Extract<SearchTarget, { kind: 'manager' }>, from: string): Row[] => {
  const { manager, clients } = target;
  const customer = {
    resource_name: `customers/${manager.id}`,
    id: manager.id,
    descriptive_name: manager.name,
    currency_code: manager.currency,
    time_zone: manager.timeZone,
    manager: true,
    test_account: false,
    auto_tagging_enabled: false,
    status: 'ENABLED',
  };
  if (from === 'customer') return [{ customer }];
  if (from !== 'customer_client') return [];
  const client = (
    id: string,
    name: string,
    currency: string,
    timeZone: string,
    isManager: boolean,
    level: number,
    status = 'ENABLED',
  ) => ({
    customer,
    customer_client: {
      resource_name: `customers/${manager.id}/customerClients/${id}`,
      client_customer: `customers/${id}`,
      id,
      descriptive_name: name,
      currency_code: currency,
      time_zone: timeZone,
      manager: isManager,
      level,
      hidden: false,
      test_account: false,
      status,
    },
  });
  return [
    client(manager.id, manager.name, manager.currency, manager.timeZone, true, 0),
    ...clients.map((c) =>
      client(c.spec.customerId, c.spec.descriptiveName, c.spec.currency, c.spec.timeZone, false, 1, c.spec.status),
    ),
  ];
};

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const na = Number(a);
  const nb = Number(b);
  if (typeof a === 'string' && /^\d+$/.test(a) && typeof b !== 'boolean' && !Number.isNaN(nb)) return na - nb;
  return String(a).localeCompare(String(b));
};

const like = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('%', '.*')
      .replaceAll('_', '.')}$`,
    'i',
  );

const matches = (row: Row, c: GaqlCondition): boolean => {
  const value = valueAt(row, c.field);
  switch (c.op) {
    case 'IS NULL':
      return value === undefined || value === null;
    case 'IS NOT NULL':
      return value !== undefined && value !== null;
    case 'IN':
      return c.values.some((v) => compare(value, v) === 0);
    case 'NOT IN':
      return !c.values.some((v) => compare(value, v) === 0);
    case 'LIKE':
      return like(c.value).test(String(value ?? ''));
    case 'NOT LIKE':
      return !like(c.value).test(String(value ?? ''));
    case 'BETWEEN':
      return compare(value, c.from) >= 0 && compare(value, c.to) <= 0;
    case 'DURING':
      return true; // applied through the date range
    default: {
      if (value === undefined) return false;
      const order = compare(typeof value === 'boolean' ? String(value).toUpperCase() : value, c.value);
      return {
        '=': order === 0,
        '!=': order !== 0,
        '>': order > 0,
        '>=': order >= 0,
        '<': order < 0,
        '<=': order <= 0,
      }[c.op];
    }
  }
};

/** Checks a parsed query against what its FROM resource allows; throws the QueryError Google would. */
export const checkQuery = (query: GaqlQuery, target: SearchTarget): GaqlFieldCheck => {
  const allowed = SELECTABLE_WITH[query.from];
  if (!allowed) {
    throw new GaqlError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource name ${query.from}.`);
  }
  const check = (field: string, clause: 'SELECT' | 'WHERE' | 'ORDER_BY') => {
    if (!GAQL_FIELDS[field]) throw new GaqlError('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${field}'.`);
    const resource = resourceOf(field);
    const ok =
      allowed.resources.includes(resource) || (allowed.metrics && (resource === 'metrics' || resource === 'segments'));
    if (!ok) {
      throw new GaqlError(
        `PROHIBITED_RESOURCE_TYPE_IN_${clause === 'ORDER_BY' ? 'SELECT' : clause}_CLAUSE`,
        `Cannot ${clause === 'WHERE' ? 'filter on' : 'select'} fields from the following resource: '${resource}', since the resource is not segmentable or selectable with the resource in the FROM clause.`,
      );
    }
    if (clause === 'ORDER_BY' && GAQL_FIELDS[field]!.endsWith('_list')) {
      throw new GaqlError('PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE', `The field '${field}' cannot be used in ORDER BY.`);
    }
  };
  for (const field of query.select) check(field, 'SELECT');
  for (const c of query.where) check(c.field, 'WHERE');
  for (const o of query.orderBy) check(o.field, 'ORDER_BY');
  const fields = [...query.select, ...query.where.map((c) => c.field)];
  const wantsMetrics = fields.some((x) => resourceOf(x) === 'metrics');
  const segmented = query.select.includes('segments.date');
  if (target.kind === 'manager' && wantsMetrics) {
    throw new GaqlError(
      'REQUESTED_METRICS_FOR_MANAGER',
      'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests against each client account under the manager account.',
    );
  }
  if (segmented && !query.where.some((c) => c.field === 'segments.date')) {
    throw new GaqlError(
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'A date range filter on segments.date is required when segments.date is selected.',
    );
  }
  return { wantsMetrics, segmented };
};

/** Every row a query matches, sorted and limited (before paging), as plain snake_case objects. */
export const runSearch = (query: GaqlQuery, target: SearchTarget): Row[] => {
  const { wantsMetrics, segmented } = checkQuery(query, target);
  let rows: Row[];
  if (target.kind === 'manager') rows = managerRows(target, query.from);
  else {
    const data = target.data;
    const [from, to] = dateRange(data, query.where) ?? [0, data.spec.days - 1];
    rows = [];
    for (const { row, ads, pmax } of entities(data, query.from)) {
      const on = (day: number) => [
        ...ads.map((a) => data.metrics(a, day)),
        ...pmax.map((c) => data.campaignMetrics(c, day)),
      ];
      if (!wantsMetrics && !segmented) {
        rows.push(row);
        continue;
      }
      if (!segmented) {
        const days = Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
        rows.push({ ...row, metrics: metricsRow(sum(days.flatMap(on))) });
        continue;
      }
      for (let day = Math.max(0, from); day <= Math.min(to, data.spec.days - 1); day++) {
        const m = sum(on(day));
        // A day the entity did not serve on has no row, as in Google Ads.
        if (!m || m.impressions === 0) continue;
        rows.push({ ...row, metrics: metricsRow(m), segments: { date: data.dateOf(day) } });
      }
    }
  }
  const where = query.where.filter((c) => c.field !== 'segments.date');
  rows = rows.filter((row) => where.every((c) => matches(row, c)));
  if (query.orderBy.length > 0) {
    rows.sort((a, b) => {
      for (const { field, desc } of query.orderBy) {
        const order = compare(valueAt(a, field) ?? '', valueAt(b, field) ?? '');
        if (order !== 0) return desc ? -order : order;
      }
      return 0;
    });
  }
  return query.limit === null ? rows : rows.slice(0, query.limit);
};
