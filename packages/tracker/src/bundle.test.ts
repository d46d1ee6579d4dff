import { randomUUID } from 'node:crypto';
import { expandCompactBatch, wireBatchSchema, wireEventSchema } from '@ri/contracts';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTracker, type TrackerBuild } from './build';

// The snippet as the server writes it (apps/server sites.service buildSnippet), with this page's config.
const config = {
  trackingId: 'trk_abc',
  endpoint: 'http://host/api/v1/tracking/batch-events',
  sdkBase: 'http://host/sdk/v1',
  batchSize: 10,
  flushInterval: 5000,
  sessionTimeout: 1800000,
  features: ['page_view_tracking', 'click_tracking'],
  mode: 'standard',
  respectDnt: true,
  ctaSelectors: ['.buy-now'],
};
const snippet = `(function(w,d,c){w.RI=w.RI||function(){(w.RI.q=w.RI.q||[]).push(arguments)};w.RI.c=c;var s=d.createElement('script');s.async=1;s.src=c.sdkBase+'/tracker.min.js';d.head.appendChild(s)})(window,document,${JSON.stringify(config)});`;

let built: TrackerBuild;
beforeAll(async () => {
  built = await buildTracker();
});

const page = () => {
  const dom = new JSDOM(
    '<!doctype html><html><head><title>Shop</title></head><body><button class="buy-now">Buy</button></body></html>',
    {
      url: 'https://shop.example/pricing?utm_source=newsletter',
      runScripts: 'outside-only',
      pretendToBeVisual: true,
    },
  );
  const bodies: string[] = [];
  const w = dom.window as unknown as typeof globalThis & {
    eval: (code: string) => void;
    RI: (...a: unknown[]) => void;
  };
  // What jsdom lacks and every browser has: blob URLs (the SDK's ids; as a browser makes them,
  // `blob:<origin>/<uuid>`) and IntersectionObserver (no layout here, so nothing is ever in view).
  Object.assign(w.URL, {
    createObjectURL: () => `blob:${w.location.origin}/${randomUUID()}`,
    revokeObjectURL: () => {},
  });
  (w as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  (w as unknown as { fetch: unknown }).fetch = async (_url: string, init: { body: string }) => {
    bodies.push(init.body);
    return { status: 200, headers: { get: () => null } };
  };
  return { w, bodies };
};

describe('the built script, as shipped', () => {
  for (const variant of ['min', 'full'] as const) {
    it(`${variant}: boots from the snippet's RI.c, replays queued calls and sends valid batches`, async () => {
      const { w, bodies } = page();
      w.eval(snippet);
      w.RI('conversion', { name: 'trial', value: 1, currency: 'EUR' });
      w.eval(built[variant]);
      w.document
        .querySelector('button')!
        .dispatchEvent(new w.MouseEvent('click', { bubbles: true, clientX: 10, clientY: 20 }));
      w.RI('flush');
      await new Promise((r) => setTimeout(r, 10));
      expect(bodies).toHaveLength(1);
      // The script sends wire v3 (v2 without a session id: the server assigns sessions); the server expands
      // it to v1 before validating.
      const raw = JSON.parse(bodies[0]!);
      expect(raw.v).toBe(3);
      expect(raw).not.toHaveProperty('s');
      const batch = wireBatchSchema.parse(expandCompactBatch(raw));
      const events = batch.events.map((e) => wireEventSchema.parse(e));
      expect(batch).toMatchObject({ tracking_id: 'trk_abc' });
      expect(batch).not.toHaveProperty('session_id');
      // Time zone and screen size only: the campaign parameters reach the server in the first page's url.
      expect(Object.keys(batch.context!).sort()).toEqual(['screen_h', 'screen_w', 'tz']);
      expect(events.map((e) => e.type)).toEqual(['page_view', 'conversion', 'click']);
      expect(events[0]).toMatchObject({
        url: 'https://shop.example/pricing?utm_source=newsletter',
        title: 'Shop',
      });
      // The first page of a page load: R present, empty without a referrer (the server takes the path from
      // the url).
      expect(events[0]!.data).toStrictEqual({ ref: '' });
      expect(events[2]).toMatchObject({ el: 'button.buy-now', data: { cta: true, text: 'Buy' } });
    });
  }

  it('builds both variants quickly enough for server start-up', async () => {
    const started = performance.now();
    await buildTracker();
    console.log(`buildTracker: ${Math.round(performance.now() - started)} ms`);
    expect(built.min.length).toBeLessThan(built.full.length);
  });
});
