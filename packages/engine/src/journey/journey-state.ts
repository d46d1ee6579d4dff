import {
  inferPageType,
  PAGE_TYPES,
  type PageType,
  type PageTypeOverride,
  pagePathOf,
  typePage,
} from '../pages/page-types.js';
import { readNumber, type SignalEvent } from '../signals/signal-state.js';
import { CTA_KINDS, type CtaKind, ctaKindOf, elementNameOf } from './element-kinds.js';

/** What a session did on pages of one type. */
export type PageTypeTally = {
  views: number;
  /** Views of a path this session had already seen. */
  revisits: number;
  /** Time on the page from its summaries (page_hide total_ms), ms. */
  dwellMs: number;
  /** Forms started (a focus on a form not already open) and abandoned. */
  forms: number;
  abandons: number;
};

/** One page view of the journey. */
export type JourneyStep = { path: string; title: string | null; page_type: PageType; at: number };

/** Hovers and clicks on calls to action of one kind. */
export type CtaTally = {
  hovers: number;
  hoverMs: number;
  /** Hovers of 2 s or more that did not end in a click. */
  lingers: number;
  clicks: number;
};

/**
 * A session's journey as the Neuromind classifier reads it: per page type, the views, revisits, dwell and
 * forms; the last JOURNEY_MAX_STEPS page views; how long marked elements were in view, by element name (at most
 * JOURNEY_MAX_ELEMENTS names, later ones pooled under JOURNEY_OTHER_ELEMENT); hovers and clicks per call-to-action kind.
 * Plain JSON of bounded size (under 6 KB) whatever the session's length.
 */
export type JourneyState = {
  v: 1;
  pageViews: number;
  byType: Record<PageType, PageTypeTally>;
  path: JourneyStep[];
  viewportMs: Record<string, number>;
  cta: Record<CtaKind, CtaTally>;
  /** Page summaries and the sum of their scroll depths (%), for the mean depth a page was read to. */
  hides: number;
  depthSum: number;
  /** The form being filled in on the current page (its name or element), null when none is open. */
  openForm: string | null;
};

/** Page views kept in `path`, most recent last. */
export const JOURNEY_MAX_STEPS = 30;
/** Distinct marked-element names kept in `viewportMs`. */
export const JOURNEY_MAX_ELEMENTS = 20;
/** Where time on marked elements beyond the first JOURNEY_MAX_ELEMENTS names goes. */
export const JOURNEY_OTHER_ELEMENT = '(other)';
/** Longest path kept in a step (UTF-8 bytes). */
export const JOURNEY_MAX_PATH = 48;
/** Longest title kept in a step (UTF-8 bytes). */
export const JOURNEY_MAX_TITLE = 24;
/** A hover this long without a click is a linger (the SDK's hover_no_click threshold). */
export const HOVER_LINGER_MS = 2000;
/** Longest duration one event may contribute (a day), so sums stay meaningful when a field is absurd. */
const MAX_EVENT_MS = 86_400_000;

/** `s` without characters JSON would escape, cut to at most `maxBytes` bytes of UTF-8 (whole characters). */
function clip(s: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || ch === '"' || ch === '\\' || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}
const ms = (v: unknown) => Math.min(MAX_EVENT_MS, readNumber(v) ?? 0);
const atOf = (e: SignalEvent) => (typeof e.at === 'number' && Number.isFinite(e.at) ? e.at : 0);
const textOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const emptyTally = (): PageTypeTally => ({ views: 0, revisits: 0, dwellMs: 0, forms: 0, abandons: 0 });
const emptyCta = (): CtaTally => ({ hovers: 0, hoverMs: 0, lingers: 0, clicks: 0 });

/** The journey of a session with no events yet. */
export function emptyJourneyState(): JourneyState {
  return {
    v: 1,
    pageViews: 0,
    byType: Object.fromEntries(PAGE_TYPES.map((t) => [t, emptyTally()])) as Record<PageType, PageTypeTally>,
    path: [],
    viewportMs: {},
    cta: Object.fromEntries(CTA_KINDS.map((k) => [k, emptyCta()])) as Record<CtaKind, CtaTally>,
    hides: 0,
    depthSum: 0,
    openForm: null,
  };
}

/** A deep copy, so a fold never touches its input. */
const copyOf = (s: JourneyState): JourneyState => ({
  ...s,
  byType: Object.fromEntries(PAGE_TYPES.map((t) => [t, { ...s.byType[t] }])) as Record<PageType, PageTypeTally>,
  path: s.path.map((p) => ({ ...p })),
  viewportMs: { ...s.viewportMs },
  cta: Object.fromEntries(CTA_KINDS.map((k) => [k, { ...s.cta[k] }])) as Record<CtaKind, CtaTally>,
});

/** The path a page view is of: its `data.path`, else its URL's. */
const viewPathOf = (e: SignalEvent): string | null => {
  const p = textOf(e.data?.path);
  return p ? pagePathOf(p) : e.url ? pagePathOf(e.url) : null;
};

/**
 * The page type an event belongs to: that of the latest page view of the event's URL path. Events sent as
 * a page is left can share their millisecond with the next page view and carry its title, so neither the
 * current page nor the title is trusted; an unseen path is typed from its URL alone.
 */
function typeOfEvent(s: JourneyState, e: SignalEvent, overrides: readonly PageTypeOverride[]): PageType {
  const path = e.url ? clip(pagePathOf(e.url), JOURNEY_MAX_PATH) : null;
  if (path !== null) {
    for (let i = s.path.length - 1; i >= 0; i--) if (s.path[i]!.path === path) return s.path[i]!.page_type;
    return inferPageType(e.url, null, overrides);
  }
  return s.path.at(-1)?.page_type ?? 'other';
}

/** Folds one event into `s` (a copy owned by the caller). */
function step(s: JourneyState, e: SignalEvent, overrides: readonly PageTypeOverride[]): void {
  const d = e.data ?? {};
  switch (e.type) {
    case 'page_view': {
      const path = viewPathOf(e);
      // A thank-you page that names no flow belongs to the flow of the page viewed before it.
      const type = typePage(e.url ?? path, e.title, overrides, s.path.at(-1)?.page_type ?? null).type;
      s.pageViews++;
      s.byType[type].views++;
      if (d.revisit === true) s.byType[type].revisits++;
      s.path.push({
        path: clip(path ?? '', JOURNEY_MAX_PATH),
        title: e.title === null ? null : clip(e.title, JOURNEY_MAX_TITLE),
        page_type: type,
        at: Math.round(atOf(e)),
      });
      if (s.path.length > JOURNEY_MAX_STEPS) s.path.shift();
      s.openForm = null;
      break;
    }
    case 'page_hide':
      s.byType[typeOfEvent(s, e, overrides)].dwellMs += ms(d.total_ms);
      s.hides++;
      s.depthSum += Math.min(100, readNumber(d.depth) ?? 0);
      break;
    case 'viewport': {
      const name = elementNameOf(e.el);
      if (name === null) break;
      const key =
        name in s.viewportMs || Object.keys(s.viewportMs).length < JOURNEY_MAX_ELEMENTS ? name : JOURNEY_OTHER_ELEMENT;
      s.viewportMs[key] = (s.viewportMs[key] ?? 0) + ms(d.dur);
      break;
    }
    case 'cta_hover': {
      const tally = s.cta[ctaKindOf(e.el)];
      const dur = ms(d.dur);
      tally.hovers++;
      tally.hoverMs += dur;
      if (dur >= HOVER_LINGER_MS && d.clicked !== true) tally.lingers++;
      break;
    }
    case 'click':
      if (d.cta === true) s.cta[ctaKindOf(e.el, textOf(d.text), textOf(d.href))].clicks++;
      break;
    case 'form_interaction': {
      const form = clip(textOf(d.form) ?? e.el ?? '', JOURNEY_MAX_PATH);
      if (d.action === 'focus' && s.openForm !== form) {
        s.byType[typeOfEvent(s, e, overrides)].forms++;
        s.openForm = form;
      } else if (d.action === 'submit' || d.action === 'abandon') {
        if (d.action === 'abandon') s.byType[typeOfEvent(s, e, overrides)].abandons++;
        s.openForm = null;
      }
      break;
    }
  }
}

/**
 * Folds a batch of events into a session's journey and returns the new journey (the input is left
 * untouched). Like `foldEvents`, the batch is sorted by time, then id, so the order within a batch does
 * not matter and consecutive time-ordered batches give the journey of the whole session. `overrides` are
 * the business's page-type rules; a thank-you page whose URL and title name no flow takes the type of the
 * page view before it (see typePage).
 */
export function foldJourney(
  state: JourneyState,
  events: readonly SignalEvent[],
  overrides: readonly PageTypeOverride[] = [],
): JourneyState {
  const next = copyOf(state);
  const sorted = [...events].sort((a, b) => atOf(a) - atOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const e of sorted) step(next, e, overrides);
  return next;
}
