import { describe, expect, it } from 'vitest';
import { emptyJourneyState, foldJourney } from '../journey/journey-state.js';
import { emptySignalState, foldEvents } from '../signals/signal-state.js';
import { computeNeuromindBaseline } from './neuromind-baseline.js';
import { attentionKindOf, NEUROMIND_FEATURE_NAMES, neuromindFeatures } from './neuromind-features.js';
import { buildSession, type PageSpec } from './session-builder.fixture.js';

const featuresOf = (pages: PageSpec[]) => {
  const events = buildSession(pages);
  const f = neuromindFeatures(foldEvents(emptySignalState(), events), foldJourney(emptyJourneyState(), events));
  return new Map(f.map((x) => [x.name, x]));
};

describe('neuromindFeatures', () => {
  it('returns every feature once, in the model order', () => {
    const f = neuromindFeatures(emptySignalState(), emptyJourneyState());
    expect(f.map((x) => x.name)).toEqual(NEUROMIND_FEATURE_NAMES);
    expect(new Set(NEUROMIND_FEATURE_NAMES).size).toBe(NEUROMIND_FEATURE_NAMES.length);
  });

  it('reads an empty session as unmeasured or zero, never as an invented number', () => {
    for (const x of neuromindFeatures(emptySignalState(), emptyJourneyState())) {
      if (x.raw === null) expect(x.value).toBeNull();
      else expect(x.raw).toBe(0);
    }
  });

  it('measures the share of page views and page time by page type, with a sentence', () => {
    const f = featuresOf([
      { path: '/reviews', dwell: 60, velocity: 400 },
      { path: '/case-studies/acme', dwell: 60, velocity: 400 },
      { path: '/reviews', dwell: 30, velocity: 400, revisit: true },
      { path: '/pricing', dwell: 20, velocity: 400 },
      { path: '/', dwell: 10, velocity: 400 },
    ]);
    // The landing page (reviews, here) was chosen by whoever sent the visitor: shares count the 4 pages after it.
    expect(f.get('views_reviews')).toMatchObject({ kind: 'page_type', raw: 0.5, value: 0.5 });
    expect(f.get('views_reviews')?.detail).toBe(
      '50% of the pages chosen after landing were reviews and case studies pages',
    );
    expect(f.get('views_pricing')?.raw).toBe(0.25);
    expect(f.get('dwell_reviews')?.raw).toBeCloseTo(150 / 180, 9);
    expect(f.get('revisits_reviews')?.raw).toBeCloseTo(0.2, 9);
    expect(f.get('pages_viewed')).toMatchObject({ kind: 'signal', raw: 5, value: Math.log1p(5) });
    // Pace is judged only against the business's own visitors: without them it is not measured.
    expect(f.get('pace_scroll')?.value).toBeNull();
  });

  it('times marked elements by kind and reads hovers by call-to-action kind', () => {
    const f = featuresOf([
      {
        path: '/pricing',
        dwell: 60,
        velocity: 900,
        views: [
          ['[data-ri=plans]', 20],
          ['section#t.testimonial', 5],
        ],
        hovers: [
          ['button#plan-basic.btn', 800, true],
          ['button#billing-annual.btn', 2500, false],
          ['a#pricing-buy.btn', 600, false],
        ],
      },
    ]);
    // Time in view as a share of the time on pages, so a brisk reader's look weighs as a slow reader's.
    expect(f.get('attention_plans')?.raw).toBeCloseTo(20 / 60, 9);
    expect(f.get('attention_testimonial')?.raw).toBeCloseTo(5 / 60, 9);
    expect(f.get('hovers_plans')?.raw).toBeCloseTo(2 / 3, 9);
    expect(f.get('clicks_plans')?.raw).toBe(1);
    expect(f.get('linger_rate')?.raw).toBeCloseTo(1 / 3, 9);
  });

  it('counts the sections an owner marked data-ri-track as the SDK names them, several words included', () => {
    // `<section data-ri-track="guarantee">` reaches the server as `[data-ri=guarantee]`; before the SDK read
    // data-ri-track, such a section with no id or class arrived as `section` and counted as nothing.
    const f = featuresOf([
      {
        path: '/product',
        dwell: 60,
        velocity: 500,
        views: [
          ['[data-ri=guarantee]', 3],
          ['[data-ri=money-back guarantee]', 2],
          ['[data-ri=Customer Testimonials]', 4],
          ['[data-ri=credentials]', 6],
          ['section', 9],
        ],
      },
    ]);
    expect(f.get('attention_guarantee')?.raw).toBeCloseTo(5 / 60, 9);
    expect(f.get('attention_testimonial')?.raw).toBeCloseTo(4 / 60, 9);
    expect(f.get('attention_authority')?.raw).toBeCloseTo(6 / 60, 9);
    expect(f.get('attention_guarantee')?.detail).toBe('guarantee blocks were in view for 5 s, 8% of the time on pages');
  });

  it('leaves pointer features unmeasured on a touch screen instead of reading them as zero', () => {
    const mouse = buildSession([{ path: '/demo', dwell: 40, velocity: 800 }]);
    const fold = (events: typeof mouse) => ({
      signals: foldEvents(emptySignalState(), events),
      journey: foldJourney(emptyJourneyState(), events),
    });
    const baseline = computeNeuromindBaseline(
      Array.from({ length: 40 }, (_, i) => fold(buildSession([{ path: '/demo', dwell: 20 + i, velocity: 800 }]))),
    );
    const touch = fold(mouse.filter((e) => e.type !== 'mouse_movement'));
    const withMouse = fold(mouse);
    expect(
      neuromindFeatures(withMouse.signals, withMouse.journey, baseline).find((x) => x.name === 'pace_pointer')?.value,
    ).not.toBeNull();
    const f = new Map(neuromindFeatures(touch.signals, touch.journey, baseline).map((x) => [x.name, x]));
    for (const name of ['hovers_per_page', 'pace_hover', 'linger_rate', 'cta_click_through', 'pace_pointer'])
      expect(f.get(name)?.value).toBeNull();
    expect(f.get('has_hover')?.raw).toBe(0);
  });
});

describe('attentionKindOf', () => {
  it('reads the kind of a marked element from the words of its name', () => {
    expect(attentionKindOf('testimonial')).toBe('testimonial');
    expect(attentionKindOf('customer-reviews')).toBe('testimonial');
    expect(attentionKindOf('stats')).toBe('stat');
    expect(attentionKindOf('press_logos')).toBe('authority');
    expect(attentionKindOf('returns-policy')).toBe('policy');
    expect(attentionKindOf('hero')).toBeNull();
  });
});
