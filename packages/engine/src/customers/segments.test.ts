import { segmentRulesSchema } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { DAY, NOW, row, rows } from './customer-rows.fixture.js';
import { matchesRules, profileSegments, SEGMENT_SUGGESTIONS } from './segments.js';

describe('matchesRules', () => {
  it('needs every rule to hold', () => {
    const c = row({
      profile: 'Optimizer',
      readiness: 85,
      churnRisk: 0.2,
      lifetimeValue: 1500,
      journeyStage: 'decision',
    });
    expect(matchesRules(c, { profile_types: ['Optimizer'], min_readiness: 80 }, NOW)).toBe(true);
    expect(matchesRules(c, { profile_types: ['Optimizer'], min_readiness: 90 }, NOW)).toBe(false);
    expect(matchesRules(c, { journey_stages: ['retention'] }, NOW)).toBe(false);
    expect(matchesRules(c, { min_lifetime_value: 1500, max_churn_risk: 0.2 }, NOW)).toBe(true); // bounds are inclusive
  });

  it('never matches a bound on a field the customer does not have', () => {
    const unknown = row();
    expect(matchesRules(unknown, { min_readiness: 0 }, NOW)).toBe(false);
    expect(matchesRules(unknown, { max_churn_risk: 1 }, NOW)).toBe(false);
    expect(matchesRules(unknown, { max_lifetime_value: 1e12 }, NOW)).toBe(false);
    expect(matchesRules(unknown, { profile_types: ['Skeptic'] }, NOW)).toBe(false);
    expect(matchesRules(unknown, { profile_types: [], engagement_levels: ['low'] }, NOW)).toBe(true); // an empty list sets no condition
  });

  it('matches sources, acquisition and activity windows', () => {
    const c = row({ acquisitionSource: 'google / cpc', sources: ['stripe', 'ghl'], lastActivity: NOW - 10 * DAY });
    expect(matchesRules(c, { acquisition_sources: ['Google / CPC '] }, NOW)).toBe(true);
    expect(matchesRules(c, { acquisition_sources: ['Direct'] }, NOW)).toBe(false);
    expect(matchesRules(c, { has_source: 'ghl' }, NOW)).toBe(true);
    expect(matchesRules(c, { has_source: 'visitor' }, NOW)).toBe(false);
    expect(matchesRules(c, { active_within_days: 10 }, NOW)).toBe(true);
    expect(matchesRules(c, { active_within_days: 9 }, NOW)).toBe(false);
    expect(matchesRules(c, { inactive_for_days: 10 }, NOW)).toBe(true);
    expect(matchesRules(c, { inactive_for_days: 11 }, NOW)).toBe(false);
  });
});

describe('SEGMENT_SUGGESTIONS', () => {
  const count = (key: string, list: ReturnType<typeof rows>) => {
    const s = SEGMENT_SUGGESTIONS.find((x) => x.key === key);
    if (!s) throw new Error(key);
    return list.filter((c) => matchesRules(c, s.rules, NOW)).length;
  };

  it('are the spec four, each valid as saved-segment rules', () => {
    expect(SEGMENT_SUGGESTIONS).toHaveLength(4);
    for (const s of SEGMENT_SUGGESTIONS) expect(segmentRulesSchema.safeParse(s.rules).success).toBe(true);
  });

  it('select the customers the spec describes', () => {
    const base = [
      row({ profile: 'Fast-Mover', lifetimeValue: 1200 }),
      row({ profile: 'Fast-Mover', lifetimeValue: 800 }),
      row({ profile: 'Optimizer', lifetimeValue: 5000, churnRisk: 0.8 }),
      row({ profile: 'Optimizer', lifetimeValue: 5000, churnRisk: 0.5 }),
      row({ readiness: 85, journeyStage: 'decision' }),
      row({ readiness: 85, journeyStage: 'retention' }),
      row({ readiness: 70, journeyStage: 'decision' }),
      row({ profile: 'Skeptic', engagementLevel: 'high' }),
      row({ profile: 'Proof-Driven', engagementLevel: 'high' }),
      row({ profile: 'Proof-Driven', engagementLevel: 'medium' }),
    ];
    expect(count('high_value_fast_movers', base)).toBe(1);
    expect(count('high_value_at_risk', base)).toBe(1);
    expect(count('ready_to_convert', base)).toBe(1);
    expect(count('engaged_evidence_seekers', base)).toBe(2);
  });
});

describe('profileSegments', () => {
  const traits = (price: number) => ({
    decision_speed: 0.5,
    price_sensitivity: price,
    social_proof_influence: 0.5,
    authority_seeking: 0.5,
    risk_tolerance: 0.5,
  });

  it('makes one segment per profile present, with counts, averages and conversion', () => {
    const list = [
      row({ profile: 'Optimizer', readiness: 80, lifetimeValue: 300, orders: 2, traits: traits(0.8) }),
      row({ profile: 'Optimizer', readiness: 60, lifetimeValue: null, orders: 0, traits: traits(0.6) }),
      row({ profile: 'Fast-Mover', readiness: null, lifetimeValue: 100, orders: 1, traits: traits(0.1) }),
      row({ profile: null, readiness: 40, orders: 0, traits: traits(0.1) }),
    ];
    const segments = profileSegments(list);
    expect(segments.map((s) => s.profile_type)).toEqual(['Fast-Mover', 'Optimizer']);
    const optimizer = segments[1];
    expect(optimizer).toMatchObject({
      id: 'profile-optimizer',
      user_count: 2,
      avg_readiness_score: 70,
      avg_lifetime_value: 300,
      conversion_rate: 0.5,
    });
    expect(optimizer?.characteristics).toContain('50% bought (business 50%)');
    expect(optimizer?.characteristics).toContain('Average readiness 70 (business 60)');
    expect(optimizer?.characteristics).toContain('Average price sensitivity 0.70 (business 0.40)');
    expect(segments[0]?.avg_readiness_score).toBeNull();
  });

  it('adds retention and conversion actions when the segment data calls for them', () => {
    const list = [
      ...rows(3, { profile: 'Reassurer', churnRisk: 0.9, orders: 1 }),
      ...rows(2, { profile: 'Reassurer', churnRisk: 0.1, orders: 1 }),
      row({ profile: 'Reassurer', readiness: 90, orders: 0 }),
      row({ profile: 'Skeptic', churnRisk: 0.1 }),
    ];
    const [reassurer, skeptic] = profileSegments(list);
    expect(reassurer?.recommended_actions).toContain('Run a retention campaign: 3 of 5 have churn risk 0.7 or more');
    expect(reassurer?.recommended_actions).toContain(
      'Push conversion: 1 customer with readiness 80 or more has not bought',
    );
    expect(skeptic?.recommended_actions).toHaveLength(2); // the profile's own two only
  });
});
