import type { WireBatch, WireContext, WireEvent } from '@ri/contracts';
import { C, full } from './config';
import { sessionId } from './ids';
import { cleanUrl, cut } from './mask';
import { get, parse, set } from './store';

const OUTBOX = 'ri_outbox';
const TEXT = 'text/plain';

let q: WireEvent[] = [];
/** Batches built but not yet delivered, oldest first; mirrored in localStorage `ri_outbox`. */
let ob: WireBatch[] = [];
let sid = '';
let vid = '';
// The landing facts of this tab session: referrer and campaign parameters of its first page.
let landing: WireContext;
let timer: ReturnType<typeof setTimeout> | 0 = 0;
let sending = false;

// Caps the outbox (50 batches, about 200 KB, oldest dropped) and mirrors it; an empty one leaves no key.
const save = () => {
  while (ob[50] || JSON.stringify(ob).length > 2e5) ob.shift();
  set(OUTBOX, ob[0] && JSON.stringify(ob));
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
const send = async (tries = 0) => {
  if (!sending) {
    sending = true;
    while (ob[0]) {
      const b = ob[0];
      const text = body(b);
      const r = await fetch(C.endpoint, {
        method: 'POST',
        body: text,
        // Browsers refuse keepalive bodies past 64 KiB in flight; a bigger batch goes without it.
        keepalive: text.length < 6e4,
        headers: { 'Content-Type': TEXT },
        credentials: 'omit',
      }).catch(() => 0 as const);
      if (r && r.status !== 429 && r.status < 500) {
        tries = 0;
        ob = ob.filter((x) => x !== b);
        save();
      } else
        await new Promise((f) =>
          setTimeout(
            f,
            (r && +r.headers.get('Retry-After')! * 1e3) || Math.random() * Math.min(6e4, 1e3 * 2 ** tries++),
          ),
        );
    }
    sending = false;
  }
};

/**
 * Moves queued events into batches (500 events at most) and delivers them. On `hide` the batches are
 * stored first, then beaconed; those the browser accepted leave the outbox, the rest wait for a later try.
 */
export const flush = (hide?: boolean): void => {
  clearTimeout(timer);
  timer = 0;
  while (q[0])
    ob.push({
      v: 1,
      tracking_id: C.trackingId,
      session_id: sid,
      visitor_id: vid,
      // The landing facts plus the device facts read now.
      context: {
        ...landing,
        lang: navigator.language,
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
        screen_w: screen.width,
        screen_h: screen.height,
        viewport_w: innerWidth,
        viewport_h: innerHeight,
      },
      events: q.splice(0, 500),
    } as WireBatch);
  save();
  if (hide && navigator.sendBeacon) {
    ob = ob.filter((b) => !navigator.sendBeacon(C.endpoint, new Blob([body(b)], { type: TEXT })));
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
  landing = parse(get('ri_ctx', 'sessionStorage')) as WireContext;
  if (!landing) {
    const c: Record<string, string> = { referrer: cleanUrl(document.referrer, full) };
    new URLSearchParams(location.search).forEach((v, k) => {
      if (/^(utm_(source|medium|campaign|term|content)|fbclid|gclid)$/.test(k)) c[k] = cut(v, 256);
    });
    landing = c;
    set('ri_ctx', JSON.stringify(c), 'sessionStorage');
  }
  const saved = parse(get(OUTBOX));
  ob = Array.isArray(saved) ? saved : [];
  send();
};

/** Forgets everything not yet delivered, in memory and in storage. */
export const close = (): void => {
  q = [];
  ob = [];
  flush();
};

/** Queues an event; a batch holds one session, so a new session flushes the old one's events first. */
export const push = (e: WireEvent): void => {
  const s = sessionId(e.ts);
  if (s !== sid) {
    flush();
    sid = s;
  }
  if (q.push(e) >= (C.batchSize || 10)) flush();
  else timer ||= setTimeout(flush, C.flushInterval || 5e3);
};
