import { describe, expect, it } from 'vitest';
import { emptyJourneyState, foldJourney } from '../journey/journey-state.js';
import { emptySignalState, foldEvents, type SignalEvent } from '../signals/signal-state.js';
import {
  computeNeuromindBaseline,
  MIN_BASELINE_SESSIONS,
  pacePercentiles,
  parseNeuromindBaseline,
  percentileIn,
  relativeDwell,
} from './neuromind-baseline.js';
import { neuromindFeatures } from './neuromind-features.js';
import { buildSession, type PageSpec } from './session-builder.fixture.js';

const fold = (events: SignalEvent[]) => ({
  signals: foldEvents(emptySignalState(), events),
  journey: foldJourney(emptyJourneyState(), events),
});

/** A site's visitors: `n` sessions whose reading times and scroll speeds spread around the site's pace. */
const visitors = (n: number, pace: number, speed: number) =>
  Array.from({ length: n }, (_, i) => {
    const f = 0.5 + i / n; // 0.5 … 1.5 of the site's typical visitor
    const pages: PageSpec[] = [
      { path: '/pricing', dwell: 20 * pace * f, velocity: speed / f },
      { path: '/reviews', dwell: 40 * pace * f, velocity: speed / f },
    ];
    return fold(buildSession(pages));
  });

describe('percentileIn', () => {
  const q = Array.from({ length: 101 }, (_, i) => i); // 0 … 100
  it('places a value among the quantiles, interpolating between them', () => {
    expect(percentileIn(q, 50)).toBeCloseTo(0.5, 2);
    expect(percentileIn(q, 90.5)).toBeCloseTo(0.905, 3);
    expect(percentileIn(q, -5)).toBe(0);
    expect(percentileIn(q, 500)).toBe(1);
  });
  it('reads ties as their middle', () => {
    expect(percentileIn(new Array(101).fill(7), 7)).toBe(0.5);
  });
});

describe('computeNeuromindBaseline', () => {
  it('needs MIN_BASELINE_SESSIONS sessions with a page summary', () => {
    expect(computeNeuromindBaseline(visitors(MIN_BASELINE_SESSIONS - 1, 1, 1000))).toBeNull();
    const empty = fold(buildSession([{ path: '/', dwell: 5, velocity: 500 }]).slice(0, 1));
    expect(computeNeuromindBaseline([...visitors(MIN_BASELINE_SESSIONS - 1, 1, 1000), empty])).toBeNull();
    expect(computeNeuromindBaseline(visitors(MIN_BASELINE_SESSIONS, 1, 1000))?.sessions).toBe(MIN_BASELINE_SESSIONS);
  });

  it('keeps the reading time of each page type with enough sessions', () => {
    const b = computeNeuromindBaseline(visitors(60, 1, 1000))!;
    expect(b.dwellPerView.byType.pricing).toBeCloseTo(20, 0);
    expect(b.dwellPerView.byType.reviews).toBeCloseTo(40, 0);
    expect(b.dwellPerView.byType.blog).toBeUndefined();
    expect(parseNeuromindBaseline(JSON.parse(JSON.stringify(b)))).toEqual(b);
    expect(parseNeuromindBaseline({ sessions: 3 })).toBeNull();
  });

  it('judges reading time against the same mix of pages: a long review read is not slow reading', () => {
    const b = computeNeuromindBaseline(visitors(60, 1, 1000))!;
    // 40 s on a reviews page is what this site's visitors spend there; 40 s on pricing is twice theirs.
    const onReviews = fold(buildSession([{ path: '/reviews', dwell: 40, velocity: 1000 }])).journey;
    const onPricing = fold(buildSession([{ path: '/pricing', dwell: 40, velocity: 1000 }])).journey;
    expect(relativeDwell(onReviews, b.dwellPerView)).toBeCloseTo(1, 1);
    expect(relativeDwell(onPricing, b.dwellPerView)).toBeCloseTo(2, 1);
  });
});

describe('pace against the business, not in absolute terms', () => {
  // The same visitor (slow reader, slow scroller for the site) on a brisk site and on a slow one.
  const slowReader = (pace: number, speed: number) =>
    fold(
      buildSession([
        { path: '/pricing', dwell: 20 * pace * 1.4, velocity: speed / 1.4 },
        { path: '/reviews', dwell: 40 * pace * 1.4, velocity: speed / 1.4 },
      ]),
    );

  it('gives the same percentiles on a site twice as brisk', () => {
    const brisk = computeNeuromindBaseline(visitors(80, 0.5, 2000))!;
    const slow = computeNeuromindBaseline(visitors(80, 1, 1000))!;
    const a = pacePercentiles(slowReader(0.5, 2000).signals, slowReader(0.5, 2000).journey, brisk);
    const b = pacePercentiles(slowReader(1, 1000).signals, slowReader(1, 1000).journey, slow);
    expect(a.dwell!.percentile).toBeGreaterThan(0.8);
    expect(a.dwell!.percentile).toBeCloseTo(b.dwell!.percentile, 1);
    expect(a.scroll_velocity!.percentile).toBeLessThan(0.25);
    expect(a.scroll_velocity!.percentile).toBeCloseTo(b.scroll_velocity!.percentile, 1);
  });

  it('leaves pace unjudged (null, read as average) without a baseline', () => {
    const s = slowReader(1, 1000);
    const features = neuromindFeatures(s.signals, s.journey, null);
    for (const name of ['pace_dwell', 'pace_scroll', 'pace_hover', 'pace_pointer']) {
      expect(features.find((f) => f.name === name)?.value).toBeNull();
    }
    const judged = neuromindFeatures(s.signals, s.journey, computeNeuromindBaseline(visitors(80, 1, 1000)));
    const dwell = judged.find((f) => f.name === 'pace_dwell')!;
    expect(dwell.value).toBeGreaterThan(0.8);
    expect(dwell.detail).toMatch(/^read 1\.4× as long per page as this site's visitors do on the same pages/);
  });
});
