import { type CustomerInsight, customerInsightSchema } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { DAY, NOW, rows } from './customer-rows.fixture.js';
import { customerInsights, insightConfidence } from './insights.js';
import { matchesRules } from './segments.js';

// 35 customers: 10 valuable recent Optimizers (4 at churn risk), 20 one-time Fast-Mover/Optimizer buyers last seen
// 40+ days ago (3 of them 100 days ago), 5 recent Fast-Movers ready to buy; 5 unknown visitors.
const base = () => [
  ...rows(4, {
    profile: 'Optimizer',
    lifetimeValue: 2000,
    orders: 3,
    journeyStage: 'retention',
    churnRisk: 0.8,
    lastActivity: NOW - 5 * DAY,
  }),
  ...rows(6, {
    profile: 'Optimizer',
    lifetimeValue: 2000,
    orders: 3,
    journeyStage: 'retention',
    churnRisk: 0.1,
    lastActivity: NOW - 5 * DAY,
  }),
  ...rows(3, {
    profile: 'Fast-Mover',
    lifetimeValue: 100,
    orders: 1,
    journeyStage: 'retention',
    churnRisk: 0.2,
    lastActivity: NOW - 100 * DAY,
  }),
  ...rows(11, {
    profile: 'Fast-Mover',
    lifetimeValue: 100,
    orders: 1,
    journeyStage: 'retention',
    churnRisk: 0.2,
    lastActivity: NOW - 40 * DAY,
  }),
  ...rows(6, {
    profile: 'Optimizer',
    lifetimeValue: 100,
    orders: 1,
    journeyStage: 'retention',
    churnRisk: 0.2,
    lastActivity: NOW - 40 * DAY,
  }),
  ...rows(5, { profile: 'Fast-Mover', readiness: 85, journeyStage: 'consideration', lastActivity: NOW - 2 * DAY }),
  ...rows(5, { lastActivity: NOW - 50 * DAY }),
];

/** Every number written in an insight's title or description. */
const numbersIn = (i: CustomerInsight): number[] =>
  [...`${i.title} ${i.description}`.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replaceAll(',', '')));
const citable = (i: CustomerInsight): Set<number> =>
  new Set([
    ...i.evidence.flatMap((e) => [e.value, e.sample]),
    ...Object.values(i.rules ?? {}).filter((v): v is number => typeof v === 'number'),
  ]);

describe('customerInsights', () => {
  it('says nothing under 10 customers', () => {
    expect(customerInsights(base().slice(0, 9), NOW)).toEqual([]);
  });

  it('finds the warnings, opportunities and trends the data shows', () => {
    const insights = customerInsights(base(), NOW);
    expect(insights.map((i) => [i.id, i.type, i.affected_users])).toEqual([
      ['high_value_churn_risk', 'warning', 4],
      ['lapsed_customers', 'warning', 3],
      ['ready_not_bought', 'opportunity', 5],
      ['one_time_buyers', 'opportunity', 20],
      ['profile_shift_fast_mover', 'trend', 5],
      ['profile_shift_optimizer', 'trend', 10],
    ]);
    const risk = insights[0];
    expect(risk?.description).toBe(
      '4 of the 10 customers with a lifetime value of 2,000 or more (the top quarter) have churn risk 0.7 or more; together their lifetime value is 8,000.',
    );
    expect(risk?.rules).toEqual({ min_lifetime_value: 2000, min_churn_risk: 0.7 });
    expect(insights.find((i) => i.id === 'profile_shift_optimizer')?.description).toBe(
      'Optimizer customers are 67% of the 15 profiled customers active in the last 30 days, against 30% of the 20 last active earlier.',
    );
  });

  it('states only numbers that are in its evidence or its rules', () => {
    for (const insight of customerInsights(base(), NOW)) {
      const allowed = citable(insight);
      for (const n of numbersIn(insight)) expect(allowed, `${insight.id}: ${n}`).toContain(n);
      expect(customerInsightSchema.safeParse(insight).success).toBe(true);
    }
  });

  it('counts as affected exactly the customers its rules select', () => {
    const list = base();
    for (const insight of customerInsights(list, NOW)) {
      if (insight.rules === null) continue;
      const rules = insight.rules;
      expect(list.filter((c) => matchesRules(c, rules, NOW)).length, insight.id).toBe(insight.affected_users);
    }
  });

  it('grows its confidence with the number of customers behind the finding', () => {
    expect(insightConfidence(3)).toBe(0.5);
    expect(insightConfidence(24)).toBe(0.8);
    expect(insightConfidence(10_000)).toBe(0.95);
    const [risk] = customerInsights(base(), NOW);
    expect(risk?.confidence).toBe(0.55); // 4 customers: 1 − 1/√5
  });

  it('finds nothing in a base with no signal', () => {
    expect(customerInsights(rows(30, { lastActivity: NOW - DAY }), NOW)).toEqual([]);
  });
});
