import type { CompactWireEvent } from '@ri/contracts';
import { describe } from './element';
import { uuid } from './ids';
import { cleanUrl, cut } from './mask';
import { push } from './transport';
import type { Data, OwnerData, T } from './wire';

/** The document; an alias the minifier can shorten. */
export const D = document;

/** Math.round, under a name the minifier can shorten. */
export const round = Math.round;

/** Epoch milliseconds; a function (not an alias of Date.now) so fake clocks in tests are honoured. */
export const now = (): number => Date.now();

/** Hooks run when the tab is hidden (`left` unset) or the page is left (`left` true): modules send what they hold. */
export const hide: ((left?: boolean) => void)[] = [];
/** Hooks run when a page starts: on load and on a single-page-app route change. */
export const page: (() => void)[] = [];

/** Whether the tracker collects: false before consent, after opt-out and under Do-Not-Track. */
export let run = false;
// The current page's url, cleaned; a page being left keeps it until its hooks ran.
let url = '';

/** Lets every module send what the current page holds (`left`: the page is gone, not just hidden). */
export const leave = (left?: boolean): void => {
  for (const f of hide) f(left);
};

/** Starts a page: every module resets and page views are sent. */
export const startPage = (): void => {
  url = cleanUrl(location.href);
  for (const f of page) f();
};

/**
 * Turns collection on or off. Modules keep their listeners (they are set up once) but emit nothing while
 * off; the hide hooks run either way so nothing gathered before a change leaks across it.
 */
export const setRun = (on: boolean): void => {
  run = false;
  leave(true);
  run = on;
};

/**
 * Adds a passive, capturing listener (so non-bubbling focus/blur/mouseenter reach the document) on the
 * document (or `t`) that does nothing while collection is off. The handler also gets the event's target.
 */
export const on = <E extends Event = Event>(
  type: string,
  f: (e: E, target: Element) => void,
  t: EventTarget = D,
): void => t.addEventListener(type, (e) => run && f(e as E, e.target as Element), { capture: true, passive: true });

type Emit = {
  (type: T.conversion | T.custom, data: OwnerData, el?: Element): void;
  (type: Exclude<T, T.conversion | T.custom>, data: Data, el?: Element): void;
};

/**
 * Queues an event of the current page in wire v2's form (`[id, type, ts, url, title, el, data]`) with its
 * own id, the time, the page's url and title.
 */
export const emit: Emit = (type: T, data: Data | OwnerData, el?: Element): void => {
  if (run) push([uuid(), type, now(), url, cut(D.title, 512), el && describe(el), data] as CompactWireEvent);
};
