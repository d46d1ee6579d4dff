import type { CompactWireBatch, CompactWireEvent } from '@ri/contracts';
import { C } from './config';
import { sessionId } from './ids';
import { CAMPAIGN, cleanUrl, cut } from './mask';
import { get, parse, set } from './store';

let q: CompactWireEvent[] = [];
/** Batches (wire v2) built but not yet delivered, oldest first; mirrored in localStorage `ri_outbox`. */
let ob: CompactWireBatch[] = [];
let sid = '';
let vid = '';
type Landing = Record<string, string>;
// The landing facts of this tab session: referrer and campaign parameters of its first page (v2 keys).
let landing: Landing;
let timer: ReturnType<typeof setTimeout> | 0 = 0;
// Whether the pending flush is the prompt one an action asked for.
let prompt: unknown = 0;
// Whether a send loop runs (0 or 1).
let sending: unknown = 0;

// Caps the outbox (50 batches, about 200 KB, oldest dropped) and mirrors it; an empty one leaves no key.
const save = () => {
  while (ob[50] || JSON.stringify(ob).length > 2e5) ob.shift();
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
    // Wire v2 (see @ri/contracts): sent_at (`a`) is stamped when the batch leaves.
    ob.push({
      v: 2,
      tracking_id: C.trackingId,
      s: sid,
      u: vid,
      // The landing facts plus the device facts read now: lang, tz and screen size (not the viewport size,
      // which the server never stored).
      c: {
        ...landing,
        l: navigator.language,
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
 * Starts delivery for this page: reads the landing facts once per tab session (sessionStorage `ri_ctx`), so
 * later pages of the visit still say where the visitor came from; claims the outbox a previous page left
 * and retries it.
 */
export const open = (visitor: string): void => {
  vid = visitor;
  landing = parse(get('ri_ctx', true)) as Landing;
  if (!landing) {
    // The referrer (`r`); campaign parameters keep their names in wire v2.
    landing = { r: cleanUrl(document.referrer) };
    new URLSearchParams(location.search).forEach((v, k) => {
      if (CAMPAIGN.test(k)) landing[k] = cut(v, 256);
    });
    set('ri_ctx', JSON.stringify(landing), true);
  }
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
 * Queues an event; a batch holds one session, so a new session flushes the old one's events first. A full
 * batch goes at once; otherwise a flush is pending: 1 s after an action (`soon`: page view, click, submit…),
 * flushInterval after anything else. One timer: an action moves it closer, everything queued meanwhile
 * rides along.
 */
export const push = (e: CompactWireEvent, soon?: unknown): void => {
  const s = sessionId(e[2]);
  if (s !== sid) {
    flush();
    sid = s;
  }
  if (q.push(e) >= (C.batchSize || 10)) flush();
  else if (soon && !prompt) {
    clearTimeout(timer);
    prompt = timer = setTimeout(flush, 1e3);
  } else timer ||= setTimeout(flush, C.flushInterval || 5e3);
};
