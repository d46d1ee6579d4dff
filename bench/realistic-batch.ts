import { randomUUID } from 'node:crypto';

const PAGES = ['/', '/pricing', '/product/trail-runner', '/reviews', '/faq', '/about', '/cart', '/checkout'];
let tick = 0;

/**
 * Ten events shaped like an SDK batch from a browsing visitor: page views, scrolls, clicks, hovers,
 * form focus and mouse samples, with the data fields the SDK sends (about 2.5 KB of JSON). `n` picks the
 * page and its flags (a cycle of 120); by default each call takes the next.
 */
export function realisticBatch(trackingId: string, sessionId: string, visitorId: string, origin: string, n = tick++) {
  const now = Date.now();
  const page = PAGES[n % PAGES.length]!;
  const url = `${origin}${page}`;
  const events = [
    {
      type: 'page_view',
      url,
      title: `Trail Co — ${page}`,
      data: { path: page, spa: (n + 1) % 3 === 0, revisit: (n + 1) % 5 === 0 },
    },
    { type: 'scroll', url, data: { depth: 35, velocity: 640, dir_changes: 1 } },
    {
      type: 'mouse_movement',
      url,
      data: {
        moves: 42,
        dist: 1830,
        samples: [
          [120, 340, 900],
          [180, 360, 1000],
          [260, 410, 1100],
          [300, 420, 1200],
        ],
      },
    },
    { type: 'cta_hover', url, el: 'button#add-to-cart.btn.primary', data: { dur: 840, clicked: false } },
    {
      type: 'click',
      url,
      el: 'button#add-to-cart.btn.primary',
      data: { x: 512, y: 733, cta: true, text: 'Add to cart' },
    },
    { type: 'scroll', url, data: { depth: 72, velocity: 410, dir_changes: 2 } },
    { type: 'form_interaction', url, el: 'input#email', data: { action: 'focus', field: 'email', form: 'newsletter' } },
    {
      type: 'form_interaction',
      url,
      el: 'input#email',
      data: { action: 'blur', field: 'email', form: 'newsletter', dur: 3200 },
    },
    { type: 'viewport', url, el: '[data-ri=reviews]', data: { dur: 5100, ratio: 0.8 } },
    { type: 'page_hide', url, data: { active_ms: 21_000, total_ms: 34_000, depth: 72 } },
  ];
  return {
    v: 1,
    tracking_id: trackingId,
    session_id: sessionId,
    visitor_id: visitorId,
    sent_at: now,
    context: {
      referrer: 'https://www.google.com/',
      utm_source: 'google',
      utm_medium: 'cpc',
      lang: 'en-US',
      tz: 'Europe/London',
      screen_w: 1920,
      screen_h: 1080,
      viewport_w: 1440,
      viewport_h: 900,
    },
    events: events.map((e, i) => ({ id: randomUUID(), ts: now - (10 - i) * 300, ...e })),
  };
}

/**
 * The same bodies as `realisticBatch` serialised, written by splicing fresh ids and times into JSON cut
 * once per page variant: the load generator shares the machine with the server it measures, so the less
 * CPU a request costs it, the less it takes from the server. `wire: 'v3'` leaves the session id out.
 */
export function batchWriter(trackingId: string, origin: string, wire: 'v1' | 'v3') {
  const MARK = '\u0001';
  // One template per tick of realisticBatch's page cycle (8 pages, spa every 3rd tick, revisit every 5th).
  const templates = Array.from({ length: 120 }, (_, n) => {
    const b = realisticBatch(trackingId, `${MARK}S`, `${MARK}V`, origin, n) as Record<string, unknown> & {
      events: { id: string; ts: number }[];
    };
    b.sent_at = `${MARK}T` as unknown as number;
    b.events.forEach((e, i) => {
      e.id = `${MARK}I`;
      e.ts = `${MARK}${i}` as unknown as number;
    });
    if (wire === 'v3') delete b.session_id;
    // Split at every marked value (quoted strings for ids, bare numbers for times) into static pieces.
    return JSON.stringify(b)
      .replace(/"\\u0001([SVI])"/g, `${MARK}$1`)
      .replace(/"\\u0001(T|\d)"/g, `${MARK}$1`)
      .split(MARK)
      .map((piece, i) => (i === 0 ? { hole: '', text: piece } : { hole: piece[0]!, text: piece.slice(1) }));
  });
  let next = 0;
  return (sessionId: string, visitorId: string): string => {
    const pieces = templates[next++ % templates.length]!;
    const now = Date.now();
    let out = '';
    for (const { hole, text } of pieces) {
      if (hole === 'S') out += `"${sessionId}"`;
      else if (hole === 'V') out += `"${visitorId}"`;
      else if (hole === 'I') out += `"${randomUUID()}"`;
      else if (hole === 'T') out += now;
      else if (hole) out += now - (10 - Number(hole)) * 300;
      out += text;
    }
    return out;
  };
}
