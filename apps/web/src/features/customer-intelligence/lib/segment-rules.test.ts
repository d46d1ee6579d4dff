import { describe, expect, it } from 'vitest';
import { describeRules, fieldOf, listFilterOf, toFormValues, toSegmentBody, validateSegment } from './segment-rules';

describe('segment rules', () => {
  it('sends only the rules filled in, and keeps rules the form does not show', () => {
    const values = {
      ...toFormValues(),
      name: ' At risk ',
      min_readiness: '60',
      journey_stages: ['retention' as const],
    };
    expect(toSegmentBody(values, { min_churn_risk: 0.7 })).toEqual({
      name: 'At risk',
      rules: { min_churn_risk: 0.7, min_readiness: 60, journey_stages: ['retention'] },
    });
  });

  it("checks with the contract's schema, naming the field", () => {
    const body = toSegmentBody({ ...toFormValues(), name: 'x', min_readiness: '80', max_readiness: '20' });
    expect(validateSegment(body)).toEqual({ min_readiness: 'min_readiness must not exceed max_readiness' });
    expect(validateSegment(toSegmentBody({ ...toFormValues(), name: 'x', max_churn_risk: 'abc' }))).toHaveProperty(
      'max_churn_risk',
    );
  });

  it("maps the server's field paths to the form's fields", () => {
    expect([
      fieldOf('rules.min_readiness'),
      fieldOf('rules'),
      fieldOf('name'),
      fieldOf('rules.acquisition_sources.0'),
    ]).toEqual(['min_readiness', 'rules', 'name', 'rules']);
  });

  it('lists customers directly only when the list query can express the rules', () => {
    expect(listFilterOf({ min_readiness: 80, profile_types: ['Skeptic'] })).toEqual({
      min_readiness_score: 80,
      profile_type: 'Skeptic',
    });
    expect(listFilterOf({ min_readiness: 80, journey_stages: ['decision'] })).toBeNull();
    expect(listFilterOf({ profile_types: ['Skeptic', 'Optimizer'] })).toBeNull();
  });

  it('says the rules in words', () => {
    expect(describeRules({ max_churn_risk: 0.4, inactive_for_days: 30 })).toEqual([
      'Churn risk ≤ 40%',
      'Inactive for 30+ days',
    ]);
  });
});
