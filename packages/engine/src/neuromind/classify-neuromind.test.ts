import type { NeuromindProfile } from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyJourneyState, foldJourney } from '../journey/journey-state.js';
import { emptySignalState, foldEvents, type SignalEvent } from '../signals/signal-state.js';
import { classifyNeuromind, NEUROMIND_MAX_EVIDENCE, NEUROMIND_MIN_CONFIDENCE } from './classify-neuromind.js';
import { computeNeuromindBaseline } from './neuromind-baseline.js';
import { neuromindFeatures } from './neuromind-features.js';
import { loadNeuromindModel, standardiseFeatures } from './neuromind-model.js';
import { buildSession, type PageSpec } from './session-builder.fixture.js';

const model = loadNeuromindModel();
const classify = (events: SignalEvent[]) =>
  classifyNeuromind(model, foldEvents(emptySignalState(), events), foldJourney(emptyJourneyState(), events));

// Sessions as each profile typically browses (docs/simulator.md, behaviour models), built from SDK events,
// at the reading times of real visitors (18-35 s a page; a Fast-Mover 5-25 s), with no baseline of the
// business's visitors: what a new site sees.
const TYPICAL: Record<NeuromindProfile, PageSpec[]> = {
  'Fast-Mover': [
    { path: '/pricing', dwell: 9, velocity: 2600, depth: 90, hovers: [['a#pricing-buy.btn', 400, true]] },
    {
      path: '/products/trail-runner',
      dwell: 10,
      velocity: 2400,
      depth: 85,
      hovers: [['button#buy-trail-runner.btn', 450, true]],
    },
    { path: '/cart', dwell: 6, velocity: 2500, hovers: [['a#cart-checkout.btn', 400, true]] },
    { path: '/checkout', dwell: 25, velocity: 2000, form: ['checkout-form', 'submit'], conversion: 'purchase' },
    { path: '/order-confirmation', dwell: 5, velocity: 2000 },
  ],
  'Proof-Driven': [
    { path: '/', dwell: 30, velocity: 450, depth: 95, views: [['section#t.testimonial', 9]] },
    ...['/reviews', '/case-studies/acme', '/compare', '/case-studies/ridgeline', '/reviews'].map(
      (path, i): PageSpec => ({
        path,
        dwell: 32,
        velocity: 450,
        depth: 95,
        reversals: 1,
        revisit: i === 4,
        views: [
          ['section#r.testimonial', 9],
          ['section#s.stat', 8],
        ],
        hovers: [['a#case-acme.btn', 1100, false]],
      }),
    ),
  ],
  Reassurer: ['/products/summit-pack', '/faq', '/returns', '/shipping', '/guarantee', '/faq'].map(
    (path, i): PageSpec => ({
      path,
      dwell: i === 0 ? 20 : 28,
      velocity: 700,
      depth: 75,
      reversals: 2,
      revisit: i === 5,
      views: [
        ['section#g.guarantee', 7],
        ['section#p.policy', 6],
      ],
      hovers: [
        ['div#badge-faq.badge', 1500, false],
        ['button#faq-refund.btn', 2600, false],
      ],
      form: i > 0 ? ['question-form', 'abandon'] : undefined,
    }),
  ),
  Skeptic: ['/pricing', '/terms', '/about', '/pricing', '/terms', '/certifications', '/pricing'].map(
    (path, i): PageSpec => ({
      path,
      dwell: 30,
      velocity: 900,
      depth: 80,
      reversals: 5,
      backForth: 1,
      revisit: i >= 3,
      views: [['section#p.policy', 6.5]],
      hovers: [
        ['button#plan-pro.btn', 3500, false],
        ['a#pricing-buy.btn', 2800, false],
      ],
    }),
  ),
  Optimizer: ['/compare', '/pricing', '/compare', '/products/trail-runner', '/pricing', '/cart'].map(
    (path, i): PageSpec => ({
      path,
      dwell: 24,
      velocity: 1300,
      depth: 70,
      reversals: 2,
      revisit: i >= 2 && i !== 3,
      views: [
        ['section#c.comparison', 10],
        ['section#p.plans', 9],
      ],
      hovers: [
        ['button#plan-basic.btn', 800, true],
        ['button#billing-annual.btn', 700, true],
        ['button#compare-tr.btn', 900, false],
      ],
      form: path === '/cart' ? ['coupon-form', 'abandon'] : undefined,
    }),
  ),
  'Authority-Seeker': [
    '/about',
    '/team',
    '/blog/expert-guide',
    '/press',
    '/certifications',
    '/blog/training-science',
  ].map(
    (path): PageSpec => ({
      path,
      dwell: 33,
      velocity: 600,
      depth: 75,
      reversals: 1,
      views: [
        ['section#c.credential', 8],
        ['section#p.press', 7],
        ['section#a.author', 6],
      ],
      hovers: [['div#badge-bcorp.badge', 1000, true]],
    }),
  ),
  'Experience-First': [
    { path: '/', dwell: 20, velocity: 850, depth: 60, hovers: [['a#hero-trial.btn', 600, false]] },
    ...['/demo', '/video-tour', '/demo'].map(
      (path, i): PageSpec => ({
        path,
        dwell: 35,
        velocity: 850,
        depth: 60,
        revisit: i === 2,
        views: [['section#v.video', 25]],
        hovers: [
          ['button#demo-play.btn', 700, true],
          ['button#demo-pace.btn', 600, true],
        ],
      }),
    ),
    { path: '/free-trial', dwell: 30, velocity: 850, form: ['trial-form', 'submit'], conversion: 'trial_signup' },
    { path: '/trial-started', dwell: 10, velocity: 850 },
  ],
};

describe('classifyNeuromind on sessions typical of each profile', () => {
  it.each(Object.entries(TYPICAL))('recognises a %s', (profile, pages) => {
    const result = classify(buildSession(pages));
    expect(result.profile).toBe(profile);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it('cites the page types and signals behind the winner', () => {
    const proof = classify(buildSession(TYPICAL['Proof-Driven']));
    const reviews = proof.evidence.find((e) => e.name === 'views_reviews' || e.name === 'dwell_reviews');
    expect(reviews?.kind).toBe('page_type');
    expect(reviews?.detail).toMatch(/^\d+% of .* reviews and case studies pages$/);
    const fast = classify(buildSession(TYPICAL['Fast-Mover']));
    expect(fast.evidence.some((e) => e.kind === 'signal')).toBe(true);
  });
});

describe('classifyNeuromind output', () => {
  const sessions = Object.values(TYPICAL).map((pages) => buildSession(pages));

  it('gives all seven profiles, probabilities summing to 1, most likely first, the winner being the first', () => {
    for (const events of sessions) {
      const r = classify(events);
      expect(new Set(r.probabilities.map((p) => p.profile))).toEqual(new Set(model.classes));
      expect(r.probabilities.reduce((a, p) => a + p.probability, 0)).toBeCloseTo(1, 12);
      for (let i = 1; i < 7; i++)
        expect(r.probabilities[i]!.probability).toBeLessThanOrEqual(r.probabilities[i - 1]!.probability);
      expect(r.leading).toBe(r.probabilities[0]!.profile);
      expect(r.profile === null || r.profile === r.leading).toBe(true);
      expect(r.confidence).toBe(r.probabilities[0]!.probability);
    }
  });

  it('gives 3 to 5 pieces of evidence, each pushing toward the winner, strongest first', () => {
    for (const events of sessions) {
      const signals = foldEvents(emptySignalState(), events);
      const journey = foldJourney(emptyJourneyState(), events);
      const r = classifyNeuromind(model, signals, journey);
      expect(r.evidence.length).toBeGreaterThanOrEqual(3);
      expect(r.evidence.length).toBeLessThanOrEqual(NEUROMIND_MAX_EVIDENCE);
      const features = neuromindFeatures(signals, journey);
      const z = standardiseFeatures(
        model,
        features.map((f) => f.value),
      );
      const w = model.weights[model.classes.indexOf(r.leading)]!;
      const pushes = r.evidence.map((e) => {
        const j = model.featureNames.indexOf(e.name);
        expect(e.value).toBeCloseTo(features[j]!.raw!, 3);
        expect(e.detail).not.toBe('');
        return w[j]! * z[j]!;
      });
      for (const p of pushes) expect(p).toBeGreaterThan(0);
      expect([...pushes].sort((a, b) => b - a)).toEqual(pushes);
    }
  });

  it('is deterministic and does not depend on how the session was batched', () => {
    const events = sessions[3]!;
    const once = classify(events);
    const signals = foldEvents(foldEvents(emptySignalState(), events.slice(0, 40)), events.slice(40));
    const journey = foldJourney(foldJourney(emptyJourneyState(), events.slice(0, 40)), events.slice(40));
    expect(classifyNeuromind(model, signals, journey)).toEqual(once);
    expect(classify(events)).toEqual(once);
  });

  it('does not classify a session without a page view, and says so', () => {
    const r = classifyNeuromind(model, emptySignalState(), emptyJourneyState());
    expect(r.profile).toBeNull();
    expect(r.unclassifiedReason).toBe('no page viewed yet');
    expect(r.probabilities).toHaveLength(7);
    expect(r.probabilities.reduce((a, p) => a + p.probability, 0)).toBeCloseTo(1, 12);
  });

  it('returns a valid distribution for any events', () => {
    const event = fc.record({
      id: fc.uuid(),
      type: fc.constantFrom('page_view', 'page_hide', 'scroll', 'cta_hover', 'viewport', 'click', 'hesitation'),
      at: fc.integer({ min: 0, max: 1e7 }),
      url: fc.option(fc.constantFrom('https://s.example/pricing', 'https://s.example/faq', 'https://s.example/x'), {
        nil: null,
      }),
      title: fc.constant(null),
      el: fc.option(fc.constantFrom('[data-ri=testimonial]', 'button#buy.btn'), { nil: null }),
      data: fc.dictionary(
        fc.constantFrom('path', 'total_ms', 'velocity', 'dur', 'depth', 'dir_changes', 'clicked', 'cta', 'kind'),
        fc.oneof(fc.double({ min: -1e12, max: 1e12 }), fc.boolean(), fc.string()),
      ),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const r = classify(events);
        const sum = r.probabilities.reduce((a, p) => a + p.probability, 0);
        expect(sum).toBeCloseTo(1, 9);
        for (const p of r.probabilities) expect(p.probability >= 0 && p.probability <= 1).toBe(true);
        expect(r.evidence.length).toBeLessThanOrEqual(NEUROMIND_MAX_EVIDENCE);
      }),
      { numRuns: 50 },
    );
  });
});

describe('honest when unsure', () => {
  const fold = (events: SignalEvent[]) =>
    [foldEvents(emptySignalState(), events), foldJourney(emptyJourneyState(), events)] as const;

  it('leaves one page with nothing clicked unclassified, whatever the page, with the reason', () => {
    for (const path of ['/pricing', '/reviews', '/faq', '/about', '/demo']) {
      const r = classify(buildSession([{ path, dwell: 30, velocity: 800, views: [['[data-ri=testimonial]', 10]] }]));
      expect(r.profile).toBeNull();
      expect(r.unclassifiedReason).toMatch(/^one page viewed and nothing clicked yet/);
      // The leading profile and the evidence are still there for whoever wants to look.
      expect(r.evidence.length).toBeGreaterThan(0);
    }
  });

  it('does not call a short session Fast-Mover by default: a quick decider acts', () => {
    const glance = classify(buildSession([{ path: '/pricing', dwell: 8, velocity: 2500 }]));
    expect(glance.profile).toBeNull();
    const decider = classify(
      buildSession([
        { path: '/pricing', dwell: 8, velocity: 2500, hovers: [['a#pricing-buy.btn', 400, true]] },
        { path: '/checkout', dwell: 20, velocity: 2000, form: ['checkout-form', 'submit'], conversion: 'purchase' },
      ]),
    );
    expect(decider.profile).toBe('Fast-Mover');
  });

  it('leaves a session unclassified when no profile reaches the minimum confidence', () => {
    const undecided = { ...model, weights: model.weights.map((w) => w.map(() => 0)), bias: model.bias.map(() => 0) };
    const r = classifyNeuromind(undecided, ...fold(buildSession(TYPICAL.Skeptic)));
    expect(r.confidence).toBeCloseTo(1 / 7, 9);
    expect(r.profile).toBeNull();
    const threshold = Math.round(100 * (model.minConfidence ?? NEUROMIND_MIN_CONFIDENCE));
    expect(r.unclassifiedReason).toBe(
      `the evidence is split: ${r.probabilities[0]!.profile} 14%, ${r.probabilities[1]!.profile} 14%; no profile reaches ${threshold}%`,
    );
    // The same session is classified by the fitted model, and would not be with a threshold above its confidence.
    const fitted = classifyNeuromind(model, ...fold(buildSession(TYPICAL.Skeptic)));
    expect(fitted.profile).toBe('Skeptic');
    const strict = classifyNeuromind(
      { ...model, minConfidence: fitted.confidence + 0.01 },
      ...fold(buildSession(TYPICAL.Skeptic)),
    );
    expect(strict.profile).toBeNull();
    expect(strict.leading).toBe('Skeptic');
  });
});

describe('pace judged against the business, not in absolute seconds', () => {
  /** A business's visitors: every typical session at `pace` (reading time × pace, scrolling ÷ pace), with some spread. */
  const business = (pace: number) =>
    Object.entries(TYPICAL).flatMap(([profile, pages]) =>
      [0.8, 0.9, 1, 1.1, 1.2].map((f) => ({
        profile,
        events: buildSession(
          pages.map((p) => ({ ...p, dwell: p.dwell * pace * f, velocity: p.velocity / (pace * f) })),
        ),
      })),
    );
  const judge = (pace: number) => {
    const sessions = business(pace);
    const states = sessions.map((s) => ({
      signals: foldEvents(emptySignalState(), s.events),
      journey: foldJourney(emptyJourneyState(), s.events),
    }));
    const baseline = computeNeuromindBaseline(states);
    expect(baseline).not.toBeNull();
    return states.map((s) => classifyNeuromind(model, s.signals, s.journey, baseline));
  };

  it('gives the same profiles on a site whose visitors all read twice as slowly', () => {
    const brisk = judge(0.7);
    const slow = judge(1.4);
    expect(slow.map((r) => r.leading)).toEqual(brisk.map((r) => r.leading));
    for (const [i, r] of slow.entries()) expect(r.confidence).toBeCloseTo(brisk[i]!.confidence, 1);
  });

  it("recognises each profile among its business's visitors", () => {
    const sessions = business(1);
    const results = judge(1);
    const right = results.filter((r, i) => r.profile === sessions[i]!.profile).length;
    expect(right / results.length).toBeGreaterThan(0.9);
  });
});
