import { configure, has, type TrackerConfig } from './config';
import { emit, run, setRun, startPage } from './core';
import { initForms } from './forms';
import { visitorId } from './ids';
import { initLifecycle } from './lifecycle';
import { initMouse } from './mouse';
import { initPages } from './pages';
import { initPointer } from './pointer';
import { initScroll } from './scroll';
import { set } from './store';
import { close, flush, open } from './transport';
import { initViewport } from './viewport';
import { type OwnerData, T } from './wire';

/** The page's `RI`: the snippet's queueing stub before the SDK loads, the API after. */
export type RI = ((command: string, ...args: unknown[]) => void) & { c?: TrackerConfig; q?: ArrayLike<unknown>[] };

let ready = false;

// Owner data goes out as a small plain JSON object or not at all: one oversized or odd event would make
// the server refuse its whole batch.
const plain = (d: unknown): OwnerData => {
  try {
    const s = JSON.stringify(d);
    if (s.length < 8e3 && s[0] === '{') return JSON.parse(s);
  } catch {}
  return {};
};

const start = () => {
  if (!run) {
    setRun(true);
    open(visitorId());
    // Capture modules are set up on the first start only; a later start after a refusal reuses them.
    if (!ready) {
      ready = true;
      // Scroll depth is always measured: page summaries carry it.
      initScroll();
      // The server computes behavioural signals from page views and summaries (active time, revisits).
      if (has('page_view') || has('behav')) initPages();
      // Clicks, hovers and forms also serve full mode's conversions; each event checks its own feature.
      initPointer();
      initForms();
      if (has('mouse')) initMouse();
      if (has('viewport')) initViewport();
      initLifecycle();
    }
    startPage();
  }
};

// A refusal also forgets the visitor: queue, outbox and identifiers.
const stop = () => {
  setRun(false);
  close();
  for (const k of ['ri_vid', 'ri_sid', 'ri_sat', 'ri_pv', 'ri_ctx']) set(k);
};

const api: RI = (command, a, b) => {
  if (command === 'consent') (a ? start : stop)();
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
      !(navigator.doNotTrack === '1' || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl)
    ) {
      w.RI = api;
      configure(c);
      if (ok) start();
      for (const a of calls) if (a[0] !== 'consent') api(...(a as [string]));
    }
  }
};
