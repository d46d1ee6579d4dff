import { engagementRecommendationSchema, NEUROMIND_PROFILES } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { NOW, row } from './customer-rows.fixture.js';
import { engagementRecommendations, type RecommendationCustomer } from './recommendations.js';

const customer = (over: Partial<RecommendationCustomer> = {}): RecommendationCustomer => ({
  ...row(),
  conversionProbability: null,
  ...over,
});
const types = (c: RecommendationCustomer) => engagementRecommendations(c, NOW).map((r) => r.type);

describe('engagementRecommendations', () => {
  it('adds a conversion push at readiness 80 or more, resting on their own figures', () => {
    expect(types(customer({ readiness: 79 }))).toEqual([]);
    const [push] = engagementRecommendations(customer({ readiness: 86, conversionProbability: 0.42 }), NOW);
    expect(push?.type).toBe('conversion');
    expect(push?.because).toBe('Readiness 86 is 80 or more.');
    expect(push?.expected_impact).toBe(
      'Rests on readiness 86 and a conversion probability of 0.42 from their latest sessions.',
    );
  });

  it('adds a retention campaign only above churn risk 0.7', () => {
    expect(types(customer({ churnRisk: 0.7 }))).toEqual([]);
    const [retention] = engagementRecommendations(customer({ churnRisk: 0.82, lifetimeValue: 1234.5, orders: 4 }), NOW);
    expect(retention?.type).toBe('retention');
    expect(retention?.because).toBe('Churn risk 0.82 is above 0.7.');
    expect(retention?.expected_impact).toContain('1,234.5');
  });

  it('adds the profile own recommendations', () => {
    const expected: Record<string, string[]> = {
      'Fast-Mover': ['urgency'],
      'Proof-Driven': ['social_proof'],
      Reassurer: ['trust_building'],
      Skeptic: ['social_proof', 'trust_building'],
      Optimizer: ['comparison'],
      'Authority-Seeker': ['authority'],
      'Experience-First': ['experiential'],
    };
    for (const profile of NEUROMIND_PROFILES) expect(types(customer({ profile }))).toEqual(expected[profile]);
  });

  it('adds one personalised recommendation from the most pronounced measured trait', () => {
    const traits = {
      decision_speed: 0.2,
      price_sensitivity: 0.9,
      social_proof_influence: 0.75,
      authority_seeking: null,
      risk_tolerance: 0.5,
    };
    const recs = engagementRecommendations(customer({ traits }), NOW);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ type: 'personalized', title: 'Lead with value and price clarity' });
    expect(recs[0]?.because).toBe('Their price sensitivity is 0.90, 0.7 or more.');
    const middling = { ...traits, decision_speed: 0.5, price_sensitivity: 0.5, social_proof_influence: 0.5 };
    expect(types(customer({ traits: middling }))).toEqual([]);
  });

  it('combines the rules in order, every recommendation valid and stating no percentage', () => {
    const recs = engagementRecommendations(
      customer({
        profile: 'Optimizer',
        readiness: 90,
        churnRisk: 0.9,
        traits: { ...row().traits, risk_tolerance: 0.1 },
      }),
      NOW,
    );
    expect(recs.map((r) => r.type)).toEqual(['conversion', 'retention', 'comparison', 'personalized']);
    for (const r of recs) {
      expect(engagementRecommendationSchema.safeParse(r).success).toBe(true);
      expect(`${r.expected_impact} ${r.description}`).not.toMatch(/%/);
    }
  });
});
