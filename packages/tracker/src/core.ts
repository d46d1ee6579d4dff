import type { CompactWireEvent } from '@ri/contracts';
import { allows } from './config';
import { describe } from './element';
import { uuid, visitorId } from './ids';
import { cleanUrl, cut } from './mask';
import { set } from './store';
import { close, open, push } from './transport';
import type { Data, OwnerData, T } from './wire';

/** The document; an alias the minifier can shorten. */
export const D = document;

/** Math.round, under a name the minifier can shorten. */
export const round = Math.round;

/** Epoch milliseconds; a function (not an alias of Date.now) so fake clocks in tests are honoured. */
export const now = (): number => Date.now();

/** Hooks run when the tab is hidden (`left` falsy) or the page is left (`left` truthy): modules send what they hold. */
export const hide: ((left?: unknown) => void)[] = [];
/** Hooks run when a page starts: on load and on a single-page-app route change. */
export const page: (() => void)[] = [];

/** Whether the tracker collects (1) or not (0: before consent, after opt-out and under Do-Not-Track). */
export let run: unknown = 0;
// The current page's url, cleaned; a page being left keeps it until its hooks ran.
let url = '';

/** Lets every module send what the current page holds (`left`: the page is gone, not just hidden). */
export const leave = (left?: unknown): void => {
  for (const f of hide) f(left);
};

/** Starts a page: every module resets and page views are sent. */
export const startPage = (): void => {
  url = cleanUrl(location.href);
  for (const f of page) f();
};

/**
 * Turns collection on or off: the consent API. On: ids are read or made, delivery starts and a page view
 * is sent (nothing if already on). Off: modules keep their listeners (set up once) but emit nothing; the
 * hide hooks run (sending nothing) so nothing gathered before leaks past a later start, which therefore
 * finds every module reset; the queue, the outbox and the identifiers are forgotten.
 */
export const consent = (on: unknown): void => {
  if (!on) {
    run = 0;
    leave(true);
    close();
    set('ri_vid');
  } else if (!run) {
    run = 1;
    open(visitorId());
    startPage();
  }
};

/**
 * Adds a passive listener that does nothing while collection is off. It captures on the window, which sees
 * the window's own events (pagehide, popstate), the document's and every element's, non-bubbling ones
 * (focus and blur) included. The handler also gets the event's target.
 */
export const on = <E extends Event = Event>(type: string, f: (e: E, target: Element) => void): void =>
  // 1 for true: the options dictionary converts it to a boolean.
  addEventListener(type, (e) => run && f(e as E, e.target as Element), {
    capture: 1,
    passive: 1,
  } as unknown as AddEventListenerOptions);

type Emit = {
  (type: T.conversion | T.custom, data: OwnerData, el?: Element, soon?: unknown): void;
  (type: Exclude<T, T.conversion | T.custom>, data: Data, el?: Element, soon?: unknown): void;
};

/**
 * Queues an event of the current page in wire v2's form (`[id, type, ts, url, title, el, data]`) with its
 * own id, the time, the page's url and title, if its feature is on. `soon` asks for a prompt flush (about
 * 1 s, decision 0009); by default it is whether the type is an action a visitor waits to see on the live
 * screen: 1075 has the bits of page_view (0), click (1), cta_hover (4), form_interaction (5; its focus and
 * blur pass `soon` 0) and conversion (10).
 */
export const emit: Emit = (type: T, data: Data | OwnerData, el?: Element, soon: unknown = (1075 >> type) & 1): void => {
  if (run && allows(type))
    push([uuid(), type, now(), url, cut(D.title, 512), el && describe(el), data] as CompactWireEvent, soon);
};
