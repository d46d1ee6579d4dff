import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accumulatePageStats,
  pageContextOf,
  pageValueScale,
  type SessionPages,
  UCI_MEDIAN_POSITIVE_PAGE_VALUE,
} from './page-stats.js';

const session = (
  paths: string[],
  value = 0,
  convertedAt: number | null = null,
  pageViews = paths.length,
): SessionPages => ({
  steps: paths.map((path, i) => ({ path, at: 1000 * (i + 1) })),
  pageViews,
  value,
  convertedAt,
});

describe('page statistics', () => {
  const sessions = [
    session(['/', '/pricing', '/checkout'], 100, 2500), // converted after /pricing, before /checkout
    session(['/']), // bounced
    session(['/blog', '/pricing']),
    session(['/pricing', '/checkout', '/pricing'], 50, null, 5), // two early views dropped: entrance unknown
  ];
  const stats = accumulatePageStats(sessions);

  it('counts views, unique views, entrances, bounces and exits as web analytics does', () => {
    expect(stats.get('/')).toEqual({ views: 2, sessions: 2, entrances: 2, bounces: 1, exits: 1, revenue: 100 });
    expect(stats.get('/pricing')).toEqual({ views: 4, sessions: 3, entrances: 0, bounces: 0, exits: 2, revenue: 150 });
    // The checkout came after the first session's conversion: none of its value.
    expect(stats.get('/checkout')).toEqual({ views: 2, sessions: 2, entrances: 0, bounces: 0, exits: 1, revenue: 50 });
  });

  it('describes a session by the mean of its pages: value per unique view, bounce and exit rates', () => {
    const ctx = pageContextOf(['/', '/pricing', '/pricing'], stats)!;
    expect(ctx.pageValue).toBeCloseTo((100 / 2 + 150 / 3) / 2, 10);
    expect(ctx.bounceRate).toBeCloseTo((1 / 2 + 0) / 2, 10);
    expect(ctx.exitRate).toBeCloseTo((1 / 2 + 2 / 4) / 2, 10);
    expect(pageContextOf([], stats)).toBeNull();
    expect(pageContextOf(['/never-seen'], stats)).toEqual({ pageValue: 0, bounceRate: 0, exitRate: 0 });
  });

  it('leaving a session out gives exactly the statistics of the others', () => {
    const paths = fc.constantFrom('/', '/a', '/b', '/c', '/d');
    const sessionArb = fc
      .record({
        paths: fc.array(paths, { minLength: 1, maxLength: 8 }),
        value: fc.constantFrom(0, 0, 40, 99.5),
        convertAfter: fc.nat(8),
        dropped: fc.nat(2),
      })
      .map(({ paths: p, value, convertAfter, dropped }) =>
        session(p, value, value > 0 ? 1000 * (convertAfter + 1) : null, p.length + dropped),
      );
    fc.assert(
      fc.property(fc.array(sessionArb, { minLength: 2, maxLength: 12 }), fc.nat(), (all, pick) => {
        const i = pick % all.length;
        const own = all[i]!;
        const viewed = own.steps.map((s) => s.path);
        const others = accumulatePageStats(all.filter((_, j) => j !== i));
        const loo = pageContextOf(viewed, accumulatePageStats(all), own)!;
        const direct = pageContextOf(viewed, others)!;
        expect(loo.pageValue).toBeCloseTo(direct.pageValue, 9);
        expect(loo.bounceRate).toBeCloseTo(direct.bounceRate, 9);
        expect(loo.exitRate).toBeCloseTo(direct.exitRate, 9);
      }),
    );
  });

  it("scales a business's page values to the UCI prior's by their medians", () => {
    expect(pageValueScale([0, 0])).toBeNull();
    expect(pageValueScale([0, 10, 30, 50])).toBeCloseTo(UCI_MEDIAN_POSITIVE_PAGE_VALUE / 30, 10);
    expect(pageValueScale([10, 20])).toBeCloseTo(UCI_MEDIAN_POSITIVE_PAGE_VALUE / 15, 10);
  });
});
