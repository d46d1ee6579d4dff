import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPatterns } from './behavior-patterns.js';
import type { BehavioralInsight } from './insight-types.js';
import { deriveInsights } from './insights.js';
import type { SessionRecord } from './session-record.js';
import { flowsOf, recordArb, times } from './session-records.fixture.js';
import { summarizeSignals } from './signal-summary.js';

const window = { from: 0, to: 1000 };
const insightsOf = (records: SessionRecord[]) =>
  deriveInsights(records, detectPatterns(records), summarizeSignals(records, window));
const byId = (insights: BehavioralInsight[], id: string) => insights.find((i) => i.id === id);

/** Every number in an insight's title and description is one of its evidence values. */
function expectNumbersInEvidence(insight: BehavioralInsight) {
  const values = new Set(insight.evidence.map((e) => e.value));
  for (const text of [insight.title, insight.description])
    for (const n of text.match(/-?\d+(?:\.\d+)?/g) ?? []) expect(values, `${insight.id}: ${n}`).toContain(Number(n));
}

describe('deriveInsights', () => {
  it('flags high-intent sessions that did not convert, citing the counts', () => {
    const records = [
      ...times(4, { converted: true, readiness: 90 }),
      ...times(6, { readiness: 90 }),
      ...times(2, { converted: true }),
      ...times(18),
    ];
    const insight = byId(insightsOf(records), 'high-intent-not-converted');
    expect(insight).toEqual({
      id: 'high-intent-not-converted',
      type: 'opportunity',
      title: '6 high-intent sessions ended without converting',
      description:
        '6 of 10 sessions matching the High intent pattern (60%) did not convert. They converted at 40% against 10% for the 20 other sessions.',
      user_count: 6,
      action_items: expect.arrayContaining([expect.stringContaining('live help')]),
      evidence: [
        { metric: 'high_intent_sessions', value: 10 },
        { metric: 'high_intent_not_converted', value: 6 },
        { metric: 'not_converted_pct', value: 60 },
        { metric: 'group_conversion_pct', value: 40 },
        { metric: 'comparison_sessions', value: 20 },
        { metric: 'comparison_conversion_pct', value: 10 },
      ],
    });
    // Not without the pattern on screen, nor with only 4 missed.
    expect(byId(deriveInsights(records, [], []), 'high-intent-not-converted')).toBeUndefined();
    const fewMissed = [...times(6, { converted: true, readiness: 90 }), ...times(4, { readiness: 90 }), ...times(20)];
    expect(byId(insightsOf(fewMissed), 'high-intent-not-converted')).toBeUndefined();
  });

  it('warns about form abandonment from 5 abandoning sessions and a 20% rate', () => {
    const users = (abandoning: number) => [
      ...times(abandoning, { signals: { form_interactions: 3, form_abandonments: 1 } }),
      ...times(3, { converted: true, signals: { form_interactions: 4 } }),
      ...times(4, { signals: { form_interactions: 2 } }),
    ];
    const insight = byId(insightsOf(users(5)), 'form-abandonment');
    expect(insight).toMatchObject({
      type: 'warning',
      title: '41.7% of sessions that used a form abandoned it',
      description:
        '5 of 12 sessions with form activity abandoned a form (41.7%). They converted at 0% against 42.9% for the 7 other sessions with form activity.',
      user_count: 5,
    });
    expect(byId(insightsOf(users(4)), 'form-abandonment')).toBeUndefined();
  });

  it('warns about rage clicks from 5 sessions and a 5% share', () => {
    const withRage = (rage: number, total: number) => [
      ...times(rage, { signals: { rage_clicks: 2 } }),
      ...times(total - rage - 10),
      ...times(10, { converted: true }),
    ];
    const insight = byId(insightsOf(withRage(5, 100)), 'rage-clicks');
    expect(insight).toMatchObject({
      title: 'Rage clicks in 5% of sessions',
      description:
        '5 of 100 sessions had at least one burst of rage clicks (5%). They converted at 0% against 10.5% for the 95 sessions without rage clicks.',
    });
    expect(byId(insightsOf(withRage(4, 100)), 'rage-clicks')).toBeUndefined();
    expect(byId(insightsOf(withRage(5, 101)), 'rage-clicks')).toBeUndefined();
  });

  it('warns about hesitation straight after pricing among pricing visitors', () => {
    const records = [
      ...times(5, { pageTypeViews: { pricing: 1 }, flows: flowsOf(['pricing_page_views', 'hesitation_loops']) }),
      ...times(5, { pageTypeViews: { pricing: 1 }, flows: flowsOf(['pricing_page_views', 'cta_clicks']) }),
      // Hesitation that did not follow a pricing view does not count.
      ...times(10, { flows: flowsOf(['scroll_velocity', 'hesitation_loops']) }),
    ];
    expect(byId(insightsOf(records), 'pricing-hesitation')).toMatchObject({
      title: '50% of pricing visitors hesitated on pricing',
      user_count: 5,
    });
    expect(byId(insightsOf(records.slice(1)), 'pricing-hesitation')).toBeUndefined();
  });

  it('names the signal most associated with converting only when the gap is significant', () => {
    const records = [
      ...times(15, { converted: true, signals: { cta_clicks: 1, conversion_events: 1 } }),
      ...times(5, { signals: { cta_clicks: 1 } }),
      // phi = (15·18 − 5·2) / √(20·20·17·23)
      ...times(2, { converted: true, signals: { cta_clicks: 0, conversion_events: 1 } }),
      ...times(18, { signals: { cta_clicks: 0 } }),
    ];
    const insight = byId(insightsOf(records), 'signal-cta-clicks-converts');
    expect(insight).toMatchObject({
      type: 'opportunity',
      title: 'Sessions with cta_clicks convert at 75% against 10%',
      user_count: 20,
    });
    expect(insight!.evidence).toContainEqual({ metric: 'impact_score', value: 0.66 });
    // conversion_events is the conversion itself, never an insight.
    expect(insightsOf(records).some((i) => i.id.includes('conversion-events'))).toBe(false);
    const weak = [
      ...times(3, { converted: true, signals: { cta_clicks: 1 } }),
      ...times(17, { signals: { cta_clicks: 1 } }),
      ...times(2, { converted: true }),
      ...times(18),
    ];
    expect(insightsOf(weak).some((i) => i.id.startsWith('signal-'))).toBe(false);
  });

  it('says there is too little data below 10 sessions, and nothing else', () => {
    for (const n of [0, 9]) {
      const insights = insightsOf(times(n, { converted: true, readiness: 95, signals: { rage_clicks: 9 } }));
      expect(insights).toHaveLength(1);
      expect(insights[0]).toMatchObject({ id: 'insufficient-data', type: 'info', user_count: n });
      expectNumbersInEvidence(insights[0]!);
    }
    expect(insightsOf(times(10))).toEqual([]);
  });

  it('sorts opportunities before warnings, cites every number in evidence and keeps ids unique', () => {
    const records = [
      ...times(4, { converted: true, readiness: 90, signals: { cta_clicks: 1 } }),
      ...times(6, { readiness: 90, signals: { rage_clicks: 1 } }),
      ...times(5, { signals: { form_interactions: 2, form_abandonments: 1 } }),
      ...times(5, { signals: { form_interactions: 2 }, pageTypeViews: { pricing: 1 } }),
      ...times(5, { pageTypeViews: { pricing: 1 }, flows: flowsOf(['pricing_page_views', 'hesitation_loops']) }),
      ...times(10, { converted: true, profile: 'Skeptic' }),
      ...times(12, { readiness: 85, profile: 'Optimizer' }),
    ];
    const insights = insightsOf(records);
    // By type, then sessions concerned: 18, 12, 10 | 12, 6, 5, 5 (ties by id).
    expect(insights.map((i) => [i.id, i.user_count])).toEqual([
      ['high-intent-not-converted', 18],
      ['profile-optimizer-ready-not-converted', 12],
      ['profile-skeptic-converts-more', 10],
      ['profile-optimizer-converts-less', 12],
      ['rage-clicks', 6],
      ['form-abandonment', 5],
      ['pricing-hesitation', 5],
    ]);
    for (const i of insights) expectNumbersInEvidence(i);
  });

  it('keeps every insight grounded, whatever the sessions', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(recordArb, { maxLength: 12 }),
          // Large enough for most rules to pass their minimum samples.
          fc.array(recordArb, { minLength: 30, maxLength: 150, size: 'max' }),
        ),
        (records) => {
          const insights = insightsOf(records);
          expect(new Set(insights.map((i) => i.id)).size).toBe(insights.length);
          for (const i of insights) {
            expectNumbersInEvidence(i);
            expect(i.user_count).toBeLessThanOrEqual(records.length);
            expect(i.action_items.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
