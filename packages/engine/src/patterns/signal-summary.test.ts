import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNAL_CATALOGUE } from '../signals/signal-catalogue.js';
import { makeRecord, recordArb, times } from './session-records.fixture.js';
import { MIN_TREND_SESSIONS, summarizeSignals } from './signal-summary.js';

const window = { from: 0, to: 1000 };

describe('summarizeSignals', () => {
  it('gives frequency, strength, impact and a description as computed by hand', () => {
    const records = [
      makeRecord({ converted: true, signals: { cta_clicks: 1, rage_clicks: 0 } }),
      makeRecord({ converted: true, signals: { cta_clicks: 2 } }),
      makeRecord({ signals: { cta_clicks: 3 } }),
      makeRecord({ signals: { cta_clicks: 4, cart_or_checkout_reached: 1 } }),
      makeRecord({ converted: true, signals: { cta_clicks: 0 } }),
      ...times(3, { signals: { cta_clicks: 0, cart_or_checkout_reached: 0 } }),
      ...times(2, { signals: { cta_clicks: null } }),
    ];
    const summaries = summarizeSignals(records, window);
    // Catalogue order; signals present nowhere (rage_clicks) are left out.
    expect(summaries.map((s) => s.name)).toEqual(['cta_clicks', 'cart_or_checkout_reached']);
    const [cta, cart] = summaries;
    // Median 2.5 ÷ 90th percentile 3.7; phi = (2·5 − 2·1) / √(4·6·3·7).
    expect(cta).toEqual({
      id: 'cta_clicks',
      name: 'cta_clicks',
      type: 'intent',
      strength: 0.68,
      frequency: 4,
      impact_score: 0.36,
      trend: 'stable',
      description:
        'Present in 4 of 10 sessions (40%). Median 2.5, 90th percentile 3.7. Sessions with it converted at 50% (2 of 4) against 16.7% (1 of 6) without it. No trend is called: each half of the window needs 10 sessions and has 10 and 0.',
    });
    expect(cart).toMatchObject({ frequency: 1, strength: 1, type: 'intent' });
    expect(cart!.description).not.toContain('Median');
  });

  it('returns nothing for no sessions, and impact 0 when nobody or everybody converted', () => {
    expect(summarizeSignals([], window)).toEqual([]);
    const none = summarizeSignals([...times(3, { signals: { rage_clicks: 2 } }), ...times(3)], window);
    expect(none[0]).toMatchObject({ name: 'rage_clicks', impact_score: 0 });
    expect(none[0]!.description).toContain('No session converted, so its impact on conversion is 0.');
    const all = summarizeSignals(times(4, { converted: true, signals: { rage_clicks: 1 } }), window);
    expect(all[0]!.impact_score).toBe(0);
    expect(all[0]!.description).toContain('Every session converted');
  });

  it('calls a trend only when the share changes significantly between the halves of the window', () => {
    const half = (start: number, withIt: number) => [
      ...times(withIt, { startedAt: start, signals: { hesitation_loops: 1 } }),
      ...times(20 - withIt, { startedAt: start, signals: { hesitation_loops: 0 } }),
    ];
    // 2 of 20 then 12 of 20: pooled z ≈ 3.3.
    const rising = summarizeSignals([...half(100, 2), ...half(600, 12)], window)[0]!;
    expect(rising.trend).toBe('increasing');
    expect(rising.description).toContain('rose from 10% in the first half of the window to 60% in the second.');
    expect(summarizeSignals([...half(100, 12), ...half(600, 2)], window)[0]!.trend).toBe('decreasing');
    // 5 of 20 then 7 of 20: z ≈ 0.7.
    const flat = summarizeSignals([...half(100, 5), ...half(600, 7)], window)[0]!;
    expect(flat.trend).toBe('stable');
    expect(flat.description).not.toContain('half');
  });

  it(`needs ${MIN_TREND_SESSIONS} sessions in each half before calling a trend`, () => {
    const records = [
      ...times(MIN_TREND_SESSIONS - 1, { startedAt: 0, signals: { rage_clicks: 0 } }),
      ...times(40, { startedAt: 900, signals: { rage_clicks: 3 } }),
    ];
    expect(summarizeSignals(records, window)[0]!.trend).toBe('stable');
  });

  it('keeps scores in [0, 1], frequency within the sessions, and catalogue order', () => {
    const order = SIGNAL_CATALOGUE.map((d) => d.name);
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 40 }), (records) => {
        const summaries = summarizeSignals(records, { from: 0, to: 1_000_000 });
        const positions = summaries.map((s) => order.indexOf(s.name));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        for (const s of summaries) {
          expect(s.frequency).toBeGreaterThanOrEqual(1);
          expect(s.frequency).toBeLessThanOrEqual(records.length);
          for (const v of [s.strength, s.impact_score]) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });
});
