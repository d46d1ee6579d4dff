import { randomUUID } from 'node:crypto';
import type { Script } from 'node:vm';
import type { TrackingFeature } from '@ri/contracts';
import { JSDOM, VirtualConsole } from 'jsdom';
import { installClock, type VirtualClock } from './clock';
import type { Forwarder } from './forwarder';
import type { BrowserEnv } from './landing';
import type { Box, Page, Site } from './site';
import { layoutOf, renderDocument } from './site-render';

/** A window with the layout jsdom lacks: a scroll position, page height, element boxes and visibility. */
export type Browser = {
  dom: JSDOM;
  /** The site the window shows. */
  site: Site;
  window: JSDOM['window'];
  document: Document;
  /** The page shown now (the router changes it). */
  page(): Page;
  /** Shows another page: its height and element boxes, scrolled to the top (the router calls it before the URL changes). */
  setPage(page: Page): void;
  scrollY(): number;
  /** Sets window.scrollY and tells intersection observers. Does not dispatch the scroll event. */
  setScroll(y: number): void;
  /** An element's box in page px for the current device, or undefined when it has no layout. */
  box(el: Element): (Box & { x: number }) | undefined;
  setHidden(hidden: boolean): void;
  /** Errors the page reported (uncaught exceptions in the SDK or site code). */
  errors: string[];
  close(): void;
};

/** The settings the tracking snippet leaves in `window.RI.c` (what the server's script generator writes). */
export type SnippetConfig = {
  trackingId: string;
  endpoint: string;
  sdkBase: string;
  batchSize: number;
  flushInterval: number;
  sessionTimeout: number;
  features: TrackingFeature[];
  mode: 'standard' | 'full';
  respectDnt: boolean;
  ctaSelectors: string[];
};

type Observed = { el: Element; state?: [number, boolean] };

/**
 * Creates the visitor's window on the landing page: the virtual clock, device facts (user agent, language,
 * time zone, screen and viewport), layout stubs, an IntersectionObserver driven by the scroll position,
 * blob URLs, and the SDK's network (fetch, sendBeacon) routed through the forwarder. The SDK is not loaded yet.
 */
export const createBrowser = (opts: {
  site: Site;
  env: BrowserEnv;
  url: string;
  referrer: string;
  clock: VirtualClock;
  forwarder: Forwarder;
}): Browser => {
  const { env, clock, site } = opts;
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (e) => errors.push(e.message));
  let page = site.getPage(new URL(opts.url).pathname);
  let boxes = layoutOf(page, site);
  let scrollY = 0;
  let hidden = false;
  const dom = new JSDOM(renderDocument(page, site), {
    url: opts.url,
    referrer: opts.referrer || undefined,
    runScripts: 'outside-only',
    pretendToBeVisual: true,
    virtualConsole,
  });
  const window = dom.window;
  const document = window.document;
  installClock(window as unknown as Parameters<typeof installClock>[0], clock);
  clock.onError = (e) => errors.push(`timer: ${(e as Error)?.message ?? e}`);

  const define = (target: object, props: Record<string, () => unknown>) => {
    for (const [k, get] of Object.entries(props)) Object.defineProperty(target, k, { configurable: true, get });
  };
  define(window.navigator, {
    userAgent: () => env.userAgent,
    language: () => env.lang,
    languages: () => [env.lang, env.lang.slice(0, 2)],
    maxTouchPoints: () => (env.touch ? 5 : 0),
  });
  define(window.screen, {
    width: () => env.screen.w,
    height: () => env.screen.h,
    availWidth: () => env.screen.w,
    availHeight: () => env.screen.h,
  });
  define(window, {
    innerWidth: () => env.viewport.w,
    innerHeight: () => env.viewport.h,
    outerWidth: () => env.viewport.w,
    outerHeight: () => env.viewport.h,
    scrollY: () => scrollY,
    pageYOffset: () => scrollY,
  });
  define(document, { hidden: () => hidden, visibilityState: () => (hidden ? 'hidden' : 'visible') });
  define(document.documentElement, {
    scrollHeight: () => Math.round(page.height * env.scale),
    clientHeight: () => env.viewport.h,
    clientWidth: () => env.viewport.w,
  });
  // The time zone the SDK reads through Intl.DateTimeFormat().resolvedOptions().
  const RealIntl = window.Intl;
  const DateTimeFormat = (locales?: string | string[], options?: Intl.DateTimeFormatOptions) =>
    new RealIntl.DateTimeFormat(locales, { timeZone: env.timeZone, ...options });
  Object.defineProperty(window, 'Intl', {
    configurable: true,
    writable: true,
    value: Object.assign(Object.create(RealIntl), { DateTimeFormat }),
  });

  const box = (el: Element): (Box & { x: number }) | undefined => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const b = e.id ? boxes.get(e.id) : undefined;
      if (b) {
        const top = b.sticky ? scrollY + b.y : Math.round(b.y * env.scale);
        return {
          y: top,
          h: Math.round(b.h * (b.sticky ? 1 : env.scale)),
          x: Math.min(b.x ?? 200, env.viewport.w - 40),
        };
      }
    }
    return undefined;
  };
  window.Element.prototype.getBoundingClientRect = function (this: Element) {
    const b = box(this) ?? { y: 0, h: 0, x: 0 };
    const rect = { x: b.x, y: b.y - scrollY, left: b.x, top: b.y - scrollY, width: 160, height: b.h };
    return { ...rect, right: b.x + 160, bottom: rect.top + b.h, toJSON: () => rect } as DOMRect;
  };

  // jsdom has no IntersectionObserver: this one computes visibility from the boxes and the scroll position.
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    private readonly targets = new Map<Element, Observed>();
    private readonly threshold: number;
    constructor(
      private readonly callback: (entries: object[], observer: FakeObserver) => void,
      options?: { threshold?: number | number[] },
    ) {
      const t = options?.threshold ?? 0;
      this.threshold = Array.isArray(t) ? (t[0] ?? 0) : t;
      observers.add(this);
    }
    observe(el: Element) {
      this.targets.set(el, { el });
      clock.setTimeout(() => this.check(), 0);
    }
    unobserve(el: Element) {
      this.targets.delete(el);
    }
    disconnect() {
      this.targets.clear();
    }
    takeRecords() {
      return [];
    }
    check() {
      const entries: object[] = [];
      for (const t of this.targets.values()) {
        const b = t.el.isConnected ? box(t.el) : undefined;
        const visible = b ? Math.max(0, Math.min(b.y + b.h, scrollY + env.viewport.h) - Math.max(b.y, scrollY)) : 0;
        const ratio = b?.h ? Math.min(1, visible / b.h) : 0;
        const state: [number, boolean] = [ratio >= this.threshold && ratio > 0 ? 1 : 0, ratio > 0];
        if (t.state && t.state[0] === state[0] && t.state[1] === state[1]) continue;
        t.state = state;
        entries.push({
          target: t.el,
          intersectionRatio: ratio,
          isIntersecting: ratio > 0,
          time: window.performance.now(),
        });
      }
      if (entries.length) this.callback(entries, this);
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeObserver });
  // jsdom has no blob URLs, which give the SDK its event, session and visitor ids: made as a browser makes
  // them, `blob:<origin>/<random v4 uuid>` (the SDK keeps the uuid and revokes the URL).
  Object.assign(window.URL, {
    createObjectURL: () => `blob:${window.location.origin}/${randomUUID()}`,
    revokeObjectURL: () => {},
  });
  const notify = () => {
    for (const o of observers) o.check();
  };

  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: opts.forwarder.fetch });
  Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, value: opts.forwarder.sendBeacon });

  return {
    dom,
    site,
    window,
    document,
    page: () => page,
    setPage(next) {
      page = next;
      boxes = layoutOf(next, site);
      scrollY = 0;
    },
    scrollY: () => scrollY,
    setScroll(y) {
      scrollY = Math.max(0, Math.round(y));
      notify();
    },
    box,
    setHidden(value) {
      hidden = value;
    },
    errors,
    close() {
      clock.reset();
      observers.clear();
      window.close();
    },
  };
};

/** Leaves the snippet's `window.RI` (settings and an empty queue) and runs the SDK bundle in the window. */
export const loadSdk = (browser: Browser, sdk: Script, config: SnippetConfig): void => {
  const queue: unknown[][] = [];
  const stub = Object.assign((...args: unknown[]) => void queue.push(args), { c: config, q: queue });
  (browser.window as unknown as { RI: unknown }).RI = stub;
  sdk.runInContext(browser.dom.getInternalVMContext());
};
