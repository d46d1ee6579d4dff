/** One recorded event as the signal fold reads it. `at` is epoch milliseconds; `data` holds the wire fields. */
export type SignalEvent = {
  id: string;
  type: string;
  at: number;
  url: string | null;
  title: string | null;
  el: string | null;
  data: Record<string, unknown>;
};

/**
 * The running inputs of every signal for one session: counters, sums, first/last times and the last two
 * page paths. Plain JSON of bounded size whatever the session's length (strings are cut to MAX_TEXT).
 */
export type SignalState = {
  v: 1;
  events: number;
  firstAt: number | null;
  lastAt: number | null;
  pageViews: number;
  revisits: number;
  pricingViews: number;
  cartViews: number;
  backNavigations: number;
  /** The paths of the last two page views, most recent first. */
  paths: [string | null, string | null];
  firstPageViewAt: number | null;
  firstInteractionAt: number | null;
  clicks: number;
  ctaClicks: number;
  rageClicks: number;
  /** Deepest scroll seen, in % (0-100); null until a scroll or page summary reports one. */
  maxDepth: number | null;
  velocitySum: number;
  velocityCount: number;
  /** Direction changes of the pages already left, and the current page's running maximum. */
  dirChangesDone: number;
  dirChangesPage: number;
  ctaHovers: number;
  ctaHoversClicked: number;
  ctaHoverMs: number;
  formEvents: number;
  formStarts: number;
  formSubmits: number;
  formAbandons: number;
  /** The form being filled in (its name or element), null when none is open. */
  openForm: string | null;
  mouseMoves: number;
  viewportMs: number;
  hesitations: number;
  hoverNoClick: number;
  scrollBackForth: number;
  hides: number;
  activeMs: number;
  totalMs: number;
  shallowExits: number;
  conversions: number;
};

/** Longest string kept in the state, so its size stays bounded. */
export const MAX_TEXT = 200;
/** A page left with a deepest scroll below this (%) counts as a shallow exit. */
export const SHALLOW_EXIT_DEPTH = 25;

const INTERACTIONS = new Set(['click', 'rage_click', 'scroll', 'cta_hover', 'form_interaction', 'mouse_movement']);
const PRICING = /pricing|plans/i;
const CART = /cart|checkout|basket/i;

/** A non-negative finite number read from an unknown field, or null when it is not a number. */
export const readNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(0, v) : null;
const n0 = (v: unknown) => readNumber(v) ?? 0;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, MAX_TEXT) : null);
const minOf = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
const maxOf = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));
const atOf = (e: SignalEvent) => (typeof e.at === 'number' && Number.isFinite(e.at) ? e.at : 0);

/** The path of a page view: its `data.path`, else its URL's path, else the URL as sent. */
const pathOf = (e: SignalEvent): string | null => {
  const path = text(e.data?.path);
  if (path) return path;
  if (!e.url) return null;
  try {
    return new URL(e.url).pathname.slice(0, MAX_TEXT);
  } catch {
    return e.url.slice(0, MAX_TEXT);
  }
};

/** The state of a session with no events yet. */
export function emptySignalState(): SignalState {
  return {
    v: 1,
    events: 0,
    firstAt: null,
    lastAt: null,
    pageViews: 0,
    revisits: 0,
    pricingViews: 0,
    cartViews: 0,
    backNavigations: 0,
    paths: [null, null],
    firstPageViewAt: null,
    firstInteractionAt: null,
    clicks: 0,
    ctaClicks: 0,
    rageClicks: 0,
    maxDepth: null,
    velocitySum: 0,
    velocityCount: 0,
    dirChangesDone: 0,
    dirChangesPage: 0,
    ctaHovers: 0,
    ctaHoversClicked: 0,
    ctaHoverMs: 0,
    formEvents: 0,
    formStarts: 0,
    formSubmits: 0,
    formAbandons: 0,
    openForm: null,
    mouseMoves: 0,
    viewportMs: 0,
    hesitations: 0,
    hoverNoClick: 0,
    scrollBackForth: 0,
    hides: 0,
    activeMs: 0,
    totalMs: 0,
    shallowExits: 0,
    conversions: 0,
  };
}

/** Folds one event into a copy-on-write state `s` (mutated: callers pass their own copy). */
function step(s: SignalState, e: SignalEvent): void {
  const at = atOf(e);
  const d = e.data ?? {};
  s.events++;
  s.firstAt = minOf(s.firstAt, at);
  s.lastAt = maxOf(s.lastAt, at);
  if (INTERACTIONS.has(e.type)) s.firstInteractionAt = minOf(s.firstInteractionAt, at);
  switch (e.type) {
    case 'page_view': {
      const path = pathOf(e);
      s.pageViews++;
      s.firstPageViewAt = minOf(s.firstPageViewAt, at);
      if (d.revisit === true) s.revisits++;
      const where = `${path ?? ''} ${e.url ?? ''} ${e.title ?? ''}`;
      if (PRICING.test(where)) s.pricingViews++;
      if (CART.test(`${path ?? ''} ${e.url ?? ''}`)) s.cartViews++;
      if (path !== null && s.paths[1] === path && s.paths[0] !== path) s.backNavigations++;
      s.paths = [path, s.paths[0]];
      s.dirChangesDone += s.dirChangesPage;
      s.dirChangesPage = 0;
      s.openForm = null;
      break;
    }
    case 'click':
      s.clicks++;
      if (d.cta === true) s.ctaClicks++;
      break;
    case 'rage_click':
      s.rageClicks++;
      break;
    case 'scroll': {
      const depth = readNumber(d.depth);
      if (depth !== null) s.maxDepth = Math.min(100, maxOf(s.maxDepth, depth));
      const velocity = readNumber(d.velocity);
      if (velocity !== null) {
        s.velocitySum += velocity;
        s.velocityCount++;
      }
      // dir_changes is the page's running total, so the page's maximum is its count.
      s.dirChangesPage = Math.max(s.dirChangesPage, n0(d.dir_changes));
      break;
    }
    case 'cta_hover':
      s.ctaHovers++;
      if (d.clicked === true) s.ctaHoversClicked++;
      s.ctaHoverMs += n0(d.dur);
      break;
    case 'form_interaction': {
      s.formEvents++;
      const form = text(d.form) ?? text(e.el) ?? '';
      if (d.action === 'focus' && s.openForm !== form) {
        s.formStarts++;
        s.openForm = form;
      } else if (d.action === 'submit' || d.action === 'abandon') {
        if (d.action === 'submit') s.formSubmits++;
        else s.formAbandons++;
        s.openForm = null;
      }
      break;
    }
    case 'mouse_movement':
      s.mouseMoves += n0(d.moves);
      break;
    case 'viewport':
      s.viewportMs += n0(d.dur);
      break;
    case 'hesitation':
      s.hesitations++;
      if (d.kind === 'hover_no_click') s.hoverNoClick++;
      if (d.kind === 'scroll_back_forth') s.scrollBackForth++;
      break;
    case 'page_hide': {
      s.hides++;
      s.activeMs += n0(d.active_ms);
      s.totalMs += n0(d.total_ms);
      const depth = readNumber(d.depth);
      if (depth !== null) {
        s.maxDepth = Math.min(100, maxOf(s.maxDepth, depth));
        if (depth < SHALLOW_EXIT_DEPTH) s.shallowExits++;
      }
      break;
    }
    case 'conversion':
      s.conversions++;
      break;
  }
}

/**
 * Folds a batch of events into a session's signal state and returns the new state (the input is left
 * untouched). The batch is sorted by time, then id, first, so the order events arrive in does not matter.
 */
export function foldEvents(state: SignalState, events: SignalEvent[]): SignalState {
  const next: SignalState = { ...state, paths: [state.paths[0], state.paths[1]] };
  const sorted = [...events].sort((a, b) => atOf(a) - atOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const e of sorted) step(next, e);
  return next;
}
