// @vitest-environment jsdom
import { INGEST_LIMITS, type WireEvent, wireBatchSchema, wireEventSchema } from '@ri/contracts';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RI } from './index';
import { bootKit, mouse, resetKit, scrollTo, setHidden } from './test-kit';

// Typed text carries a marker that nothing else on the page contains.
const MARK = 'zqTYPEDzq';

const PAGE = `
  <form id="f"><input name="email"><input type="password" id="pw"><textarea name="msg"></textarea>
  <button type="submit" class="cta">Send</button></form>
  <a id="l" class="btn" href="/next?email=a@b.io" data-ri-conversion="lead">Next 1234567</a>
  <div id="ed" contenteditable="true"></div>
  <section data-ri-track></section><p id="p">Some text</p>`;

const fields = ['[name=email]', '#pw', '[name=msg]', '#ed'];
const targets = ['#l', '.cta', '#p', '#f', 'section', 'body', '[name=email]', '#ed'];

const text = fc.string({ unit: fc.constantFrom(...'ab9@._-/ %?&=#<>"\'€😀'), maxLength: 40 });

type Action =
  | { k: 'click'; t: number; x: number; y: number; times: number }
  | { k: 'scroll'; y: number }
  | { k: 'route'; path: string }
  | { k: 'type'; f: number; s: string }
  | { k: 'submit' }
  | { k: 'move'; x: number; y: number }
  | { k: 'hover'; t: number; ms: number }
  | { k: 'visibility' }
  | { k: 'wait'; ms: number }
  | { k: 'title'; s: string }
  | { k: 'track'; name: string; v: unknown }
  | { k: 'mark'; id: string };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    k: fc.constant('click' as const),
    t: fc.nat(targets.length - 1),
    x: fc.integer({ min: 0, max: 3000 }),
    y: fc.integer({ min: 0, max: 9000 }),
    times: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ k: fc.constant('scroll' as const), y: fc.integer({ min: 0, max: 8000 }) }),
  fc.record({ k: fc.constant('route' as const), path: text }),
  fc.record({ k: fc.constant('type' as const), f: fc.nat(fields.length - 1), s: text }),
  fc.record({ k: fc.constant('submit' as const) }),
  fc.record({
    k: fc.constant('move' as const),
    x: fc.integer({ min: 0, max: 3000 }),
    y: fc.integer({ min: 0, max: 3000 }),
  }),
  fc.record({ k: fc.constant('hover' as const), t: fc.nat(targets.length - 1), ms: fc.integer({ min: 0, max: 4000 }) }),
  fc.record({ k: fc.constant('visibility' as const) }),
  fc.record({ k: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
  fc.record({ k: fc.constant('title' as const), s: fc.string({ maxLength: 700 }) }),
  fc.record({ k: fc.constant('track' as const), name: fc.string({ maxLength: 30 }), v: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ k: fc.constant('mark' as const), id: fc.string({ maxLength: 300 }) }),
);

const run = async (a: Action, ri: RI) => {
  const $ = (s: string) => document.querySelector(s)!;
  switch (a.k) {
    case 'click':
      for (let i = 0; i < a.times; i++) mouse($(targets[a.t]!), 'click', a.x + i, a.y);
      break;
    case 'scroll':
      scrollTo(a.y, 9000);
      break;
    case 'route':
      try {
        history.pushState(null, '', `/${encodeURIComponent(a.path)}`);
      } catch {}
      document.body.innerHTML = PAGE;
      break;
    case 'type': {
      const el = $(fields[a.f]!) as HTMLElement;
      el.focus();
      const typed = `${MARK}${a.s}`;
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.value = typed;
      else el.textContent = typed;
      el.dispatchEvent(new InputEvent('input', { data: typed, bubbles: true }));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
      el.blur();
      break;
    }
    case 'submit':
      $('#f').dispatchEvent(new Event('submit', { bubbles: true }));
      break;
    case 'move':
      mouse(document, 'mousemove', a.x, a.y);
      break;
    case 'hover':
      mouse($(targets[a.t]!), 'mouseenter');
      await vi.advanceTimersByTimeAsync(a.ms);
      mouse($(targets[a.t]!), 'mouseleave');
      break;
    case 'visibility':
      setHidden(!document.hidden);
      break;
    case 'wait':
      await vi.advanceTimersByTimeAsync(a.ms);
      break;
    case 'title':
      document.title = a.s;
      break;
    case 'track':
      ri('track', a.name, a.v);
      break;
    case 'mark':
      $('#p').setAttribute('data-ri', a.id);
      break;
  }
};

afterEach(resetKit);

// jsdom has no layout: an observer that reports every observed element fully visible.
class VisibleObserver {
  constructor(private cb: (entries: { target: Element; intersectionRatio: number }[]) => void) {}
  observe(target: Element) {
    queueMicrotask(() => this.cb([{ target, intersectionRatio: 1 }]));
  }
  disconnect() {}
}

describe('every payload, whatever the visitor does', () => {
  it('parses as the wire format, gives each event its own id, stays within the ingest limits and never holds a typed value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { maxLength: 40 }),
        fc.constantFrom('standard', 'full'),
        fc.integer({ min: 1, max: 20 }),
        async (actions, mode, batchSize) => {
          resetKit();
          vi.useFakeTimers({ now: 1_700_000_000_000 });
          vi.stubGlobal('IntersectionObserver', VisibleObserver);
          history.replaceState(null, '', '/start?q=1&utm_source=ads');
          document.body.innerHTML = PAGE;
          const kit = await bootKit({ mode: mode as 'standard' | 'full', batchSize, ctaSelectors: ['#p', 'form'] });
          for (const a of actions) await run(a, kit.ri);
          if (document.hidden) setHidden(false);
          window.dispatchEvent(new Event('pagehide'));
          await vi.advanceTimersByTimeAsync(10_000);
          const sent = await kit.sent();
          expect(sent.length).toBeGreaterThan(0);
          const types = new Set(sent.flatMap((x) => x.batch.events.map((e) => e.type)));
          expect(types.has('page_view')).toBe(true);
          // Exactly one page view of this page load carries the referrer (`ref`, empty here): the first.
          const views = new Map<string, WireEvent>();
          for (const x of sent) for (const e of x.batch.events) if (e.type === 'page_view') views.set(e.id, e);
          const byTime = [...views.values()].sort((a, b) => a.ts - b.ts);
          expect(byTime.map((e) => Object.hasOwn(e.data!, 'ref'))).toEqual(byTime.map((_, i) => i === 0));
          expect(byTime[0]!.data!.ref).toBe('');
          // A resend (retry, or a beacon racing a fetch still in flight) repeats an event whole; the
          // server deduplicates by id. Distinct events never share an id.
          const seen = new Map<string, string>();
          for (const { body, raw, batch } of sent) {
            expect(body.length).toBeLessThanOrEqual(INGEST_LIMITS.maxBodyBytes);
            expect(body).not.toContain(MARK);
            // Sent as wire v3 (no session id: the server assigns sessions); `batch` is its expansion
            // (expandCompactBatch), as the server validates it.
            expect(raw.v).toBe(3);
            expect(raw).not.toHaveProperty('s');
            expect(Object.keys(raw.c!).sort()).toEqual(['sh', 'sw', 'z']);
            wireBatchSchema.parse(batch);
            expect(batch.events.length).toBeLessThanOrEqual(INGEST_LIMITS.maxEventsPerBatch);
            for (const e of batch.events) {
              wireEventSchema.parse(e);
              // Derived on the server (decision 0012), never sent: rage clicks, hesitations, revisit and spa
              // flags, focus times.
              expect(['rage_click', 'hesitation']).not.toContain(e.type);
              if (e.type === 'page_view') {
                expect(e.data).not.toHaveProperty('revisit');
                expect(e.data).not.toHaveProperty('spa');
              }
              if (e.type === 'form_interaction') expect(e.data).not.toHaveProperty('dur');
              expect(JSON.stringify(e).length).toBeLessThanOrEqual(INGEST_LIMITS.maxEventBytes);
              const json = JSON.stringify(e);
              expect(seen.get(e.id) ?? json).toBe(json);
              seen.set(e.id, json);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
