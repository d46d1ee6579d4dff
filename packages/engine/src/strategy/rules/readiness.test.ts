import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { readySnapshot } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { readyNotConverting } from './readiness.js';

const run = (s: StrategySnapshot) => {
  const out = readyNotConverting(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('readyNotConverting', () => {
  it('flags ready sessions that convert far below their readiness (worked example)', () => {
    // 30 of 100 converted; 95 % Wilson interval 21.9 %–39.6 %, its top below the 60 % readiness 80 stands for.
    // Extra = 100 × (0.6 − 0.3) × ½ = 15 conversions; lift = 15 / 200 = 0.075.
    // Confidence = 1 − half-width / gap = 1 − 0.0885 / 0.3 = 0.71; 0.075 × 0.71 = 0.053 → high.
    const [rec] = run(readySnapshot);
    expect(rec).toMatchObject({
      id: 'ready_not_converting',
      expected_revenue_lift: 0.075,
      confidence: 0.71,
      priority: 'high',
      category: 'conversion',
      affected_segments: ['Ready to Convert'],
    });
    expect(rec!.description).toBe(
      '100 sessions reached readiness 80 or more and 30 converted (30%), against the 60% their readiness predicts; the site converts 4% of all sessions. They were ready to buy and something on the site stopped them. Closing half of the gap would bring about 15 more conversions over the window, 7.5% of the 200 tracked conversions.',
    );
    expect(rec!.evidence.find((e) => e.metric === 'high_band_conversion_rate_upper_95')?.value).toBe(0.3958);
  });

  it('uses the mean predicted probability when the server gives it', () => {
    const s = { ...readySnapshot, readiness: { ...readySnapshot.readiness!, expected_conversion_rate: 0.7 } };
    // Extra = 100 × 0.4 × ½ = 20 → 0.1.
    expect(run(s)[0]?.expected_revenue_lift).toBe(0.1);
  });

  it('stays silent when the interval reaches the expectation, and says when sessions are too few', () => {
    // Of 100, 50 converting tops out at 59.6 % (fires); 51 reaches 60.6 % (silent).
    expect(run({ ...readySnapshot, readiness: { high_band_sessions: 100, high_band_converted: 50 } })).toHaveLength(1);
    expect(run({ ...readySnapshot, readiness: { high_band_sessions: 100, high_band_converted: 51 } })).toEqual([]);
    expect(
      readyNotConverting(
        ruleContext({ ...readySnapshot, readiness: { high_band_sessions: 29, high_band_converted: 2 } }),
      ),
    ).toEqual({
      reason: '29 sessions reached readiness 80 or more; the rule needs 30.',
    });
    expect(readyNotConverting(ruleContext({ window: readySnapshot.window }))).toEqual({
      reason: 'No readiness scores in the window.',
    });
  });
});
