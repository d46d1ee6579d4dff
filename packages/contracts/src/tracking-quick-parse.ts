// Hand-written checks for the common case of the tracking wire format, run before the zod schemas on every
// ingested batch (thousands a second). They accept a subset of what `wireBatchSchema` and `wireEventSchema`
// accept and return exactly what those would; anything they do not vouch for (an error, an unusual value)
// returns null and goes to zod, which stays the one definition of what is valid and names the field.
import { isUuid, WIRE_EVENT_TYPES, type WireBatch, type WireContext, type WireEvent } from './tracking.js';

/** A batch's envelope as `wireBatchSchema` parses it: its events not validated yet. */
export type WireEnvelope = Omit<WireBatch, 'events'> & { events: unknown[] };

const EVENT_TYPES: ReadonlySet<unknown> = new Set(WIRE_EVENT_TYPES);
const CONTEXT_TEXT: readonly (readonly [keyof WireContext, number])[] = [
  ['referrer', 2048],
  ['utm_source', 256],
  ['utm_medium', 256],
  ['utm_campaign', 256],
  ['utm_term', 256],
  ['utm_content', 256],
  ['fbclid', 512],
  ['gclid', 512],
  ['lang', 35],
  ['tz', 64],
];
const CONTEXT_SIZES: readonly ('screen_w' | 'screen_h' | 'viewport_w' | 'viewport_h')[] = [
  'screen_w',
  'screen_h',
  'viewport_w',
  'viewport_h',
];

const isPlainRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** `wireContextSchema`'s output for a context of known keys with valid values, else null. */
function quickContext(c: unknown): WireContext | null {
  if (!isPlainRecord(c)) return null;
  const out: WireContext = {};
  for (const [key, max] of CONTEXT_TEXT) {
    if (!(key in c)) continue;
    const v = c[key];
    if (!isText(v, max)) return null;
    (out as Record<string, unknown>)[key] = v;
  }
  for (const key of CONTEXT_SIZES) {
    if (!(key in c)) continue;
    const v = c[key];
    if (!isCount(v) || v > 100_000) return null;
    out[key] = v;
  }
  return out;
}

/** What `wireBatchSchema.parse(body)` returns when it surely succeeds, or null (then ask zod). */
export function quickParseEnvelope(body: unknown): WireEnvelope | null {
  if (!isPlainRecord(body)) return null;
  const { v, tracking_id, session_id, visitor_id, sent_at, context, events } = body;
  if (v !== 1 || !isText(tracking_id, 64) || typeof visitor_id !== 'string' || !isUuid(visitor_id)) return null;
  if (!isCount(sent_at) || !Array.isArray(events)) return null;
  const out: WireEnvelope = { v, tracking_id, visitor_id, sent_at, events: events.slice() };
  if ('session_id' in body) {
    if (typeof session_id !== 'string' || !isUuid(session_id)) return null;
    out.session_id = session_id;
  }
  if ('context' in body) {
    const parsed = quickContext(context);
    if (!parsed) return null;
    out.context = parsed;
  }
  return out;
}

/** What `wireEventSchema.parse(raw)` returns when it surely succeeds, or null (then ask zod). */
export function quickParseEvent(raw: unknown): WireEvent | null {
  if (!isPlainRecord(raw)) return null;
  const { id, type, ts, url, title, el, data } = raw;
  if (typeof id !== 'string' || !isUuid(id) || !EVENT_TYPES.has(type) || !isCount(ts)) return null;
  const out: WireEvent = { id, type: type as WireEvent['type'], ts };
  if ('url' in raw) {
    if (!isText(url, 2048)) return null;
    out.url = url;
  }
  if ('title' in raw) {
    if (!isText(title, 512)) return null;
    out.title = title;
  }
  if ('el' in raw) {
    if (!isText(el, 256)) return null;
    out.el = el;
  }
  if ('data' in raw) {
    // zod copies a record key by key; a `__proto__` key (JSON.parse makes it an own property) is its call.
    // The record itself is passed on uncopied: it is the parsed body's, which nothing else holds.
    if (!isPlainRecord(data) || Object.hasOwn(data, '__proto__')) return null;
    out.data = data;
  }
  return out;
}
