import { drawFor } from '../stripe/random.js';
import type { GoogleAccountData } from './account-data.js';
import { isoDay, todayIn } from './spec.js';

// GA4 Data API v1beta `properties/{id}:runReport` and `:runRealtimeReport` for the event reports a connect test asks
// for: dimensions eventName, isKeyEvent, date; metrics eventCount, keyEvents (the 2024 name of conversions). Field
// names and the response shape from developers.google.com/analytics/devguides/reporting/data/v1 (RunReportResponse,
// API schema); the event names are those GA4 collects on a website with enhanced measurement and e-commerce.

/** Events per session on a day, and whether the property marks them as key events. */
export const GA4_EVENTS: readonly { name: string; perSession: number; key: boolean }[] = [
  { name: 'page_view', perSession: 3.1, key: false },
  { name: 'session_start', perSession: 1, key: false },
  { name: 'user_engagement', perSession: 2.2, key: false },
  { name: 'first_visit', perSession: 0.62, key: false },
  { name: 'scroll', perSession: 1.3, key: false },
  { name: 'view_item', perSession: 0.9, key: false },
  { name: 'add_to_cart', perSession: 0.14, key: false },
  { name: 'begin_checkout', perSession: 0.07, key: false },
  { name: 'purchase', perSession: 0.028, key: true },
  { name: 'generate_lead', perSession: 0.018, key: true },
];

const DIMENSIONS = ['eventName', 'isKeyEvent', 'date'] as const;
const METRICS = ['eventCount', 'keyEvents'] as const;
const REALTIME_DIMENSIONS = ['eventName', 'isKeyEvent'] as const;
const SCHEMA_NOTE =
  'For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema';

export class Ga4Error extends Error {}

type Named = { name?: unknown };
export type Ga4Request = {
  dateRanges?: { startDate?: unknown; endDate?: unknown }[];
  dimensions?: Named[];
  metrics?: Named[];
  limit?: unknown;
  offset?: unknown;
  keepEmptyRows?: unknown;
};

/** Sessions of the account's site on a day (Unix seconds of its UTC midnight), the same for the same seed. */
const sessionsOn = (data: GoogleAccountData, dayStart: number) =>
  drawFor(data.seed, `ga4:${data.spec.index}:sessions`, Math.floor(dayStart / 86_400)).int(180, 420);

/** The count of an event on a day. */
export const eventCountOn = (data: GoogleAccountData, event: number, dayStart: number): number => {
  const spec = GA4_EVENTS[event]!;
  const d = drawFor(data.seed, `ga4:${data.spec.index}:event:${spec.name}`, Math.floor(dayStart / 86_400));
  return Math.round(sessionsOn(data, dayStart) * spec.perSession * (0.85 + d.float() * 0.3));
};

/** A GA4 date (`YYYY-MM-DD`, `today`, `yesterday`, `NdaysAgo`) as Unix seconds of its day in the property's zone. */
export const ga4Day = (value: unknown, today: number): number => {
  const text = typeof value === 'string' ? value : '';
  if (text === 'today') return today;
  if (text === 'yesterday') return today - 86_400;
  const ago = /^(\d+)daysAgo$/.exec(text);
  if (ago) return today - Number(ago[1]) * 86_400;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)))
    return Date.parse(`${text}T00:00:00Z`) / 1000;
  throw new Ga4Error(`Invalid date '${text.slice(0, 40)}'. Use YYYY-MM-DD, today, yesterday or NdaysAgo.`);
};

const names = (items: Named[] | undefined, allowed: readonly string[], kind: 'dimension' | 'metric') =>
  (items ?? []).map((item) => {
    const name = typeof item?.name === 'string' ? item.name : '';
    if (!allowed.includes(name)) throw new Ga4Error(`Field ${name} is not a valid ${kind}. ${SCHEMA_NOTE}`);
    return name;
  });

type Counted = { dims: string[]; metrics: number[] };

/** The report's rows (grouped by the dimensions, biggest first metric first), paged by limit and offset. */
const answer = (
  kind: 'runReport' | 'runRealtimeReport',
  dims: string[],
  mets: string[],
  groups: Map<string, Counted>,
  request: Ga4Request,
  data: GoogleAccountData,
) => {
  const keepEmpty = request.keepEmptyRows === true;
  const rows = [...groups.values()].filter((r) => keepEmpty || r.metrics.some((m) => m !== 0));
  rows.sort((a, b) => (b.metrics[0] ?? 0) - (a.metrics[0] ?? 0) || a.dims.join().localeCompare(b.dims.join()));
  const offset = Number(request.offset ?? 0) || 0;
  const limit = Number(request.limit ?? 10_000) || 10_000;
  const page = rows.slice(offset, offset + limit);
  return {
    dimensionHeaders: dims.map((name) => ({ name })),
    metricHeaders: mets.map((name) => ({ name, type: 'TYPE_INTEGER' })),
    ...(page.length
      ? {
          rows: page.map((r) => ({
            dimensionValues: r.dims.map((value) => ({ value })),
            metricValues: r.metrics.map((m) => ({ value: String(m) })),
          })),
        }
      : {}),
    ...(rows.length ? { rowCount: rows.length } : {}),
    metadata: { currencyCode: data.spec.currency, timeZone: data.spec.timeZone },
    kind: `analyticsData#${kind}`,
  };
};

const add = (groups: Map<string, Counted>, dims: string[], metrics: number[]) => {
  const key = dims.join('\u0000');
  const row = groups.get(key);
  if (!row) groups.set(key, { dims, metrics });
  else row.metrics = row.metrics.map((m, i) => m + metrics[i]!);
};

const metricValues = (mets: string[], count: number, key: boolean) =>
  mets.map((m) => (m === 'keyEvents' ? (key ? count : 0) : count));

/** `runReport` over the account's GA4 property. */
export const runReport = (data: GoogleAccountData, request: Ga4Request, nowMs: number) => {
  const dims = names(request.dimensions, DIMENSIONS, 'dimension');
  const mets = names(request.metrics, METRICS, 'metric');
  if (mets.length === 0) throw new Ga4Error('At least one metric is required.');
  const ranges = request.dateRanges ?? [];
  if (ranges.length !== 1) throw new Ga4Error('The sandbox serves reports over exactly one date range.');
  const today = todayIn(data.spec.timeZone, nowMs);
  const start = ga4Day(ranges[0]!.startDate, today);
  const end = Math.min(ga4Day(ranges[0]!.endDate, today), today);
  if (start > ga4Day(ranges[0]!.endDate, today)) throw new Ga4Error('The date range start is after its end.');
  const groups = new Map<string, Counted>();
  for (let day = start; day <= end; day += 86_400) {
    GA4_EVENTS.forEach((event, i) => {
      const count = eventCountOn(data, i, day);
      const values = dims.map((d) =>
        d === 'eventName' ? event.name : d === 'isKeyEvent' ? String(event.key) : isoDay(day).replaceAll('-', ''),
      );
      add(groups, values, metricValues(mets, count, event.key));
    });
  }
  return answer('runReport', dims, mets, groups, request, data);
};

/** `runRealtimeReport`: events of the last 30 minutes, a share of today's pace that moves minute by minute. */
export const runRealtimeReport = (data: GoogleAccountData, request: Ga4Request, nowMs: number) => {
  const dims = names(request.dimensions, REALTIME_DIMENSIONS, 'dimension');
  const mets = names(request.metrics, METRICS, 'metric');
  if (mets.length === 0) throw new Ga4Error('At least one metric is required.');
  const minute = Math.floor(nowMs / 60_000);
  const today = todayIn(data.spec.timeZone, nowMs);
  const groups = new Map<string, Counted>();
  GA4_EVENTS.forEach((event, i) => {
    const perMinute = eventCountOn(data, i, today) / 1440;
    let count = 0;
    for (let m = minute - 29; m <= minute; m++) {
      const d = drawFor(data.seed, `ga4:${data.spec.index}:realtime:${event.name}`, m);
      count += Math.floor(perMinute * 2 * d.float() + d.float());
    }
    const values = dims.map((d) => (d === 'eventName' ? event.name : String(event.key)));
    add(groups, values, metricValues(mets, count, event.key));
  });
  return answer('runRealtimeReport', dims, mets, groups, request, data);
};
