import { allows, configure, type TrackerConfig } from './config';
import { consent, emit } from './core';
import { initForms } from './forms';
import { initLifecycle } from './lifecycle';
import { initMouse } from './mouse';
import { initPages } from './pages';
import { initPointer } from './pointer';
import { initScroll } from './scroll';
import { flush } from './transport';
import { initViewport } from './viewport';
import { type OwnerData, T } from './wire';

/** The page's `RI`: the snippet's queueing stub before the SDK loads, the API after. */
export type RI = ((command: string, ...args: unknown[]) => void) & { c?: TrackerConfig; q?: ArrayLike<unknown>[] };

// Owner data goes out as a small plain JSON object or not at all: one oversized or odd event would make
// the server refuse its whole batch.
const plain = (d: unknown): OwnerData => {
  try {
    const s = JSON.stringify(d);
    if (s.length < 8e3 && s[0] === '{') return JSON.parse(s);
  } catch {}
  return {};
};

const api: RI = (command, a, b) => {
  if (command === 'consent') consent(a);
  if (command === 'flush') flush();
  if (command === 'conversion') emit(T.conversion, plain(a));
  if (command === 'track') emit(T.custom, { ...plain(b), name: `${a}` });
};

/**
 * Boots from the snippet's `RI.c`. Under Do-Not-Track or Global Privacy Control (unless the owner set
 * respectDnt false) it stores and sends nothing, ever. Otherwise it starts unless consent is required or
 * a queued `consent` call refused (the last one decides, before anything is stored), then replays the
 * other queued calls. A second copy of the script finds no stub to replace and does nothing.
 */
export const boot = (): void => {
  const w = window as unknown as { RI?: RI };
  const c = w.RI?.c;
  if (c) {
    const calls = w.RI!.q || [];
    let ok = !c.requireConsent;
    for (const a of calls) if (a[0] === 'consent') ok = !!a[1];
    w.RI = () => {};
    if (
      c.respectDnt === false ||
      !(
        // biome-ignore lint/suspicious/noDoubleEquals: doNotTrack is '1', '0', 'unspecified' or null; '1' == 1 is shorter
        (navigator.doNotTrack as unknown as number) == 1 ||
        (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl
      )
    ) {
      w.RI = api;
      configure(c);
      // Capture modules are set up once, started or not: they emit nothing while collection is off, and an
      // event whose feature is off is dropped when it is emitted (full mode turns mouse and viewport on).
      // Pages is not set up at all when off; it goes before the lifecycle, whose visibilitychange listener
      // must run after its own.
      initScroll();
      if (allows(T.page_view)) initPages();
      initPointer();
      initForms();
      initMouse();
      initViewport();
      initLifecycle();
      if (ok) consent(true);
      for (const a of calls) if (a[0] !== 'consent') api(...(a as [string]));
    }
  }
};
