import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFlowState } from './flow-state.js';
import { flowsOf, makeRecord, recordArb } from './session-records.fixture.js';
import { aggregateFlows, MIN_FLOW_SESSIONS } from './signal-flows.js';

describe('aggregateFlows', () => {
  it('counts sessions, the share of transitions out of a signal and the mean gap, as by hand', () => {
    const records = [
      // pricing → hesitation twice (gaps 2 s each), pricing → cta once (gap 2 s)
      makeRecord({
        flows: flowsOf(
          [
            'pricing_page_views',
            'hesitation_loops',
            'pricing_page_views',
            'hesitation_loops',
            'pricing_page_views',
            'cta_clicks',
          ],
          2000,
        ),
      }),
      // pricing → hesitation once (gap 4 s), hesitation → exit once
      makeRecord({ flows: flowsOf(['pricing_page_views', 'hesitation_loops', 'exit_intent'], 4000) }),
      // pricing → cta once (gap 1 s)
      makeRecord({ flows: flowsOf(['pricing_page_views', 'cta_clicks'], 1000) }),
      makeRecord(),
    ];
    expect(aggregateFlows(records)).toEqual([
      // 3 of the 5 transitions out of pricing; (2 + 2 + 4) / 3 s
      {
        from_signal: 'pricing_page_views',
        to_signal: 'hesitation_loops',
        transition_probability: 0.6,
        avg_time_between: 2.67,
        user_count: 2,
      },
      {
        from_signal: 'pricing_page_views',
        to_signal: 'cta_clicks',
        transition_probability: 0.4,
        avg_time_between: 1.5,
        user_count: 2,
      },
      // hesitation → pricing (1 session) and hesitation → exit (1 session) are under the minimum support.
    ]);
    expect(MIN_FLOW_SESSIONS).toBe(2);
  });

  it('returns nothing for no sessions or sessions without transitions', () => {
    expect(aggregateFlows([])).toEqual([]);
    expect(aggregateFlows([makeRecord(), makeRecord({ flows: emptyFlowState() })])).toEqual([]);
  });

  it('keeps probabilities out of one signal summing to at most 1 and sessions within the records', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 40 }), (records) => {
        const flows = aggregateFlows(records);
        const sums = new Map<string, number>();
        for (const f of flows) {
          sums.set(f.from_signal, (sums.get(f.from_signal) ?? 0) + f.transition_probability);
          expect(f.user_count).toBeGreaterThanOrEqual(MIN_FLOW_SESSIONS);
          expect(f.user_count).toBeLessThanOrEqual(records.length);
          expect(f.transition_probability).toBeGreaterThan(0);
          expect(f.avg_time_between).toBeGreaterThanOrEqual(0);
        }
        for (const sum of sums.values()) expect(sum).toBeLessThanOrEqual(1 + 1e-3);
        const counts = flows.map((f) => f.user_count);
        expect(counts).toEqual([...counts].sort((a, b) => b - a));
      }),
    );
  });
});
