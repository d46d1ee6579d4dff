import { describe, expect, it } from 'vitest';
import { finish, ruleContext } from '../context.js';
import { dropSnapshot, leakSnapshot, WINDOW } from '../snapshot.fixture.js';
import type { StrategySnapshot } from '../types.js';
import { funnelDrop, funnelLeakByProfile } from './funnel.js';

const run = (rule: typeof funnelDrop, s: StrategySnapshot) => {
  const out = rule(ruleContext(s));
  if (!Array.isArray(out)) throw new Error(out.reason);
  return out.map(finish);
};

describe('funnelLeakByProfile', () => {
  it('finds the Skeptic leak at pricing pages (worked example)', () => {
    // Skeptic 60 / 200 = 30 % continue; the others (440 / 800) 55 %: gap 0.25, pooled z = 6.3, p far below
    // 0.05 / 3 comparisons. Downstream 150 / 500 = 30 %. Extra = 200 × 0.25 × ½ × 0.3 = 7.5 conversions;
    // lift = 7.5 / 250 orders = 0.03. AOV = 20,000 / 250 = 80 → USD 600.
    // SE = √(.55 × .45 / 800 + .3 × .7 / 200) = 0.03687; confidence = 1 − 1.96 × 0.03687 / 0.25 = 0.71.
    // lift × confidence = 0.0213 ≥ 0.02 → high.
    const [rec, ...rest] = run(funnelLeakByProfile, leakSnapshot);
    expect(rest).toEqual([]);
    expect(rec).toMatchObject({
      id: 'funnel_leak_profile:pricing:skeptic',
      rule: 'funnel_leak_profile',
      title: 'Skeptic visitors leave at pricing pages',
      priority: 'high',
      category: 'conversion',
      expected_revenue_lift: 0.03,
      impact_score: 0.3,
      effort_required: 0.3,
      confidence: 0.71,
      affected_segments: ['Skeptic', 'pricing pages'],
    });
    expect(rec!.description).toBe(
      'Skeptic sessions continue past pricing pages at 30% (60 of 200), against 55% for the other profiles (440 of 800). Closing half of that gap would bring about 7.5 more conversions over the window (about USD 600 at the average order of USD 80), 3% of the 250 orders.',
    );
    expect(rec!.evidence).toContainEqual({
      metric: 'profile_continuation_rate',
      value: 0.3,
      unit: 'fraction',
      window: '2024-05-01 to 2024-05-30 (30 days)',
      sample_size: 200,
    });
    expect(rec!.lift_method).toContain('200 Skeptic sessions reached pricing pages × half the 25% gap × 30%');
  });

  it('needs two profiles, 50 sessions on each side and conversions', () => {
    const s = leakSnapshot;
    const f = s.funnel!;
    expect(funnelLeakByProfile(ruleContext({ window: WINDOW }))).toEqual({
      reason: 'No tracked funnel in the window.',
    });
    expect(funnelLeakByProfile(ruleContext({ ...s, funnel: { ...f, by_profile: f.by_profile!.slice(0, 1) } }))).toEqual(
      {
        reason: 'Fewer than 2 Neuromind profiles have sessions in the window.',
      },
    );
    const small = f.by_profile!.map((p) => ({
      ...p,
      steps: p.steps.map((x) => ({ ...x, reached: 40, continued: 20, converted: 5 })),
    }));
    expect(funnelLeakByProfile(ruleContext({ ...s, funnel: { ...f, by_profile: small } }))).toEqual({
      reason: 'No profile reached a funnel step 50 times with 50 sessions of other profiles beside it.',
    });
  });

  it('grows its confidence with the sample', () => {
    const times = (k: number): StrategySnapshot => {
      const f = leakSnapshot.funnel!;
      const scale = (x: { reached: number; continued: number; converted: number }) => ({
        reached: x.reached * k,
        continued: x.continued * k,
        converted: x.converted * k,
      });
      return {
        ...leakSnapshot,
        revenue: { net: leakSnapshot.revenue!.net * k, orders: leakSnapshot.revenue!.orders * k },
        funnel: {
          ...f,
          converted: f.converted * k,
          steps: f.steps.map((x) => ({ ...x, ...scale(x) })),
          by_profile: f.by_profile!.map((p) => ({ ...p, steps: p.steps.map((x) => ({ ...x, ...scale(x) })) })),
        },
      };
    };
    const confidences = [1, 2, 4, 16].map((k) => run(funnelLeakByProfile, times(k))[0]!.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b));
    expect(new Set(confidences).size).toBe(4);
    // Same rates: the same lift, whatever the sample.
    expect(run(funnelLeakByProfile, times(4))[0]!.expected_revenue_lift).toBe(0.03);
  });
});

describe('funnelDrop', () => {
  it('finds the fall at pricing pages against the previous window (worked example)', () => {
    // 60 % → 50 % continue: drop 0.1 on 1,000 sessions each; downstream 30 %. Extra = 1,000 × 0.1 × ½ × 0.3 = 15;
    // lift = 15 / 200 = 0.075. SE = √(.6 × .4 / 1000 + .5 × .5 / 1000) = 0.02214; confidence = 1 − 0.434 = 0.57.
    const [rec] = run(funnelDrop, dropSnapshot);
    expect(rec).toMatchObject({
      id: 'funnel_drop:pricing',
      expected_revenue_lift: 0.075,
      confidence: 0.57,
      priority: 'high',
    });
    expect(rec!.description).toBe(
      '50% of sessions continued past pricing pages (500 of 1,000), down from 60% in the previous window (600 of 1,000). Recovering half of the fall would bring about 15 more conversions over the window, 7.5% of the 200 tracked conversions.',
    );
    expect(rec!.evidence.find((e) => e.metric === 'continuation_rate' && e.value === 0.6)?.window).toBe(
      '2024-04-01 to 2024-04-30 (30 days)',
    );
  });

  it('ignores a fall within the noise and says when no step has two windows', () => {
    const steps = [
      {
        page_type: 'pricing',
        reached: 100,
        continued: 50,
        converted: 15,
        previous: { reached: 100, continued: 58, converted: 16 },
      },
    ];
    expect(run(funnelDrop, { ...dropSnapshot, funnel: { ...dropSnapshot.funnel!, steps } })).toEqual([]);
    const noPrevious = dropSnapshot.funnel!.steps.map(({ previous: _, ...s }) => s);
    expect(
      funnelDrop(ruleContext({ ...dropSnapshot, funnel: { ...dropSnapshot.funnel!, steps: noPrevious } })),
    ).toEqual({
      reason: 'No funnel step was reached 100 times in both this window and the previous one.',
    });
  });
});
