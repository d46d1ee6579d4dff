import { type CompactWireBatch, expandCompactBatch, type WireBatch, type WireEvent } from '@ri/contracts';
import { vi } from 'vitest';
import type { TrackerConfig } from './config';
import type { RI } from './index';

/**
 * What the SDK handed to the network: by fetch or by beacon, with the raw body, the body parsed (wire v2)
 * and the v1 batch it stands for (`expandCompactBatch`, as the server reads it).
 */
export type Sent = { via: 'fetch' | 'beacon'; body: string; raw: CompactWireBatch; batch: WireBatch };

/** A stored or sent v2 batch as the v1 batch it stands for. */
export const expand = (raw: unknown): WireBatch => expandCompactBatch(raw) as WireBatch;

/** A test's handle on a booted SDK in the current jsdom window. */
export type Kit = {
  /** Every request so far, once pending ones have left (beacon bodies are read asynchronously). */
  sent: () => Promise<Sent[]>;
  /** Every event sent so far, in order. */
  events: () => Promise<WireEvent[]>;
  fetch: ReturnType<typeof vi.fn>;
  beacon: ReturnType<typeof vi.fn>;
  /** The real `RI` the SDK put in place. */
  ri: RI;
};

export type KitOptions = {
  /** Calls made on the snippet's stub before the SDK loaded. */
  queue?: unknown[][];
  /** HTTP statuses fetch answers with, in order; the last one repeats. Default 200. */
  statuses?: (number | 'network-error')[];
  retryAfter?: string;
  /** 'refuse': navigator.sendBeacon refuses every body (it accepts by default). */
  beacon?: 'refuse';
};

export const TEST_CONFIG: TrackerConfig = {
  trackingId: 'trk_test',
  endpoint: 'https://collect.example/api/v1/tracking/batch-events',
  sdkBase: 'https://collect.example/sdk/v1',
  batchSize: 10,
  flushInterval: 5000,
  sessionTimeout: 1_800_000,
  features: [
    'page_view_tracking',
    'click_tracking',
    'scroll_tracking',
    'form_tracking',
    'cta_hover_tracking',
    'mouse_movement_tracking',
    'viewport_engagement',
    'hesitation_detection',
    'behavioral_signals',
  ],
  mode: 'standard',
  respectDnt: true,
  ctaSelectors: ['.buy-now'],
};

// What jsdom lacks and the SDK uses without checking (every browser that runs it has them). Blob URLs give
// the SDK its ids: the stand-in makes them as a browser does, `blob:<origin>/<random v4 uuid>` (vitest's
// jsdom environment would hand the Blob to Node, whose URLs read `blob:nodedata:<uuid>`).
URL.createObjectURL = () => `blob:${location.origin}/${crypto.randomUUID()}`;
URL.revokeObjectURL = () => {};
// No layout, so nothing is ever in view; viewport.test.ts drives an observer of its own.
window.IntersectionObserver ??= class {
  observe() {}
  disconnect() {}
} as unknown as typeof IntersectionObserver;

const originalHistory = { pushState: history.pushState, replaceState: history.replaceState };
// Every SDK booted in this window: a test that loads a second page leaves the first one's listeners on the
// window, so all of them are stopped after each test rather than only the last.
const booted: RI[] = [];
let hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });

/** Hides or shows the tab, firing visibilitychange as a browser does. */
export const setHidden = (value: boolean): void => {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
};

/** Lets pending promise callbacks (fetch answers) run, with real or fake timers. */
export const settle = async (): Promise<void> => {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
  else for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/**
 * Loads a fresh copy of the SDK the way a page does: the snippet's stub with `RI.c` (and any queued
 * calls) first, then the script. fetch and sendBeacon are replaced by recorders.
 */
export const bootKit = async (config: Partial<TrackerConfig> = {}, options: KitOptions = {}): Promise<Kit> => {
  vi.resetModules();
  const statuses = [...(options.statuses ?? [200])];
  const requests: { via: 'fetch' | 'beacon'; body: string | Promise<string> }[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    requests.push({ via: 'fetch', body: init.body as string });
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    if (status === 'network-error') throw new TypeError('Failed to fetch');
    return { status, headers: { get: (h: string) => (h === 'Retry-After' ? (options.retryAfter ?? null) : null) } };
  });
  vi.stubGlobal('fetch', fetchMock);
  const beaconMock = vi.fn((_url: string, data: string | Blob) => {
    if (options.beacon === 'refuse') return false;
    requests.push({ via: 'beacon', body: typeof data === 'string' ? data : data.text() });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beaconMock });
  const w = window as unknown as { RI?: RI };
  const queue = [...(options.queue ?? [])];
  const stub: RI = (...args: unknown[]) => {
    queue.push(args);
  };
  stub.c = { ...TEST_CONFIG, ...config };
  stub.q = queue;
  w.RI = stub;
  const { boot } = await import('./index');
  boot();
  booted.push(w.RI!);
  // Requests go one at a time, so let queued ones leave before reading.
  const sent = async () => {
    await settle();
    return Promise.all(
      requests.map(async (r) => {
        const body = await r.body;
        const raw = JSON.parse(body) as CompactWireBatch;
        return { via: r.via, body, raw, batch: expand(raw) };
      }),
    );
  };
  return {
    sent,
    events: async () => (await sent()).flatMap((s) => s.batch.events),
    fetch: fetchMock,
    beacon: beaconMock,
    ri: w.RI!,
  };
};

/** Stops the SDK of the last test and wipes what a page keeps between tests. */
export const resetKit = (): void => {
  for (const ri of booted.splice(0)) ri('consent', false);
  delete (window as unknown as { RI?: RI }).RI;
  hidden = false;
  localStorage.clear();
  sessionStorage.clear();
  history.pushState = originalHistory.pushState;
  history.replaceState = originalHistory.replaceState;
  history.replaceState(null, '', '/');
  document.body.innerHTML = '';
  document.title = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
};

/**
 * Dispatches a mouse event at page coordinates (jsdom has no layout: page = client coordinates). Entering
 * and leaving are sent as a browser sends them: `mouseenter` comes after a bubbling `mouseover` on the element;
 * `mouseleave` after a bubbling `mouseout` towards the body, followed by the body's `mouseover`.
 */
export const mouse = (el: EventTarget, type: string, x = 0, y = 0): void => {
  const send = (target: EventTarget, t: string, relatedTarget: EventTarget | null = null) =>
    target.dispatchEvent(
      new MouseEvent(t, {
        bubbles: t !== 'mouseenter' && t !== 'mouseleave',
        clientX: x,
        clientY: y,
        relatedTarget,
      }),
    );
  if (type === 'mouseenter') send(el, 'mouseover', document.body);
  if (type === 'mouseleave') send(el, 'mouseout', document.body);
  send(el, type);
  if (type === 'mouseleave') send(document.body, 'mouseover', el);
};

/** Scrolls the window to `y` on a page `height` px tall and fires the scroll event. */
export const scrollTo = (y: number, height = 4000): void => {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  (window as unknown as { scrollY: number }).scrollY = y;
  document.dispatchEvent(new Event('scroll'));
};
