import type { WireBatch, WireEvent } from '@ri/contracts';
import { C } from './config';
import { context } from './context';
import { ls, parse } from './store';

const OUTBOX = 'ri_outbox';

let q: WireEvent[] = [];
/** Batches built but not yet delivered, oldest first; mirrored in localStorage `ri_outbox`. */
let ob: WireBatch[] = [];
let sid = '';
let vid = '';
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;

// Caps the outbox (50 batches, about 200 KB, oldest dropped) and mirrors it; an empty one leaves no key.
const save = () => {
  while (ob.length > 50 || JSON.stringify(ob).length > 2e5) ob.shift();
  ls(OUTBOX, ob[0] ? JSON.stringify(ob) : null);
};

const body = (b: WireBatch) => {
  b.sent_at = Date.now();
  return JSON.stringify(b);
};

/**
 * Posts the outbox oldest first, one request at a time. 429, 5xx and network errors wait (Retry-After
 * seconds, else full-jitter exponential backoff: base 1 s, cap 60 s) and try again; any other answer is
 * final: 2xx delivered, other 4xx dropped (that batch would fail forever).
 */
const send = async () => {
  if (!sending) {
    sending = true;
    let tries = 0;
    while (ob[0]) {
      const b = ob[0];
      const text = body(b);
      const r = await fetch(C.endpoint, {
        method: 'POST',
        body: text,
        // Browsers refuse keepalive bodies past 64 KiB in flight; a bigger batch goes without it.
        keepalive: text.length < 6e4,
        headers: { 'Content-Type': 'text/plain' },
        credentials: 'omit',
      }).catch(() => undefined);
      if (r && r.status !== 429 && r.status < 500) {
        tries = 0;
        ob = ob.filter((x) => x !== b);
        save();
      } else {
        const wait =
          (r && Number(r.headers.get('Retry-After')) * 1000) || Math.random() * Math.min(6e4, 1000 * 2 ** tries++);
        await new Promise((f) => setTimeout(f, wait));
      }
    }
    sending = false;
  }
};

/** Starts delivery for this page: claims the outbox a previous page left and retries it. */
export const open = (visitor: string): void => {
  vid = visitor;
  const saved = parse(ls(OUTBOX));
  ob = Array.isArray(saved) ? saved : [];
  send();
};

/** Forgets everything not yet delivered, in memory and in storage. */
export const close = (): void => {
  clearTimeout(timer);
  timer = undefined;
  q = [];
  ob = [];
  ls(OUTBOX, null);
};

/**
 * Moves queued events into batches (500 events at most) and delivers them. On `hide` the batches are
 * stored first, then beaconed; those the browser accepted leave the outbox, the rest wait for a later try.
 */
export const flush = (hide?: boolean): void => {
  clearTimeout(timer);
  timer = undefined;
  while (q[0])
    ob.push({
      v: 1,
      tracking_id: C.trackingId,
      session_id: sid,
      visitor_id: vid,
      context: context(),
      events: q.splice(0, 500),
    } as WireBatch);
  save();
  if (hide && navigator.sendBeacon) {
    ob = ob.filter((b) => !navigator.sendBeacon(C.endpoint, new Blob([body(b)], { type: 'text/plain' })));
    save();
  } else send();
};

/** Queues an event of session `session`; a batch holds one session, so a new session flushes the old one. */
export const push = (e: WireEvent, session: string): void => {
  if (session !== sid) {
    flush();
    sid = session;
  }
  if (q.push(e) >= (C.batchSize || 10)) flush();
  else timer ||= setTimeout(flush, C.flushInterval || 5000);
};
