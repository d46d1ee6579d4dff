import { WIRE_EVENT_TYPES, type WireBatch, type WireContext, type WireEventType } from './tracking.js';

// ───────────────────────── wire v2: the compact encoding the SDK sends ─────────────────────────
// The same batch as v1 with short names, so the browser SDK spells out fewer words (the script's gzip size
// is budgeted). The server expands a v2 body into v1 with `expandCompactBatch` before validating it, so
// `wireBatchSchema` and `wireEventSchema` stay the one definition of what is valid.
//
//   envelope  { v: 2, tracking_id, s: session_id, u: visitor_id, a: sent_at, c?: context, e: events }
//             v3 is the same without `s`: the server assigns sessions and derives (decision 0012)
//             tracking_id keeps its name: the ingest route reads it (site, allowed origins, rate limit)
//             before the body is expanded and validated
//   event     [id, type, ts, url?, title?, el?, data?]  positional; null or missing = absent
//             type: the index in WIRE_EVENT_TYPES (data keys expanded per WIRE_V2_DATA_KEYS), or the type's
//             name as a string (data sent as is: the escape for data whose keys would clash with short keys)
//   context   short keys per WIRE_V2_CONTEXT_KEYS; campaign parameters (utm_*, fbclid, gclid) keep their names
//   data      short keys per WIRE_V2_DATA_KEYS, for every type but `conversion` and `custom`, whose data is
//             the site owner's and always goes as is. Keys not in the table pass through unchanged.

/** Wire v2 context keys: short → v1 name. Keys not listed pass through unchanged. */
export const WIRE_V2_CONTEXT_KEYS = {
  r: 'referrer',
  l: 'lang',
  z: 'tz',
  sw: 'screen_w',
  sh: 'screen_h',
  vw: 'viewport_w',
  vh: 'viewport_h',
} as const satisfies Record<string, keyof WireContext>;

/**
 * Wire v2 data keys: short → v1 name, one table for every event type whose data the SDK writes (the types
 * using each key in the comments). Keys not listed (`x`, `y`) pass through unchanged.
 */
export const WIRE_V2_DATA_KEYS = {
  p: 'path', // page_view (older SDKs; the server takes it from the url)
  R: 'ref', // page_view
  S: 'spa', // page_view
  V: 'revisit', // page_view
  C: 'cta', // click
  t: 'text', // click
  h: 'href', // click
  N: 'count', // rage_click
  d: 'depth', // scroll, page_hide
  v: 'velocity', // scroll (older SDKs; the server divides dist by dur)
  c: 'dir_changes', // scroll
  u: 'dur', // cta_hover, form_interaction, viewport, hesitation, scroll
  k: 'clicked', // cta_hover (older SDKs; the server reads it from the clicks)
  a: 'action', // form_interaction
  f: 'field', // form_interaction
  o: 'form', // form_interaction
  m: 'moves', // mouse_movement
  i: 'dist', // mouse_movement, scroll
  s: 'samples', // mouse_movement
  r: 'ratio', // viewport
  n: 'kind', // hesitation
  A: 'active_ms', // page_hide
  T: 'total_ms', // page_hide
} as const;

/** Types whose data is the site owner's (`RI('conversion', …)`, `RI('track', …)`): never renamed. */
const OWNER_DATA_TYPES: readonly string[] = ['conversion', 'custom'] satisfies WireEventType[];

/** A v2 event: `[id, type, ts, url?, title?, el?, data?]`. */
export type CompactWireEvent = [
  id: string,
  type: number | WireEventType,
  ts: number,
  url?: string | null,
  title?: string | null,
  el?: string | null,
  data?: Record<string, unknown> | null,
];
/** A v2 batch; `expandCompactBatch` turns it into the v1 `WireBatch`. */
export type CompactWireBatch = {
  v: 2 | 3;
  tracking_id: string;
  s?: string;
  u: string;
  a: number;
  c?: Record<string, unknown>;
  e: CompactWireEvent[];
};

type Table = Readonly<Record<string, string>>;
const invert = (t: Table): Table => Object.fromEntries(Object.entries(t).map(([k, v]) => [v, k]));
const CONTEXT_TO_SHORT = invert(WIRE_V2_CONTEXT_KEYS);
const DATA_TO_SHORT = invert(WIRE_V2_DATA_KEYS);
const hasOwn = (t: object, k: string) => Object.hasOwn(t, k);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
// Object.fromEntries defines own properties, so a key such as `__proto__` stays data.
const rename = (o: Record<string, unknown>, t: Table) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [hasOwn(t, k) ? t[k]! : k, v]));
const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

const expandEvent = (e: unknown): unknown => {
  if (!Array.isArray(e)) return e;
  const [id, t, ts, url, title, el, data] = e as unknown[];
  const type = typeof t === 'number' ? (WIRE_EVENT_TYPES[t] ?? t) : t;
  const renamed =
    typeof t === 'number' && isRecord(data) && !OWNER_DATA_TYPES.includes(type as string)
      ? rename(data, WIRE_V2_DATA_KEYS)
      : data;
  // id, type and ts are required: kept even when missing, so validation names them.
  return { id, type, ts, ...present({ url, title, el, data: renamed }) };
};

/**
 * Turns a wire v2 body into the v1 batch it stands for (see the table above), or returns `body` unchanged
 * when it is not v2 (v1 bodies, anything malformed). Pure and total: whatever a v2 body holds, the result
 * is something `wireBatchSchema`/`wireEventSchema` accept or reject with a field named by its v1 path.
 */
export function expandCompactBatch(body: unknown): unknown {
  if (!isRecord(body) || (body.v !== 2 && body.v !== 3)) return body;
  const { tracking_id, s, u, a, c, e } = body;
  const batch: Record<string, unknown> = { v: 1, tracking_id, visitor_id: u, sent_at: a };
  // v3 sends no session id; a v2 body without one is read the same way.
  if (s !== undefined) batch.session_id = s;
  if (c !== undefined) batch.context = isRecord(c) ? rename(c, WIRE_V2_CONTEXT_KEYS) : c;
  batch.events = Array.isArray(e) ? e.map(expandEvent) : e;
  return batch;
}

/**
 * Encodes a valid v1 batch (as `wireBatchSchema` and `wireEventSchema` parse it) as v2;
 * `expandCompactBatch(compactBatch(b))` deep-equals `b`, also after a JSON round trip.
 */
export function compactBatch(batch: WireBatch): CompactWireBatch {
  const out: CompactWireBatch = {
    v: batch.session_id ? 2 : 3,
    tracking_id: batch.tracking_id,
    ...(batch.session_id ? { s: batch.session_id } : {}),
    u: batch.visitor_id,
    a: batch.sent_at,
    e: batch.events.map((e) => {
      let type: number | WireEventType = WIRE_EVENT_TYPES.indexOf(e.type);
      let data = e.data;
      if (data && !OWNER_DATA_TYPES.includes(e.type)) {
        // A key that is not in the table but reads as a short key would be renamed on the way back.
        if (Object.keys(data).some((k) => !hasOwn(DATA_TO_SHORT, k) && hasOwn(WIRE_V2_DATA_KEYS, k))) type = e.type;
        else data = rename(data, DATA_TO_SHORT);
      }
      const event: CompactWireEvent = [e.id, type, e.ts, e.url ?? null, e.title ?? null, e.el ?? null, data ?? null];
      while (event.length > 3 && event[event.length - 1] == null) event.pop();
      return event;
    }),
  };
  if (batch.context) out.c = rename(batch.context, CONTEXT_TO_SHORT);
  return out;
}
