import { readFileSync } from 'node:fs';
import { round } from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyJourneyState, foldJourney } from '../journey/journey-state.js';
import type { SignalEvent } from '../signals/signal-state.js';
import { predictMarginVariants } from './boosting.js';
import { type ConversionModel, calibratedProbability, predictConversionMargin } from './conversion-model.js';
import { liveSessionFeatures, type PageTypeTotals, scoreLiveSession, UCI_TYPICAL } from './live-session.js';
import { type ModelPrior, parseModelPrior, UCI_PRIOR_URL } from './model-prior.js';
import { readinessFromProbability } from './readiness.js';
import { type SessionFeatures, toFeatureVector } from './session-features.js';

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

/**
 * The typical-session transforms of scoreLiveSession's input groups, copied from INPUT_GROUPS in
 * live-session.ts, to compute the explanation the direct way: a full predictConversionMargin per group.
 */
const TYPICAL: Record<string, (f: SessionFeatures) => SessionFeatures> = {
  product_pages: (f) => ({ ...f, pageViews: { ...f.pageViews, product: 17 } }),
  product_seconds: (f) => ({ ...f, dwellSeconds: { ...f.dwellSeconds, product: 590.55 } }),
  cart_checkout_pages: (f) => ({
    ...f,
    pageViews: { ...f.pageViews, admin: 1 },
    dwellSeconds: { ...f.dwellSeconds, admin: 7 },
  }),
  info_pages: (f) => ({ ...f, pageViews: { ...f.pageViews, info: 0 }, dwellSeconds: { ...f.dwellSeconds, info: 0 } }),
  page_value: (f) => (f.pageValue === null ? f : { ...f, pageValue: 0 }),
  exit_rate: (f) => ({ ...f, exitRate: UCI_TYPICAL.exitRate }),
  bounce_rate: (f) => ({ ...f, bounceRate: UCI_TYPICAL.bounceRate }),
  returning_visitor: (f) => ({ ...f, visitor: 'returning' }),
  season: (f) => ({ ...f, month: 5, isWeekend: false, specialDay: 0 }),
};

/** The model and input scoreLiveSession uses for `features`, its margin, and each group's unrounded weight. */
function naiveExplanation(model: ModelPrior | ConversionModel, features: SessionFeatures) {
  let chosen: ConversionModel;
  let input = features;
  if ('withPageValue' in model) chosen = features.pageValue === null ? model.withoutPageValue : model.withPageValue;
  else {
    chosen = model;
    if (chosen.usesPageValue && features.pageValue === null) input = { ...features, pageValue: 0 };
  }
  const margin = predictConversionMargin(chosen, input);
  const weights = Object.entries(TYPICAL).map(
    ([feature, typical]) => [feature, margin - predictConversionMargin(chosen, typical(input))] as const,
  );
  return { chosen, input, margin, weights };
}

const rate = (typical: number) => fc.oneof(fc.constant(typical), fc.double({ min: 0, max: 1, noNaN: true }));
const seconds = fc.double({ min: 0, max: 20_000, noNaN: true });
const sessionFeaturesArb: fc.Arbitrary<SessionFeatures> = fc.oneof(
  fc.record({
    pageViews: fc.record({ admin: fc.nat(30), info: fc.nat(30), product: fc.nat(200) }),
    dwellSeconds: fc.record({ admin: seconds, info: seconds, product: seconds }),
    bounceRate: rate(UCI_TYPICAL.bounceRate),
    exitRate: rate(UCI_TYPICAL.exitRate),
    pageValue: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: null }),
    specialDay: fc.constantFrom(0, 0.2, 0.4, 0.6, 0.8, 1),
    month: fc.integer({ min: 1, max: 12 }),
    isWeekend: fc.boolean(),
    visitor: fc.constantFrom('returning' as const, 'new' as const, 'other' as const),
    context: fc.record({
      trafficType: fc.integer({ min: 1, max: 20 }),
      region: fc.integer({ min: 1, max: 9 }),
      browser: fc.integer({ min: 1, max: 13 }),
      operatingSystem: fc.integer({ min: 1, max: 8 }),
    }),
  }),
  fc.tuple(byTypeArb, contextArb).map(([byType, context]) => liveSessionFeatures(byType, context)),
);

describe('live readiness score explanation (against a full model pass per input group)', () => {
  // The prior, and each of its models used as a business's own (which reads a missing page value as 0).
  const models = fc.constantFrom<ModelPrior | ConversionModel>(prior, prior.withPageValue, prior.withoutPageValue);

  it('gives the same score bit for bit, and the same weights before and after rounding', () => {
    fc.assert(
      fc.property(models, sessionFeaturesArb, (model, features) => {
        const s = scoreLiveSession(model, features);
        const naive = naiveExplanation(model, features);
        const probability = calibratedProbability(naive.chosen, naive.margin);
        expect(Object.is(s.conversionProbability, probability)).toBe(true);
        expect(Object.is(s.readinessScore, readinessFromProbability(probability))).toBe(true);

        // Before rounding: the weights scoreLiveSession rounds. They are exact (the margins' sums run in
        // the same order), so well within 1e-9.
        const vector = (f: SessionFeatures) => toFeatureVector(f, naive.chosen.usesPageValue);
        const typical = Object.values(TYPICAL).map((t) => vector(t(naive.input)));
        const fast = predictMarginVariants(naive.chosen, vector(naive.input), typical);
        expect(fast.margin).toBe(naive.margin);
        expect(fast.variantMargins.map((z) => fast.margin - z)).toEqual(naive.weights.map(([, weight]) => weight));

        // After rounding: the same groups listed, with the same weights, strongest first.
        const expected = naive.weights
          .map(([feature, weight]) => ({ feature, weight: round(weight, 3) }))
          .filter((c) => (c.feature === 'page_value' ? naive.chosen.usesPageValue : c.weight !== 0));
        const byFeature = (a: { feature: string }, b: { feature: string }) => a.feature.localeCompare(b.feature);
        expect(s.contributions.map(({ feature, weight }) => ({ feature, weight })).sort(byFeature)).toEqual(
          expected.sort(byFeature),
        );
        const strengths = s.contributions.map((c) => Math.abs(c.weight));
        expect(strengths.every((w, i) => i === 0 || w <= strengths[i - 1]!)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
