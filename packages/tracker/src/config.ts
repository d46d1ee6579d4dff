import type { TrackingFeature } from '@ri/contracts';

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

/**
 * A feature by a word only its name contains (`click` for click_tracking, `hesit` for
 * hesitation_detection…): the full names would cost bytes in every check.
 */
export type Feature = 'page_view' | 'click' | 'scroll' | 'form' | 'cta' | 'mouse' | 'viewport' | 'hesit' | 'behav';

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
  cta = ['button,[role=button],a.btn,a.button,.cta,[data-ri-cta],input[type=submit]', ...(c.ctaSelectors || [])]
    .filter((s) => {
      try {
        document.querySelector(s);
        return 1;
      } catch {
        return 0;
      }
    })
    .join();
  on = `${c.features}${full && 'mouse,viewport'}`;
};

/** Whether the owner switched a capture feature on (or full mode forced it). */
export const has = (f: Feature): boolean => on.includes(f);
