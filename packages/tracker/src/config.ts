import type { TrackingFeature } from '@ri/contracts';
import type { T } from './wire';

/** The settings the snippet leaves in `window.RI.c`, written by the server's script generator. */
export type TrackerConfig = {
  trackingId: string;
  endpoint: string;
  sdkBase?: string;
  batchSize?: number;
  flushInterval?: number;
  sessionTimeout?: number;
  features?: TrackingFeature[];
  mode?: 'standard' | 'full';
  /** Honour Do-Not-Track and Global Privacy Control; only an explicit `false` turns it off. */
  respectDnt?: boolean;
  /** Collect nothing until `RI('consent', true)`. */
  requireConsent?: boolean;
  ctaSelectors?: string[];
};

/** The snippet's settings; set once per page by `configure`. */
export let C: TrackerConfig;
/** Full mode: conversions posted automatically, query values blanked, mouse and viewport forced on. */
export let full: boolean;
/** Every call to action: the default selectors plus the owner's valid ones. */
export let cta: string;
// The enabled feature names, joined.
let on = '';

/** Reads the snippet's settings and derives what the modules need from them once. */
export const configure = (c: TrackerConfig): void => {
  C = c;
  full = c.mode === 'full';
  // What counts as a call to action on any site, and the owner's selectors. An invalid owner selector
  // would make every `closest()` throw, so it is dropped here once.
  cta = 'button,[role=button],a.btn,a.button,.cta,[data-ri-cta],input[type=submit]';
  for (const s of c.ctaSelectors || [])
    try {
      document.querySelector(s);
      cta += `,${s}`;
    } catch {}
  // Full mode forces mouse and viewport on by appending their patterns (below); standard mode appends "false".
  on = `${c.features}${full && 'mo,port'}`;
};

// The feature each event type needs, by wire type number: page_view, click, (rage_click), scroll, cta_hover,
// form_interaction, mouse_movement, viewport, (hesitation), page_hide. The SDK sends no rage_click or
// hesitation (the server derives them, decision 0012): their slots are holes. Each is a pattern found only in its
// feature's name (`cl` in click_tracking, `port` in viewport_engagement, `he` in hesitation_detection…),
// never in another name, across a comma, or in the "undefined" or "false" that a missing list or standard
// mode put in `on`; page views and summaries serve behavioral_signals (`be`) too. config.test.ts checks every
// feature set: keep them unambiguous when a feature is added. Conversions and custom events need none.
// biome-ignore lint/suspicious/noSparseArray: the holes are the two types the SDK never sends; '' would cost bytes
const NEEDS = ['pa|be', 'cl', , 'sc', 'cta', 'fo', 'mo', 'port', , 'pa|be'];

/** Whether an event of type `t` may be sent: the owner switched its feature on (or full mode forced it). */
export const allows = (t: T): boolean => t > 9 || RegExp(NEEDS[t]!).test(on);
