import type { Script } from 'node:vm';
import { TRACKING_DEFAULTS, TRACKING_FEATURES } from '@ri/contracts';
import { createBrowser, loadSdk, type SnippetConfig } from './browser';
import { VirtualClock } from './clock';
import { Driver } from './driver';
import { batchKey, type DeliveryStats, Forwarder, type Gate } from './forwarder';
import type { Device, TrafficSource } from './landing';
import type { Persona } from './personas';
import type { VisitPlan } from './plan';
import { createRng, deriveSeed } from './random';
import { installRouter } from './router';
import { getSite } from './sites';

export type VisitorOptions = {
  plan: VisitPlan;
  /** The compiled SDK bundle (see loadTrackerScript). */
  sdk: Script;
  /** The server's base URL, e.g. http://localhost:3000. */
  baseUrl: string;
  trackingId: string;
  /** The simulated site's origin, e.g. https://shop.example (must be an allowed origin of the tracking id). */
  origin: string;
  /** Virtual epoch ms at which the visit starts; it must end before the real now. */
  startAt: number;
  /** The snippet's delivery settings (batch size, flush interval, session timeout); the contract defaults otherwise. */
  settings?: Partial<Pick<SnippetConfig, 'batchSize' | 'flushInterval' | 'sessionTimeout'>>;
  /** Attempts per batch before it counts as lost (default 8). */
  maxAttempts?: number;
  /** Longest real pause after a 429/503, ms (default 5000). */
  retryWaitCapMs?: number;
  /** The run's shared pause after 429/503. */
  gate?: Gate;
};

/** What one simulated visitor did and what reached the server. */
export type VisitorResult = {
  persona: Persona;
  seed: number;
  source: TrafficSource;
  device: Device;
  goal: VisitPlan['goal'];
  /** Session ids of the delivered batches (normally one; the server assigns them to wire v3 batches). */
  sessionIds: string[];
  visitorId?: string;
  /** Virtual times of the first and last action, epoch ms. */
  startedAt: number;
  endedAt: number;
  pages: string[];
  /** Events stored by the server (2xx answers), distinct by event id. */
  eventsSent: number;
  eventsBySession: Record<string, number>;
  eventsByType: Record<string, number>;
  requests: number;
  retries: number;
  eventsLost: number;
  refusal?: DeliveryStats['refusal'];
  errors: string[];
  /** Everything typed into forms (never to be found in stored events). */
  typed: string[];
};

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until the SDK has no request on its way: each answer lets its send loop post the next batch of
 * its outbox, so this returns once the outbox is delivered (or only waits for a retry timer, which needs
 * virtual time). Waiting for the request in flight alone lets one batch through per action, and the
 * outbox backs up behind a long read.
 */
const drain = async (forwarder: Forwarder) => {
  for (let i = 0; i < 10_000; i++) {
    await yieldToIo();
    if (!forwarder.busy) {
      await yieldToIo();
      if (!forwarder.busy) return;
    }
    await forwarder.idle();
  }
};

/**
 * Runs one visitor: a jsdom window on the landing page with a virtual clock, the real SDK configured
 * as the snippet would, the plan performed as DOM events, then a flush, the tab hidden and the page left;
 * returns once every batch was delivered (or given up after the attempt cap).
 */
export const runVisitor = async (o: VisitorOptions): Promise<VisitorResult> => {
  const { plan } = o;
  const clock = new VirtualClock(o.startAt);
  const forwarder = new Forwarder({
    endpoint: `${o.baseUrl.replace(/\/$/, '')}/api/v1/tracking/batch-events`,
    origin: o.origin,
    userAgent: plan.env.userAgent,
    ip: plan.env.ip,
    maxAttempts: o.maxAttempts ?? 8,
    retryWaitCapMs: o.retryWaitCapMs ?? 5000,
    gate: o.gate,
  });
  const browser = createBrowser({
    site: getSite(plan.site),
    env: plan.env,
    url: `${o.origin}${plan.landing.path}${plan.landing.search}`,
    referrer: plan.landing.referrer,
    clock,
    forwarder,
  });
  const errors: string[] = [];
  try {
    const router = installRouter(browser);
    loadSdk(browser, o.sdk, {
      trackingId: o.trackingId,
      endpoint: `${o.baseUrl.replace(/\/$/, '')}/api/v1/tracking/batch-events`,
      sdkBase: `${o.baseUrl.replace(/\/$/, '')}/sdk/v1`,
      batchSize: o.settings?.batchSize ?? TRACKING_DEFAULTS.batchSize,
      flushInterval: o.settings?.flushInterval ?? TRACKING_DEFAULTS.flushInterval,
      sessionTimeout: o.settings?.sessionTimeout ?? TRACKING_DEFAULTS.sessionTimeout,
      features: [...TRACKING_FEATURES],
      mode: 'standard',
      respectDnt: true,
      ctaSelectors: [],
    });
    // The driver lets the SDK deliver its outbox after every action and within long ones (see Driver).
    const driver = new Driver(browser, router, clock, plan.env, createRng(deriveSeed(plan.seed, 1)), () =>
      drain(forwarder),
    );
    for (const page of plan.pages) for (const action of page.actions) await driver.perform(action);
    errors.push(...driver.errors);
    const endedAt = clock.now;
    await finish(browser, clock, forwarder);
    const s = forwarder.stats;
    // Every page started is one page view: fewer stored means the SDK dropped some before sending.
    const views = s.eventsByType.page_view ?? 0;
    if (views !== router.views)
      errors.push(`the server stored ${views} page views of the ${router.views} pages the visitor opened`);
    return {
      persona: plan.persona,
      seed: plan.seed,
      source: plan.landing.source,
      device: plan.env.device,
      goal: plan.goal,
      sessionIds: Object.keys(s.eventsBySession),
      visitorId: s.visitorId,
      startedAt: o.startAt,
      endedAt,
      pages: plan.pages.map((p) => p.path),
      eventsSent: Object.values(s.eventsBySession).reduce((a, b) => a + b, 0),
      eventsBySession: s.eventsBySession,
      eventsByType: s.eventsByType,
      requests: s.requests,
      retries: s.retries,
      eventsLost: s.eventsLost,
      refusal: s.refusal,
      errors: [...errors, ...browser.errors, ...s.errors],
      typed: plan.typed,
    };
  } finally {
    browser.close();
  }
};

type Outbox = { session_id: string; events: { id: string }[] }[];

/**
 * Ends the visit as a browser does: `RI('flush')` and its deliveries, then the tab hidden and the page
 * left (the SDK beacons what it holds). Batches the SDK still retries from its outbox get their retry
 * timers fired by advancing the virtual clock, until all are delivered or out of attempts.
 */
const finish = async (browser: ReturnType<typeof createBrowser>, clock: VirtualClock, forwarder: Forwarder) => {
  const { window, document } = browser;
  const settle = () => drain(forwarder);
  (window as unknown as { RI: (c: string) => void }).RI('flush');
  await settle();
  browser.setHidden(true);
  document.dispatchEvent(new window.Event('visibilitychange'));
  window.dispatchEvent(new window.Event('pagehide'));
  for (let round = 0; round < 500; round++) {
    await settle();
    let outbox: Outbox = [];
    try {
      outbox = JSON.parse(window.localStorage.getItem('ri_outbox') ?? '[]') as Outbox;
    } catch {}
    const waiting = outbox.filter((b) => !forwarder.exhausted(batchKey(b)));
    const due = clock.nextDue();
    if (!waiting.length || due === undefined) break;
    clock.advance(due - clock.now);
  }
  await forwarder.idle();
};
