import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SignalEvent } from '../signals/signal-state.js';
import {
  emptyJourneyState,
  foldJourney,
  JOURNEY_MAX_ELEMENTS,
  JOURNEY_MAX_STEPS,
  JOURNEY_OTHER_ELEMENT,
} from './journey-state.js';

const ORIGIN = 'https://shop.example';
let n = 0;
const ev = (type: string, at: number, path: string, data: Record<string, unknown> = {}, el: string | null = null) =>
  ({
    id: `e${String(n++).padStart(5, '0')}`,
    type,
    at,
    url: `${ORIGIN}${path}`,
    title: `${path} | Shop`,
    el,
    data,
  }) satisfies SignalEvent;

describe('foldJourney on a concrete session', () => {
  const session: SignalEvent[] = [
    ev('page_view', 1000, '/', { path: '/' }),
    ev('viewport', 5000, '/', { dur: 4000 }, 'section#stats-home.stat'),
    // A single-page app leaves a page in the same millisecond as the next page view, with the next title.
    { ...ev('page_hide', 9000, '/', { total_ms: 8000 }), title: 'Reviews | Shop' },
    ev('page_view', 9000, '/reviews', { path: '/reviews' }),
    ev('viewport', 20_000, '/reviews', { dur: 9000 }, '[data-ri=testimonial]'),
    ev('cta_hover', 21_000, '/reviews', { dur: 2500, clicked: false }, 'a#case-acme.btn'),
    ev('page_hide', 30_000, '/reviews', { total_ms: 21_000 }),
    ev('page_view', 30_000, '/faq', { path: '/faq' }),
    ev('form_interaction', 31_000, '/faq', { action: 'focus', form: 'question-form' }),
    ev('form_interaction', 32_000, '/faq', { action: 'blur', form: 'question-form' }),
    ev('form_interaction', 33_000, '/faq', { action: 'focus', form: 'question-form' }),
    ev('form_interaction', 40_000, '/faq', { action: 'abandon', form: 'question-form' }),
    ev('page_hide', 40_000, '/faq', { total_ms: 10_000 }),
    ev('page_view', 40_000, '/reviews', { path: '/reviews', revisit: true }),
    ev('click', 41_000, '/reviews', { cta: true, text: 'Play video' }, 'button#demo-play.btn'),
  ];
  const j = foldJourney(emptyJourneyState(), session);

  it('counts views, revisits and dwell per page type, dwell going to the page it summarises', () => {
    expect(j.pageViews).toBe(4);
    expect(j.byType.home).toMatchObject({ views: 1, dwellMs: 8000 });
    expect(j.byType.reviews).toMatchObject({ views: 2, revisits: 1, dwellMs: 21_000 });
    expect(j.byType.faq).toMatchObject({ views: 1, dwellMs: 10_000, forms: 1, abandons: 1 });
  });

  it('keeps the path of page views with their types', () => {
    expect(j.path.map((s) => [s.path, s.page_type])).toEqual([
      ['/', 'home'],
      ['/reviews', 'reviews'],
      ['/faq', 'faq'],
      ['/reviews', 'reviews'],
    ]);
    expect(j.path[1]).toMatchObject({ title: '/reviews | Shop', at: 9000 });
  });

  it('sums time in view by element name and hovers and clicks by call-to-action kind', () => {
    expect(j.viewportMs).toEqual({ stat: 4000, testimonial: 9000 });
    expect(j.cta.proof).toEqual({ hovers: 1, hoverMs: 2500, lingers: 1, clicks: 0 });
    expect(j.cta.trial.clicks).toBe(1);
  });

  it('uses the business overrides for page types', () => {
    const k = foldJourney(emptyJourneyState(), session, [{ match: '/faq', page_type: 'pricing' }]);
    expect(k.byType.pricing).toMatchObject({ views: 1, dwellMs: 10_000 });
    expect(k.byType.faq.views).toBe(0);
  });
});

describe('foldJourney on thank-you pages', () => {
  const visit = (...paths: string[]) =>
    foldJourney(
      emptyJourneyState(),
      paths.map((p, i) => ({ ...ev('page_view', 1000 * (i + 1), p), title: 'Thank you! | Acme' })),
    ).path.map((s) => s.page_type);

  it('types a thank-you page that names no flow as the page before it', () => {
    expect(visit('/pricing', '/free-trial', '/thank-you')).toEqual(['pricing', 'demo', 'demo']);
    expect(visit('/cart', '/checkout', '/thank-you')).toEqual(['cart', 'cart', 'cart']);
    expect(visit('/thank-you')).toEqual(['other']);
  });

  it('follows the page before across batches', () => {
    const first = foldJourney(emptyJourneyState(), [ev('page_view', 1000, '/free-trial')]);
    const next = foldJourney(first, [
      { ...ev('page_view', 2000, '/thank-you'), title: 'Thank you!' },
      ev('page_hide', 9000, '/thank-you', { total_ms: 7000 }),
    ]);
    expect(next.path.at(-1)?.page_type).toBe('demo');
    expect(next.byType.demo).toMatchObject({ views: 2, dwellMs: 7000 });
  });
});

// ───────────────────────── properties ─────────────────────────

const TYPES = ['page_view', 'page_hide', 'viewport', 'cta_hover', 'click', 'form_interaction', 'scroll', 'custom'];
const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('/pricing', '/faq', '/blog/x', 'q-form'));
const anyValue = fc.oneof(
  fc.double({ min: -1e9, max: 1e12 }),
  fc.integer({ min: -100, max: 100_000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, false, 'focus', 'abandon', 'submit'),
  anyText,
);
const rawEvent = fc.record({
  type: fc.constantFrom(...TYPES),
  at: fc.integer({ min: 0, max: 100_000 }),
  url: fc.option(
    fc.oneof(
      fc.constantFrom(
        `${ORIGIN}/`,
        `${ORIGIN}/pricing`,
        `${ORIGIN}/reviews`,
        `${ORIGIN}/faq`,
        `${ORIGIN}/free-trial`,
        `${ORIGIN}/thank-you`,
        'not a url',
      ),
      fc.string({ maxLength: 400 }).map((s) => `${ORIGIN}/${s}`),
    ),
    { nil: null },
  ),
  title: fc.option(fc.string({ maxLength: 600 }), { nil: null }),
  el: fc.option(fc.oneof(fc.constantFrom('[data-ri=stat]', 'button#plan-a.btn'), fc.string({ maxLength: 300 })), {
    nil: null,
  }),
  data: fc.dictionary(
    fc.constantFrom('path', 'revisit', 'total_ms', 'dur', 'clicked', 'cta', 'text', 'href', 'action', 'form'),
    anyValue,
  ),
});
const eventsArb = fc
  .array(rawEvent, { maxLength: 80 })
  .map((es) => es.map((e, i): SignalEvent => ({ ...e, id: `e${String(i).padStart(4, '0')}` })));
const byTimeThenId = (a: SignalEvent, b: SignalEvent) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('foldJourney properties', () => {
  it('folding consecutive time-ordered batches equals folding the whole session', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 6 }), (events, cuts) => {
        const sorted = [...events].sort(byTimeThenId);
        const points = [...new Set(cuts.map((c) => c % (sorted.length + 1)))].sort((a, b) => a - b);
        let state = emptyJourneyState();
        let from = 0;
        for (const to of [...points, sorted.length]) {
          state = foldJourney(state, sorted.slice(from, to).reverse());
          from = to;
        }
        expect(state).toEqual(foldJourney(emptyJourneyState(), events));
      }),
    );
  });

  it('does not depend on the order of events within a batch, nor change its input', () => {
    const withShuffle = eventsArb.chain((es) =>
      fc.tuple(fc.constant(es), fc.shuffledSubarray(es, { minLength: es.length, maxLength: es.length })),
    );
    fc.assert(
      fc.property(withShuffle, ([events, shuffled]) => {
        const start = foldJourney(emptyJourneyState(), events.slice(0, 3));
        const before = JSON.stringify(start);
        expect(foldJourney(start, shuffled)).toEqual(foldJourney(start, events));
        expect(JSON.stringify(start)).toBe(before);
      }),
    );
  });

  it('stays under 6 KB of JSON, with bounded path and element names, however long the session', () => {
    fc.assert(
      fc.property(fc.array(eventsArb, { minLength: 1, maxLength: 40 }), (batches) => {
        let state = emptyJourneyState();
        let t = 0;
        for (const batch of batches) {
          // Each batch later than the last, as a live session sends them.
          state = foldJourney(
            state,
            batch.map((e) => ({ ...e, at: e.at + t })),
          );
          t += 100_001;
        }
        expect(Buffer.byteLength(JSON.stringify(state))).toBeLessThan(6 * 1024);
        expect(state.path.length).toBeLessThanOrEqual(JOURNEY_MAX_STEPS);
        expect(Object.keys(state.viewportMs).length).toBeLessThanOrEqual(JOURNEY_MAX_ELEMENTS + 1);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        for (const tally of Object.values(state.byType))
          for (const v of Object.values(tally)) expect(Number.isFinite(v) && v >= 0).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('stays under 6 KB in the worst case: long multi-byte paths and titles, every type, huge numbers', () => {
    const long = (i: number) => `/${'😀é'.repeat(300)}${i}`;
    const types = ['/pricing', '/reviews', '/faq', '/about', '/demo', '/cart', '/compare', '/blog', '/', '/x', '/shop'];
    const events: SignalEvent[] = [];
    for (let i = 0; i < 200; i++) {
      // The last 30 views (the kept path) have the longest type name.
      const path = i < 170 ? `${types[i % types.length]}${long(i)}` : `/compare${long(i)}`;
      events.push({ ...ev('page_view', 1e15 + i * 10, path, { path, revisit: true }), title: `"${'ü'.repeat(500)}"` });
      events.push(ev('page_hide', 1e15 + i * 10 + 1, path, { total_ms: 1e15 }));
      events.push(ev('form_interaction', 1e15 + i * 10 + 2, path, { action: 'focus', form: `f${i}` }));
      events.push(ev('form_interaction', 1e15 + i * 10 + 3, path, { action: 'abandon', form: `f${i}` }));
      events.push(ev('viewport', 1e15 + i * 10 + 4, path, { dur: 1e300 }, `[data-ri=${'x'.repeat(40)}${i}]`));
      for (const el of ['buy', 'trial', 'cert', 'faq', 'review', 'plan', 'zzz'])
        events.push(ev('cta_hover', 1e15 + i * 10 + 5, path, { dur: 1e300, clicked: false }, `button#${el}.btn`));
    }
    const j = foldJourney(emptyJourneyState(), events);
    expect(Buffer.byteLength(JSON.stringify(j))).toBeLessThan(6 * 1024);
  });

  it('pools element names past the limit under one entry', () => {
    const events = Array.from({ length: 50 }, (_, i) => ev('viewport', i, '/', { dur: 10 }, `[data-ri=block${i}]`));
    const j = foldJourney(emptyJourneyState(), events);
    expect(Object.keys(j.viewportMs)).toHaveLength(JOURNEY_MAX_ELEMENTS + 1);
    expect(j.viewportMs[JOURNEY_OTHER_ELEMENT]).toBe(300);
  });

  it('keeps only the last page views in the path', () => {
    const events = Array.from({ length: 100 }, (_, i) => ev('page_view', i, `/p${i}`));
    const j = foldJourney(emptyJourneyState(), events);
    expect(j.pageViews).toBe(100);
    expect(j.path).toHaveLength(JOURNEY_MAX_STEPS);
    expect(j.path.at(-1)?.path).toBe('/p99');
  });
});
