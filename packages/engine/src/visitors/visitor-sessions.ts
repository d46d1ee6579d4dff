import type { SignalEvent } from '../signals/signal-state.js';
import { clickedDuring, completeSdkData } from './sdk-fields.js';
import { sha1 } from './sha1.js';
import { storableText } from './storable-text.js';

// Sessions decided on the server, and the events the SDK used to derive in the browser (rage clicks,
// hesitations, revisits, focus durations, thank-you-page conversions, whether a hover was clicked), and the
// fields it no longer fills in (a page view's path, a scroll report's velocity). Pure: the caller loads a visitor's
// state, passes the visitor's new events, stores the slices and saves the returned state (only over the
// version it was planned from, else under a lock: decision 0012).
// The ingest writer runs it on every batch without a session id; the Neuromind fitting tools run it on the
// simulator's traffic, so the model is fitted on the events the server stores.

/** A visitor's event as the server holds it: validated, on the server clock, its data also as stored JSON. */
export type VisitorEvent = {
  id: string;
  type: string;
  /** Client clock, epoch ms. */
  ts: number;
  /** Server clock. */
  occurredAt: Date;
  url?: string;
  title?: string;
  el?: string;
  data?: Record<string, unknown>;
  dataJson: string | null;
};

/** A stored event in the form the engine's folds read (`at` on the server clock). */
export const toSignalEvent = (e: VisitorEvent): SignalEvent => ({
  id: e.id,
  type: e.type,
  at: e.occurredAt.getTime(),
  url: e.url ?? null,
  title: e.title ?? null,
  el: e.el ?? null,
  data: e.data ?? {},
});

/** An open burst of clicks: its first click (place, element, page, id), its last click's times, its size. */
type Burst = {
  id: string;
  x: number;
  y: number;
  el?: string;
  url?: string;
  title?: string;
  t: number;
  ts: number;
  n: number;
};

/** A page's scroll reports: [url, anchor time, anchor count, previous report's time, its count]. */
type ScrollEntry = [url: string, at: number, ac: number, pt: number | null, pc: number | null];

/** The current session and what its derivations remember; reset with every new session. */
type SessionState = {
  id: string;
  /** First and last event times (server clock, ms). */
  f: number;
  l: number;
  /** Paths viewed in this session (at most 200), for `revisit`. */
  p: string[];
  b?: Burst;
  /** Time of the last form field focus, for a blur's `dur`. */
  fo?: number;
  /** Client time of the last click, for a call-to-action hover's `clicked`. */
  lc?: number;
  /** Per page, oldest first (at most 20), for `scroll_back_forth`. */
  sc?: ScrollEntry[];
};

/** JSON-serialisable; stored per (business, visitor). Another version is read as no state. */
export type VisitorState = { v: 1; s?: SessionState };

export type DeriveOptions = {
  businessId: string;
  visitorId: string;
  /** Session timeout (site setting, e.g. 1_800_000). */
  timeoutMs: number;
  /** The site has hesitation_detection on: derive hesitation events. */
  hesitations: boolean;
  /** The site is in 'full' mode: derive thank-you-page conversions. */
  autoConversions: boolean;
};

export type Landing = Partial<
  Record<
    'referrer' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content' | 'fbclid' | 'gclid',
    string
  >
>;

export type SessionSlice = {
  sessionId: string;
  /** True when these events started the session (it did not exist in the state): landing facts apply. */
  started: boolean;
  /** {} when not started or nothing found. */
  landing: Landing;
  /** The visitor's own events in this session, time order, data possibly amended. */
  events: VisitorEvent[];
  /** Events the server made, time order. */
  derived: VisitorEvent[];
};

const RAGE_MS = 1000;
const RAGE_PX = 30;
const MAX_PATHS = 200;
const MAX_SCROLL_PAGES = 20;
const SCROLL_WINDOW_MS = 4000;
/** Far more than 2 s of scrolling can hold (the SDK measured every 100 ms): a bound on a forged count. */
const MAX_SCROLL_HESITATIONS = 10;
const HOVER_NO_CLICK_MS = 2000;
const THANK_YOU = /thank-you|thanks|order-confirmation|success/;
const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'fbclid', 'gclid'];

/** The namespace of `uuidFrom` (a fixed random UUID): ids made here never collide with another scheme's. */
const NAMESPACE = Uint8Array.from('3f1d9c6e8a2b4e7f9d0c5b6a7e8f1a2b'.match(/../g)!, (byte) =>
  Number.parseInt(byte, 16),
);
const utf8 = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
// uuidFrom's message (the namespace, then the name's UTF-8), reused: allocating it cost as much as hashing.
let message = new Uint8Array(256);
message.set(NAMESPACE);
let nameBytes = message.subarray(NAMESPACE.length);

/**
 * A deterministic UUID from a name (v5 layout: SHA-1 of the namespace, then the name as UTF-8), so retries
 * and replays get the same id; the same ids node:crypto's digest gave.
 */
export function uuidFrom(name: string): string {
  // A UTF-16 code unit takes at most 3 bytes of UTF-8 (a surrogate pair 4 bytes for 2 units).
  const capacity = NAMESPACE.length + name.length * 3;
  if (message.length < capacity) {
    message = new Uint8Array(2 * capacity);
    message.set(NAMESPACE);
    nameBytes = message.subarray(NAMESPACE.length);
  }
  const { written } = utf8.encodeInto(name, nameBytes);
  const h = sha1(message, NAMESPACE.length + written);
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  let x = '';
  for (let i = 0; i < 16; i++) x += HEX[h[i]!];
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const byTime = (a: VisitorEvent, b: VisitorEvent) => a.occurredAt.getTime() - b.occurredAt.getTime();

/** A copy of an event with new data: inputs are never mutated, and `dataJson` stays the stored form. */
const amend = (e: VisitorEvent, data: Record<string, unknown>): VisitorEvent => ({
  ...e,
  data,
  dataJson: JSON.stringify(data),
});

/** An event the server made from `src` (its times and page), with an id replays reproduce. */
function derive(
  src: { ts: number; occurredAt: Date; url?: string; title?: string; el?: string },
  type: VisitorEvent['type'],
  name: string,
  data: Record<string, unknown>,
): VisitorEvent {
  const { ts, occurredAt, url, title, el } = src;
  return { id: uuidFrom(name), type, ts, occurredAt, url, title, el, data, dataJson: JSON.stringify(data) };
}

/** Ends the open burst; one of 3 or more clicks is a rage click, dated at its last click. */
function closeBurst(s: SessionState, out: VisitorEvent[]): void {
  const b = s.b;
  if (!b) return;
  if (b.n >= 3) {
    const src = { ts: b.ts, occurredAt: new Date(b.t), url: b.url, title: b.title, el: b.el };
    out.push(derive(src, 'rage_click', `rage_click|${b.id}`, { count: b.n }));
  }
  delete s.b;
}

/**
 * `scroll_back_forth`: 3 direction reversals within about 4 s. Reports only give a running count every ~2 s,
 * so the window is anchored at an earlier report and slides to the previous one when it grows past 4 s.
 */
function scrollReport(s: SessionState, e: VisitorEvent, t: number, c: number, out: VisitorEvent[]): void {
  const url = e.url ?? '';
  s.sc ??= [];
  const pages = s.sc;
  const i = pages.findIndex((p) => p[0] === url);
  const entry = i >= 0 ? pages.splice(i, 1)[0]! : undefined;
  let at = t;
  let ac = 0;
  if (entry) {
    const [, eat, eac, pt, pc] = entry;
    [at, ac] = [eat, eac];
    // The count only grows on a page: a smaller one means it restarted (the previous report is the latest).
    if (c < (pc ?? eac)) [at, ac] = [t, 0];
    else if (t - at > SCROLL_WINDOW_MS && pt !== null && pc !== null) [at, ac] = [pt, pc];
  }
  const k = Math.min(MAX_SCROLL_HESITATIONS, Math.floor((c - ac) / 3));
  if (k > 0) {
    const src = { ts: e.ts, occurredAt: e.occurredAt, url: e.url, title: e.title };
    for (let j = 0; j < k; j++)
      out.push(derive(src, 'hesitation', `scroll_back_forth|${e.id}|${j}`, { kind: 'scroll_back_forth' }));
    [at, ac] = [t, c];
  }
  pages.push([url, at, ac, t, c]);
  if (pages.length > MAX_SCROLL_PAGES) pages.shift();
}

/**
 * The derivations that remember: rage clicks, revisits, focus time, scroll reversals, whether a hover was
 * clicked. Returns the event, amended.
 */
function deriveStateful(
  s: SessionState,
  e: VisitorEvent,
  t: number,
  o: DeriveOptions,
  out: VisitorEvent[],
): VisitorEvent {
  const d = e.data ?? {};
  if (e.type === 'click') {
    s.lc = e.ts;
    const { x, y } = d;
    const b = s.b;
    if (isNumber(x) && isNumber(y)) {
      if (b && t - b.t < RAGE_MS && Math.hypot(x - b.x, y - b.y) < RAGE_PX) {
        b.n++;
        b.t = t;
        b.ts = e.ts;
      } else {
        closeBurst(s, out);
        s.b = { id: e.id, x, y, el: e.el, url: e.url, title: e.title, t, ts: e.ts, n: 1 };
      }
    } else closeBurst(s, out);
  } else if (s.b && (e.type === 'page_view' || e.type === 'page_hide' || t - s.b.t >= RAGE_MS)) closeBurst(s, out);

  if (e.type === 'page_view') {
    if (s.sc) s.sc = s.sc.filter((p) => p[0] !== (e.url ?? ''));
    const path = d.path;
    const revisit = typeof path === 'string' && s.p.includes(path);
    if (typeof path === 'string' && !revisit && s.p.length < MAX_PATHS) s.p.push(path);
    // The v3 SDK sends `ref` on the first page of a page load only (possibly ''), and no `spa`.
    const spa = typeof d.spa === 'boolean' ? d.spa : d.ref === undefined;
    return amend(e, { ...d, spa, revisit });
  }
  if (e.type === 'form_interaction') {
    if (d.action === 'focus') s.fo = t;
    // The focus stays after a blur, as it did in the SDK: a second blur measures from the same focus.
    else if (d.action === 'blur' && d.dur === undefined && s.fo !== undefined && t >= s.fo)
      return amend(e, { ...d, dur: t - s.fo });
  }
  if (e.type === 'scroll' && o.hesitations && isNumber(d.dir_changes)) scrollReport(s, e, t, d.dir_changes, out);
  return e.type === 'cta_hover' ? withClicked(e, s.lc) : e;
}

/** A call-to-action hover without `clicked` (the SDK leaves it to the server) with it, from the last click. */
const withClicked = (e: VisitorEvent, lastClickTs: number | undefined): VisitorEvent => {
  const d = e.data ?? {};
  return d.clicked === undefined && isNumber(d.dur)
    ? amend(e, { ...d, clicked: clickedDuring(lastClickTs, e.ts, d.dur) })
    : e;
};

/** The event with the fields the SDK leaves to the server filled in (a page view's path, a scroll's velocity). */
const completed = (e: VisitorEvent): VisitorEvent => {
  const data = completeSdkData(e.type, e.data, e.url);
  return data === e.data || data === undefined ? e : amend(e, data);
};

/** The derivations one event decides alone: hover without click, a submit on a thank-you page. */
function deriveStateless(e: VisitorEvent, o: DeriveOptions, out: VisitorEvent[]): void {
  const d = e.data ?? {};
  if (o.hesitations && e.type === 'cta_hover' && isNumber(d.dur) && d.dur >= HOVER_NO_CLICK_MS && d.clicked !== true)
    out.push(derive(e, 'hesitation', `hover_no_click|${e.id}`, { kind: 'hover_no_click', dur: d.dur }));
  if (o.autoConversions && e.type === 'form_interaction' && d.action === 'submit' && THANK_YOU.test(e.url ?? '')) {
    const name = typeof d.form === 'string' && d.form ? d.form : 'form_submit';
    out.push(derive({ ...e, el: undefined }, 'conversion', `conversion|${e.id}`, { name }));
  }
}

/**
 * A query value as PostgreSQL can store it: cut to 256 characters, and a NUL (`%00` decodes to one) or a
 * half surrogate pair (the cut may split one) replaced by U+FFFD, as the ingest body parser does.
 */
const storable = (v: string) => storableText(v.slice(0, 256));

/** Where a session came from: its first page view's referrer and its first URL's campaign parameters. */
export function landingOf(events: VisitorEvent[]): Landing {
  const landing: Landing = {};
  const ref = events.find((e) => e.type === 'page_view')?.data?.ref;
  if (typeof ref === 'string' && ref) landing.referrer = ref;
  const url = events.find((e) => e.url)?.url;
  if (!url) return landing;
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return landing;
  }
  for (const key of CAMPAIGN_KEYS) {
    const value = query.get(key);
    if (value) landing[key as keyof Landing] = storable(value);
  }
  return landing;
}

/**
 * Assigns a visitor's new events to sessions and derives the events the SDK no longer makes. An event
 * within `timeoutMs` of the current session joins it; a later one starts a new session (its id from the
 * event's, so a replay gets the same); one from well before the session (an old tab's outbox, delivered
 * late) goes to a separate session that leaves the state alone and gets only the stateless derivations.
 */
export function assignSessions(
  state: VisitorState | null,
  events: VisitorEvent[],
  o: DeriveOptions,
): { slices: SessionSlice[]; state: VisitorState } {
  const sorted = [...events].sort(byTime);
  let s = state?.v === 1 && state.s ? structuredClone(state.s) : undefined;
  const slices: SessionSlice[] = [];
  const byId = new Map<string, SessionSlice>();
  const sliceOf = (sessionId: string, started: boolean) => {
    let slice = byId.get(sessionId);
    if (!slice) {
      slice = { sessionId, started, landing: {}, events: [], derived: [] };
      byId.set(sessionId, slice);
      slices.push(slice);
    }
    return slice;
  };
  let late: SessionSlice | undefined;
  let lateAt = 0;
  let lateClick: number | undefined;

  for (const received of sorted) {
    const t = received.occurredAt.getTime();
    let e = completed(received);
    // Sorted, late events come first: the session's start only moves back to events that are not late.
    if (s && t <= s.f - o.timeoutMs) {
      if (!late || t - lateAt >= o.timeoutMs) {
        late = sliceOf(uuidFrom(`late|${o.businessId}|${o.visitorId}|${e.id}`), true);
        lateClick = undefined;
      }
      lateAt = t;
      if (e.type === 'click') lateClick = e.ts;
      e = withClicked(e, lateClick);
      late.events.push(e);
      deriveStateless(e, o, late.derived);
      continue;
    }
    if (!s || t - s.l >= o.timeoutMs) {
      // A burst left open belongs to the session that ends (which may have no other events in this call).
      if (s?.b) closeBurst(s, sliceOf(s.id, false).derived);
      s = { id: uuidFrom(`session|${o.businessId}|${o.visitorId}|${e.id}`), f: t, l: t, p: [] };
      sliceOf(s.id, true);
    } else {
      s.f = Math.min(s.f, t);
      s.l = Math.max(s.l, t);
    }
    const slice = sliceOf(s.id, false);
    e = deriveStateful(s, e, t, o, slice.derived);
    slice.events.push(e);
    deriveStateless(e, o, slice.derived);
  }

  for (const slice of slices) {
    if (slice.started) slice.landing = landingOf(slice.events);
    slice.derived.sort(byTime);
  }
  return { slices, state: s ? { v: 1, s } : { v: 1 } };
}
