import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyJourneyState, foldJourney } from '../journey/journey-state.js';
import type { SignalEvent } from '../signals/signal-state.js';
import { liveSessionFeatures, type PageTypeTotals, scoreLiveSession } from './live-session.js';
import { parseModelPrior, UCI_PRIOR_URL } from './model-prior.js';

const prior = parseModelPrior(JSON.parse(readFileSync(UCI_PRIOR_URL, 'utf8')));
const START = Date.UTC(2026, 10, 3, 10);

const PAGES = [
  ['/', 'Home'],
  ['/products/trail-shoe', 'Trail shoe'],
  ['/pricing', 'Pricing'],
  ['/reviews', 'Reviews'],
  ['/faq', 'FAQ'],
  ['/about', 'About us'],
  ['/blog/how-to-run', 'How to run'],
  ['/compare/a-vs-b', 'A vs B'],
  ['/cart', 'Your cart'],
  ['/checkout', 'Checkout'],
] as const;

const totals = fc.record({ views: fc.nat(40), dwellMs: fc.nat(3_600_000) });
const byTypeArb = fc.record({
  product: totals,
  pricing: totals,
  reviews: totals,
  comparison: totals,
  demo: totals,
  cart: totals,
  faq: totals,
  about: totals,
  blog: totals,
  home: totals,
  other: totals,
});
const contextArb = fc.record({
  startedAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
  returning: fc.boolean(),
  pageRates: fc.option(
    fc.record({
      bounceRate: fc.double({ min: 0, max: 1, noNaN: true }),
      exitRate: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { nil: null },
  ),
  pageValue: fc.option(fc.double({ min: 0, max: 500, noNaN: true }), { nil: null }),
});

const score = (byType: Record<string, PageTypeTotals>, context: Parameters<typeof liveSessionFeatures>[1]) =>
  scoreLiveSession(prior, liveSessionFeatures(byType, context));

describe('live readiness score (properties, with the shipped prior)', () => {
  it('stays in range: readiness 0-100, probability 0-1, finite weights', () => {
    fc.assert(
      fc.property(byTypeArb, contextArb, (byType, context) => {
        const s = score(byType, context);
        expect(s.readinessScore).toBeGreaterThanOrEqual(0);
        expect(s.readinessScore).toBeLessThanOrEqual(100);
        expect(s.conversionProbability).toBeGreaterThanOrEqual(0);
        expect(s.conversionProbability).toBeLessThanOrEqual(1);
        for (const c of s.contributions) expect(Number.isFinite(c.weight)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never falls with more buying evidence: more cart/checkout views or time, or a higher page value', () => {
    fc.assert(
      fc.property(
        byTypeArb,
        contextArb,
        fc.nat(10),
        fc.nat(1_800_000),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (byType, context, moreViews, moreMs, moreValue) => {
          const before = score(byType, context);
          const withEvidence = {
            ...byType,
            cart: { views: byType.cart.views + moreViews, dwellMs: byType.cart.dwellMs + moreMs },
          };
          const richer = {
            ...context,
            pageValue: context.pageValue === null ? null : context.pageValue + moreValue,
          };
          const after = score(withEvidence, richer);
          expect(after.conversionProbability).toBeGreaterThanOrEqual(before.conversionProbability);
          expect(after.readinessScore).toBeGreaterThanOrEqual(before.readinessScore);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same score whatever the order of the events within a batch', () => {
    const visit = fc.array(
      fc.record({ page: fc.integer({ min: 0, max: PAGES.length - 1 }), gap: fc.nat(120_000), dwell: fc.nat(300_000) }),
      { minLength: 1, maxLength: 15 },
    );
    fc.assert(
      fc.property(visit, fc.integer(), (steps, seed) => {
        const events: SignalEvent[] = [];
        let at = START;
        steps.forEach((step, i) => {
          const [path, title] = PAGES[step.page]!;
          const url = `https://shop.example${path}`;
          at += step.gap;
          events.push({ id: `v${i}`, type: 'page_view', at, url, title, el: null, data: { path } });
          events.push({
            id: `h${i}`,
            type: 'page_hide',
            at: at + 1,
            url,
            title,
            el: null,
            data: { total_ms: step.dwell },
          });
        });
        const shuffled = fc.sample(fc.shuffledSubarray(events, { minLength: events.length }), { seed, numRuns: 1 })[0]!;
        const scoreOf = (batch: SignalEvent[]) =>
          score(foldJourney(emptyJourneyState(), batch).byType, { startedAt: START, returning: false });
        expect(scoreOf(shuffled)).toEqual(scoreOf(events));
      }),
      { numRuns: 200 },
    );
  });
});
