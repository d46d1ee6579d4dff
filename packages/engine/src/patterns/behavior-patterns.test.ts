import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPatterns, matchesPattern, PATTERN_RULES } from './behavior-patterns.js';
import { flowsOf, makeRecord, recordArb, times } from './session-records.fixture.js';

/** Ten sessions whose memberships and conversions are easy to count by hand. */
const tenSessions = () => [
  makeRecord({ converted: true, readiness: 85 }), // A: high intent by readiness
  makeRecord({ converted: true, signals: { cta_clicks: 1 }, pageTypeViews: { pricing: 1 } }), // B: high intent
  makeRecord({ signals: { cta_clicks: 2, cart_or_checkout_reached: 1, hesitation_loops: 2 } }), // C: high intent
  makeRecord({ converted: true, signals: { cta_clicks: 1 }, pageTypeViews: { demo: 1 } }), // D: high intent
  makeRecord({ signals: { cta_clicks: 1 }, readiness: 79 }), // E: a CTA click alone is not enough
  makeRecord({ converted: true, pageTypeViews: { pricing: 3 } }), // F: price sensitive
  makeRecord({
    signals: { pricing_page_views: 1 },
    flows: flowsOf(['pricing_page_views', 'hesitation_loops']),
  }), // G: price sensitive by hesitation after pricing
  makeRecord({ signals: { form_abandonments: 1 } }), // H: abandonment risk
  makeRecord({ signals: { hesitation_loops: 3 } }), // I: abandonment risk
  makeRecord({ signals: { exit_intent: 0.5 } }), // J: abandonment risk
];

describe('detectPatterns', () => {
  it('counts members, conversion rate and phi as by hand, leaving out patterns nobody matched', () => {
    const patterns = detectPatterns(tenSessions());
    expect(patterns.map((p) => p.pattern_type)).toEqual(['high_intent', 'abandonment_risk', 'price_sensitive']);
    const [high, risk, price] = patterns;
    // A, B, C, D match, 3 converted; the rest: 1 of 6. phi = (3·5 − 1·1) / √(4·6·4·6) = 14 / 24.
    expect(high).toMatchObject({
      id: 'high_intent',
      user_count: 4,
      conversion_rate: 0.75,
      conversion_correlation: 0.58,
    });
    expect(high!.description).toBe(
      `4 of 10 sessions (40%) matched: ${PATTERN_RULES[0]!.rule}. They converted at 75% (3 of 4) against 16.7% (1 of 6) for the rest: a moderate positive correlation with conversion (phi 0.58). Based on only 10 sessions, so treat these figures as indicative.`,
    );
    // H, I, J match, none converted; the rest: 4 of 7. phi = (0·3 − 3·4) / √(3·7·4·6).
    expect(risk).toMatchObject({ user_count: 3, conversion_rate: 0, conversion_correlation: -0.53 });
    expect(risk!.description).toContain('a moderate negative correlation with conversion (phi -0.53)');
    // F and G match, 1 converted; the rest: 3 of 8. phi = (1·5 − 1·3) / √(2·8·4·6).
    expect(price).toMatchObject({ user_count: 2, conversion_rate: 0.5, conversion_correlation: 0.1 });
    expect(price!.description).toContain('a weak positive correlation');
  });

  it('matches comparison shopping on a comparison page or product views with a revisit', () => {
    const yes = [
      makeRecord({ pageTypeViews: { comparison: 1 } }),
      makeRecord({ pageTypeViews: { product: 2 }, signals: { page_revisits: 1 } }),
    ];
    const no = [
      makeRecord({ pageTypeViews: { product: 5 } }),
      makeRecord({ pageTypeViews: { product: 1 }, signals: { page_revisits: 3 } }),
    ];
    for (const r of yes) expect(matchesPattern('comparison_shopping', r)).toBe(true);
    for (const r of no) expect(matchesPattern('comparison_shopping', r)).toBe(false);
  });

  it('says so when correlation is undefined: no sessions, no conversions, all converted, everyone matched', () => {
    expect(detectPatterns([])).toEqual([]);
    const noConversions = detectPatterns([...times(5, { signals: { rage_clicks: 1 } }), ...times(5)]);
    expect(noConversions[0]).toMatchObject({ user_count: 5, conversion_correlation: 0, conversion_rate: 0 });
    expect(noConversions[0]!.description).toContain('No session converted, so the correlation with conversion is 0.');
    const allConverted = detectPatterns(times(4, { converted: true, signals: { rage_clicks: 1 } }));
    expect(allConverted[0]).toMatchObject({ conversion_correlation: 0, conversion_rate: 1 });
    expect(allConverted[0]!.description).toContain('Every session converted');
    const allMatched = detectPatterns([
      makeRecord({ converted: true, signals: { rage_clicks: 1 } }),
      makeRecord({ signals: { rage_clicks: 1 } }),
    ]);
    expect(allMatched[0]!.description).toContain('Every session matched, so there is no rest to compare with');
  });

  it('drops the small-sample caveat from 30 sessions', () => {
    const records = [...times(10, { converted: true, readiness: 90 }), ...times(20)];
    expect(detectPatterns(records)[0]!.description).not.toContain('indicative');
  });

  it('keeps correlation in [-1, 1], rates in [0, 1] and members within the sessions', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 40 }), (records) => {
        for (const p of detectPatterns(records)) {
          expect(p.conversion_correlation).toBeGreaterThanOrEqual(-1);
          expect(p.conversion_correlation).toBeLessThanOrEqual(1);
          expect(p.conversion_rate).toBeGreaterThanOrEqual(0);
          expect(p.conversion_rate).toBeLessThanOrEqual(1);
          expect(p.user_count).toBeGreaterThan(0);
          expect(p.user_count).toBe(records.filter((r) => matchesPattern(p.pattern_type, r)).length);
          expect(p.user_count).toBeLessThanOrEqual(records.length);
        }
      }),
    );
  });
});
