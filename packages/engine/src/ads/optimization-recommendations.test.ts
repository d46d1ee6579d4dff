import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../stats/index.js';
import {
  type CampaignFigures,
  type OptimizationRecommendation,
  optimizationRecommendations,
} from './optimization-recommendations.js';

const usd = (minor: number) => `USD ${(minor / 100).toFixed(2)}`;

/** A campaign that fires no rule: every figure a little inside its threshold. */
const calm: CampaignFigures = {
  id: 'c1',
  name: 'Spring sale',
  platform: 'facebook',
  budget: 100_000,
  daily_budget: 5000,
  spend: 50_000,
  impressions: 20_000,
  clicks: 500,
  conversions: 20,
  revenue: 100_000,
  roas: 2,
  ctr: 2.5,
  cpc: 1,
  fatigue: 0.3,
  ready_visitors: 10,
  ready_converted: 1,
  sessions: 450,
  budget_level: 'campaign',
  fatigued_ads: [],
};

const run = (patch: Partial<CampaignFigures>) => optimizationRecommendations({ ...calm, ...patch }, usd);
const ids = (recs: OptimizationRecommendation[]) => recs.map((r) => r.id);
const only = (patch: Partial<CampaignFigures>) => {
  const recs = run(patch);
  expect(recs).toHaveLength(1);
  return recs[0]!;
};

describe('optimizationRecommendations', () => {
  it('fires nothing on a calm campaign and nothing on null inputs', () => {
    expect(run({})).toEqual([]);
    const unknown = run({
      budget: null,
      daily_budget: null,
      roas: null,
      ctr: null,
      cpc: null,
      fatigue: null,
      ready_visitors: 0,
      ready_converted: 0,
      budget_level: null,
      fatigued_ads: [{ id: 'a1', name: 'Old', fatigue: 0.9 }],
    });
    expect(unknown).toEqual([]);
  });

  describe('budget increase (spec: ROAS above 3 with spend under 80% of budget)', () => {
    it('proposes a daily budget 20% higher, in whole units, citing the numbers', () => {
      const rec = only({ roas: 3.2, spend: 79_999 });
      expect(rec).toMatchObject({ id: 'budget_increase:c1', type: 'budget', priority: 'high' });
      expect(rec.action).toEqual({
        kind: 'set_budget',
        level: 'campaign',
        target_id: 'c1',
        from: 5000,
        to: 6000,
        targets: [{ id: 'c1', name: 'Spring sale', from: 5000, to: 6000 }],
      });
      expect(rec.description).toBe(
        'Spring sale returns 3.20× (above 3.00×) and has spent USD 799.99 of its USD 1000.00 budget (80%, under 80%).',
      );
      expect(rec.expected_impact).toBe(
        'USD 10.00 more a day at 3.20× would bring about USD 32.00 more revenue a day, if returns hold as spend grows.',
      );
      expect(rec.implementation_steps[0]).toBe('Raise the campaign daily budget from USD 50.00 to USD 60.00 (+20%).');
      expect(rec.evidence).toEqual([
        { metric: 'roas', value: 3.2, threshold: 3 },
        { metric: 'spend_share_of_budget', value: 0.79999, threshold: 0.8 },
        { metric: 'clicks', value: 500, threshold: 100 },
      ]);
    });

    it('does not fire at the edges', () => {
      expect(run({ roas: 3, spend: 10_000 })).toEqual([]);
      expect(run({ roas: 4, spend: 80_000 })).toEqual([]);
      expect(run({ roas: 4, spend: 10_000, clicks: 99, cpc: 1 })).toEqual([]);
      expect(run({ roas: 4, spend: 10_000, budget: null })).toEqual([]);
      expect(run({ roas: 4, spend: 10_000, budget: 0 })).toEqual([]);
      expect(ids(run({ roas: 3.0001, spend: 10_000, clicks: 100 }))).toEqual(['budget_increase:c1']);
    });

    it('rounds to whole units, targets the ad set, or leaves a task when the budget cannot be set', () => {
      expect(only({ roas: 4, spend: 10_000, daily_budget: 5049 }).action).toMatchObject({ from: 5049, to: 6100 });
      expect(only({ roas: 4, spend: 10_000, budget_level: 'adset', budget_target_id: 'as9' }).action).toEqual({
        kind: 'set_budget',
        level: 'adset',
        target_id: 'as9',
        from: 5000,
        to: 6000,
        targets: [{ id: 'as9', name: null, from: 5000, to: 6000 }],
      });
      const task = only({ roas: 4, spend: 10_000, daily_budget: null });
      expect(task.action).toEqual({ kind: 'task' });
      expect(task.implementation_steps[0]).toBe('Raise the daily budget by about 20%.');
      expect(task.expected_impact).toBe(
        'Each extra USD 10.00 spent at 4.00× would bring about USD 40.00 in revenue, if returns hold as spend grows.',
      );
      expect(only({ roas: 4, spend: 10_000, budget_level: null }).action).toEqual({ kind: 'task' });
    });
  });

  describe('budget decrease (ROAS below 1 on meaningful spend)', () => {
    it('proposes a daily budget 20% lower and says what it saves', () => {
      const rec = only({ roas: 0.8, revenue: 40_000 });
      expect(rec).toMatchObject({ id: 'budget_decrease:c1', type: 'budget', priority: 'high' });
      expect(rec.action).toMatchObject({
        kind: 'set_budget',
        level: 'campaign',
        target_id: 'c1',
        from: 5000,
        to: 4000,
      });
      expect(rec.description).toBe(
        'Spring sale returned USD 400.00 on USD 500.00 spend: ROAS 0.80×, below break-even (1.00×), over 500 clicks.',
      );
      expect(rec.expected_impact).toBe(
        'Spends USD 10.00 a day less on returns of 0.80×: about USD 2.00 a day less lost.',
      );
    });

    it('does not fire at the edges', () => {
      expect(run({ roas: 1 })).toEqual([]);
      expect(ids(run({ roas: 0.999 }))).toEqual(['budget_decrease:c1']);
      expect(run({ roas: 0.5, spend: 9999 })).toEqual([]);
      expect(ids(run({ roas: 0.5, spend: 10_000 }))).toEqual(['budget_decrease:c1']);
      expect(run({ roas: 0.5, clicks: 99 })).toEqual([]);
    });

    it('keeps at least one whole unit a day, else leaves a task', () => {
      expect(only({ roas: 0.5, daily_budget: 100 }).action).toEqual({ kind: 'task' });
      expect(only({ roas: 0.5, daily_budget: 50 }).action).toEqual({ kind: 'task' });
      expect(only({ roas: 0.5, daily_budget: 260 }).action).toMatchObject({ from: 260, to: 200 });
    });
  });

  describe('budgets set on several ad sets', () => {
    // Worked example: "Spring sale" puts its USD 85.00 a day on two active ad sets, USD 40.00 and USD 45.00.
    const adsets: Partial<CampaignFigures> = {
      budget_level: 'adset',
      daily_budget: 8500,
      budget_targets: [
        { id: 'as1', name: 'Prospecting US', daily_budget: 4000 },
        { id: 'as2', name: 'Retargeting', daily_budget: 4500 },
      ],
    };

    it('lowers each ad set by the same step, each in whole units, and cites them', () => {
      // 40.00 × 0.8 = 32.00; 45.00 × 0.8 = 36.00; the sums 85.00 → 68.00.
      const rec = only({ ...adsets, roas: 0.8, revenue: 40_000 });
      expect(rec.action).toEqual({
        kind: 'set_budget',
        level: 'adset',
        target_id: 'c1',
        from: 8500,
        to: 6800,
        targets: [
          { id: 'as1', name: 'Prospecting US', from: 4000, to: 3200 },
          { id: 'as2', name: 'Retargeting', from: 4500, to: 3600 },
        ],
      });
      expect(rec.description).toBe(
        'Spring sale returned USD 400.00 on USD 500.00 spend: ROAS 0.80×, below break-even (1.00×), over 500 clicks. Its daily budget is set on 2 active ad sets, USD 85.00 a day in all.',
      );
      expect(rec.implementation_steps[0]).toBe(
        'Lower the daily budgets of 2 ad sets by about 20% each, from USD 85.00 to USD 68.00 a day in all: “Prospecting US” from USD 40.00 to USD 32.00, “Retargeting” from USD 45.00 to USD 36.00.',
      );
      expect(rec.expected_impact).toBe(
        'Spends USD 17.00 a day less on returns of 0.80×: about USD 3.40 a day less lost.',
      );
    });

    it('raises each ad set, rounding each on its own', () => {
      // 40.00 × 1.2 = 48.00; 45.49 × 1.2 = 54.588 → 55.00.
      const rec = only({
        ...adsets,
        budget_targets: [
          { id: 'as1', name: 'Prospecting US', daily_budget: 4000 },
          { id: 'as2', name: null, daily_budget: 4549 },
        ],
        roas: 4,
        spend: 10_000,
      });
      expect(rec.action).toMatchObject({
        target_id: 'c1',
        from: 8549,
        to: 10_300,
        targets: [
          { id: 'as1', from: 4000, to: 4800 },
          { id: 'as2', name: null, from: 4549, to: 5500 },
        ],
      });
      expect(rec.implementation_steps[0]).toBe(
        'Raise the daily budgets of 2 ad sets by about 20% each, from USD 85.49 to USD 103.00 a day in all: “Prospecting US” from USD 40.00 to USD 48.00, ad set as2 from USD 45.49 to USD 55.00.',
      );
    });

    it('leaves out an ad set whose rounding cancels the step, and is a task when all do', () => {
      const rec = only({
        ...adsets,
        budget_targets: [
          { id: 'as1', name: 'Prospecting US', daily_budget: 4000 },
          { id: 'as2', name: 'Tiny', daily_budget: 100 },
        ],
        roas: 0.5,
      });
      expect(rec.action).toEqual({
        kind: 'set_budget',
        level: 'adset',
        target_id: 'as1',
        from: 4000,
        to: 3200,
        targets: [{ id: 'as1', name: 'Prospecting US', from: 4000, to: 3200 }],
      });
      expect(rec.description).toMatch(
        /Its daily budget is set on 2 active ad sets, USD 41\.00 a day in all \(1 too small for a whole-unit step keeps its budget\)\.$/,
      );
      expect(rec.implementation_steps[0]).toBe('Lower the ad set daily budget from USD 40.00 to USD 32.00 (−20%).');
      const task = only({
        ...adsets,
        budget_targets: [
          { id: 'as1', name: 'A', daily_budget: 100 },
          { id: 'as2', name: 'B', daily_budget: 60 },
        ],
        roas: 0.5,
      });
      expect(task.action).toEqual({ kind: 'task' });
      expect(task.implementation_steps[0]).toBe('Lower the daily budget by about 20%.');
    });

    it('changes every ad set the same way, in whole units, summing to from and to', () => {
      const budgets = fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 6 });
      fc.assert(
        fc.property(budgets, fc.boolean(), (daily, up) => {
          const targets = daily.map((d, i) => ({ id: `as${i}`, name: null, daily_budget: d }));
          const [rec] = run({
            budget_level: 'adset',
            budget_targets: targets,
            roas: up ? 4 : 0.5,
            spend: up ? 10_000 : 50_000,
          }).filter((r) => r.type === 'budget');
          const action = rec!.action;
          if (action.kind !== 'set_budget') return;
          expect(action.from).toBe(action.targets.reduce((s, t) => s + t.from, 0));
          expect(action.to).toBe(action.targets.reduce((s, t) => s + t.to, 0));
          for (const t of action.targets) {
            expect(t.to % 100).toBe(0);
            expect(t.to).toBeGreaterThanOrEqual(100);
            expect(t.to > t.from).toBe(up);
            expect(Math.abs(t.to - Math.max(100, t.from * (up ? 1.2 : 0.8)))).toBeLessThanOrEqual(50);
          }
        }),
      );
    });
  });

  describe('creative refresh (spec: fatigue above 0.5)', () => {
    const ads = [
      { id: 'a2', name: 'Beach', fatigue: 0.81 },
      { id: 'a1', name: 'City', fatigue: 0.81 },
      { id: 'a3', name: 'Fresh', fatigue: 0.2 },
    ];

    it('pauses the most fatigued ad, ties by id', () => {
      const rec = only({ fatigue: 0.72, fatigued_ads: ads });
      expect(rec).toMatchObject({ id: 'creative_refresh:c1:a1', type: 'creative', priority: 'high' });
      expect(rec.action).toEqual({ kind: 'pause_ad', target_id: 'a1' });
      expect(rec.description).toBe(
        'Spring sale has a creative fatigue of 0.72 (above 0.5): its ads draw fewer clicks than at launch; the most fatigued is “City” at 0.81.',
      );
      expect(rec.implementation_steps[0]).toBe('Pause “City” (fatigue 0.81).');
    });

    it('fires just above 0.5 only, and leaves a task without a fatigued ad to pause', () => {
      expect(run({ fatigue: 0.5, fatigued_ads: ads })).toEqual([]);
      const task = only({ fatigue: 0.51, fatigued_ads: [{ id: 'a3', name: 'Fresh', fatigue: 0.5 }] });
      expect(task.id).toBe('creative_refresh:c1');
      expect(task.action).toEqual({ kind: 'task' });
    });
  });

  describe('landing page (Ready-to-Convert visitors who do not buy)', () => {
    it('fires when ready visitors convert clearly below what readiness 80 means', () => {
      const rec = only({ ready_visitors: 40, ready_converted: 4, sessions: 1200 });
      expect(rec).toMatchObject({
        id: 'landing_page:c1',
        type: 'landing_page',
        priority: 'high',
        action: { kind: 'task' },
      });
      expect(rec.description).toMatch(
        /^Of 1,200 sessions from Spring sale, 40 were Ready to Convert .* only 4 bought \(10%;/,
      );
      expect(rec.expected_impact).toBe(
        'If these visitors converted at 60%, this campaign would have 24 conversions from them instead of 4.',
      );
    });

    it('fires at the edge of the evidence and not past it', () => {
      // 7 of 20: the 95% interval tops out under 60%; 8 of 20: it reaches above.
      expect(wilsonInterval(7, 20)![1]).toBeLessThan(0.6);
      expect(wilsonInterval(8, 20)![1]).toBeGreaterThan(0.6);
      expect(ids(run({ ready_visitors: 20, ready_converted: 7 }))).toEqual(['landing_page:c1']);
      expect(run({ ready_visitors: 20, ready_converted: 8 })).toEqual([]);
      expect(run({ ready_visitors: 19, ready_converted: 0 })).toEqual([]);
      expect(run({ ready_visitors: 20, ready_converted: 21 })).toEqual([]);
    });
  });

  describe('targeting (spec: CTR below 2)', () => {
    it('fires below 2% on enough impressions', () => {
      const rec = only({ ctr: 1.99 });
      expect(rec).toMatchObject({
        id: 'targeting:c1',
        type: 'targeting',
        priority: 'medium',
        action: { kind: 'task' },
      });
      expect(rec.description).toBe(
        'Spring sale has a click-through rate of 1.99% (below 2%) over 20,000 impressions: the ads reach people who do not respond.',
      );
      expect(rec.expected_impact).toBe(
        'Each half point of click-through gained on 20,000 impressions is about 100 more clicks for the same spend.',
      );
      expect(run({ ctr: 2 })).toEqual([]);
      expect(run({ ctr: 1, impressions: 999 })).toEqual([]);
      expect(ids(run({ ctr: 1, impressions: 1000 }))).toEqual(['targeting:c1']);
    });
  });

  describe('bidding (spec: CPC above 1.5)', () => {
    it('fires above 1.5 on enough clicks', () => {
      const rec = only({ cpc: 2 });
      expect(rec).toMatchObject({ id: 'bidding:c1', type: 'bidding', priority: 'medium', action: { kind: 'task' } });
      expect(rec.description).toBe('Spring sale pays USD 2.00 a click (above USD 1.50) over 500 clicks.');
      expect(rec.expected_impact).toBe(
        'At USD 1.50 a click, the same USD 500.00 would buy about 333 clicks instead of 500.',
      );
      expect(run({ cpc: 1.5 })).toEqual([]);
      expect(ids(run({ cpc: 1.51 }))).toEqual(['bidding:c1']);
      expect(run({ cpc: 3, clicks: 29, roas: 2 })).toEqual([]);
    });
  });

  it('puts high priority first and keeps ids stable', () => {
    const recs = run({
      roas: 4,
      spend: 10_000,
      fatigue: 0.9,
      ctr: 1,
      cpc: 2,
      fatigued_ads: [{ id: 'a1', name: 'Old', fatigue: 0.9 }],
    });
    expect(ids(recs)).toEqual(['budget_increase:c1', 'creative_refresh:c1:a1', 'targeting:c1', 'bidding:c1']);
    expect(recs.map((r) => r.priority)).toEqual(['high', 'high', 'medium', 'medium']);
  });

  it('proposes budgets in whole units that move the right way, with unique ids', () => {
    const campaign = fc.record({
      budget: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
      daily_budget: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
      spend: fc.integer({ min: 0, max: 10_000_000 }),
      clicks: fc.integer({ min: 0, max: 10_000 }),
      roas: fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: null }),
      ctr: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
      cpc: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
      fatigue: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
      ready_visitors: fc.integer({ min: 0, max: 200 }),
      ready_converted: fc.integer({ min: 0, max: 200 }),
    });
    fc.assert(
      fc.property(campaign, (patch) => {
        const recs = run(patch);
        expect(new Set(ids(recs)).size).toBe(recs.length);
        for (const rec of recs) {
          expect(rec.description).toMatch(/\d/);
          if (rec.action.kind !== 'set_budget') continue;
          expect(rec.action.to % 100).toBe(0);
          expect(rec.action.to).toBeGreaterThanOrEqual(100);
          if (rec.id.startsWith('budget_increase')) expect(rec.action.to).toBeGreaterThan(rec.action.from);
          else expect(rec.action.to).toBeLessThan(rec.action.from);
        }
      }),
    );
  });
});
