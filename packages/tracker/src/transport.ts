import type { CompactWireBatch, CompactWireEvent } from '@ri/contracts';
import { C } from './config';
import { get, parse, set } from './store';

let q: CompactWireEvent[] = [];
/** Batches (wire v3) built but not yet delivered, oldest first; mirrored in localStorage `ri_outbox`. */
let ob: CompactWireBatch[] = [];
let vid = '';
let timer: ReturnType<typeof setTimeout> | 0 = 0;
// Whether the pending flush is the prompt one an action asked for.
let prompt: unknown = 0;
// Whether a send loop runs (0 or 1).
let sending: unknown = 0;

// Caps the outbox (about 200 KB, oldest dropped) and mirrors it; an empty one leaves no key.
const save = () => {
  while (JSON.stringify(ob).length > 2e5) ob.shift();
  set('ri_outbox', ob[0] && JSON.stringify(ob));
};

// Stamps sent_at (`a`).
const body = (b: CompactWireBatch) => {
  b.a = Date.now();
  return JSON.stringify(b);
};

/**
 * Posts the outbox oldest first, one request at a time. 429, 5xx and network errors wait (Retry-After
 * seconds, else full-jitter exponential backoff: base 1 s, cap 60 s) and try again; any other answer is
 * final: 2xx delivered, other 4xx dropped (that batch would fail forever).
 */
const send = async (tries = 0) => {
  if (!sending) {
    sending = 1;
    while (ob[0]) {
      const b = ob[0];
      const text = body(b);
      const r = await fetch(C.endpoint, {
        method: 'POST',
        body: text,
        // Browsers refuse keepalive bodies past 64 KiB in flight; a bigger batch goes without it.
        keepalive: text.length < 6e4,
        // No Content-Type: a string body goes as text/plain;charset=UTF-8, which needs no CORS preflight. The
        // default credentials mode sends no cookies cross-origin (an endpoint on the site's own origin gets
        // them, as beacons always do, and ignores them).
      }).catch(() => 0 as const);
      if (r && r.status < 500 && r.status - 429) {
        tries = 0;
        ob = ob.filter((x) => x !== b);
        save();
      } else
        await new Promise((f) =>
          setTimeout(
            f,
            (r && (r.headers.get('Retry-After') as unknown as number) * 1e3) ||
              Math.random() * Math.min(6e4, 1e3 * 2 ** tries++),
          ),
        );
    }
    sending = 0;
  }
};

/**
 * Moves queued events into batches (500 events at most) and delivers them. On `hide` the batches are
 * stored first, then beaconed; those the browser accepted leave the outbox, the rest wait for a later try.
 */
export const flush = (hide?: boolean): void => {
  clearTimeout(timer);
  prompt = timer = 0;
  while (q[0])
    // Wire v3 (see @ri/contracts): no session id, the server assigns sessions (decision 0012); sent_at (`a`)
    // is stamped when the batch leaves.
    ob.push({
      v: 3,
      tracking_id: C.trackingId,
      u: vid,
      // The device facts read now: time zone and screen size. The server takes the language from
      // Accept-Language and the referrer and campaign from the session's first page view and url.
      c: {
        z: Intl.DateTimeFormat().resolvedOptions().timeZone,
        sw: screen.width,
        sh: screen.height,
      },
      e: q.splice(0, 500),
    } as Omit<CompactWireBatch, 'a'> as CompactWireBatch);
  save();
  // Every browser that runs this es2020 script has sendBeacon.
  if (hide) {
    // A string goes as text/plain;charset=UTF-8, like fetch's body.
    ob = ob.filter((b) => !navigator.sendBeacon(C.endpoint, body(b)));
    save();
  } else send();
};

/**
 * Starts delivery for this page: claims the outbox a previous page left and retries it.
 */
export const open = (visitor: string): void => {
  vid = visitor;
  // Anything but a list (a corrupt key) reads as an empty outbox.
  ob = Array.from((parse(get('ri_outbox')) as CompactWireBatch[]) || []);
  send();
};

/** Forgets everything not yet delivered, in memory and in storage. */
export const close = (): void => {
  q = [];
  ob = [];
  flush();
};

/**
 * Queues an event. A full batch goes at once; otherwise a flush is pending: 1 s after an action (`soon`: page view, click, submit…),
 * flushInterval after anything else. One timer: an action moves it closer, everything queued meanwhile
 * rides along.
 */
export const push = (e: CompactWireEvent, soon?: unknown): void => {
  if (q.push(e) >= (C.batchSize || 10)) flush();
  else if (soon && !prompt) {
    clearTimeout(timer);
    prompt = timer = setTimeout(flush, 1e3);
  } else timer ||= setTimeout(flush, C.flushInterval || 5e3);
};
