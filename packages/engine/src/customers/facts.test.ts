import { describe, expect, it } from 'vitest';
import { DAY, NOW, session } from './customer-facts.fixture.js';
import { customerNeuromindProfile, customerReadiness } from './facts.js';

describe('customerNeuromindProfile', () => {
  it('lets confident sessions outvote more numerous unsure ones', () => {
    const result = customerNeuromindProfile([
      session({ profile: 'Optimizer', profileConfidence: 0.9 }),
      session({ profile: 'Optimizer', profileConfidence: 0.7 }),
      session({ profile: 'Fast-Mover', profileConfidence: 0.3 }),
      session({ profile: 'Fast-Mover', profileConfidence: 0.3 }),
      session({ profile: 'Fast-Mover', profileConfidence: 0.3 }),
      session({ profile: null }),
    ]);
    expect(result.profile).toBe('Optimizer');
    expect(result.sessions).toBe(5);
    // Mean confidence of the Optimizer sessions 0.8 × their share of the vote 1.6 / 2.5.
    expect(result.confidence).toBeCloseTo(0.8 * (1.6 / 2.5), 10);
  });

  it('breaks a tie with the latest session, and knows nothing without profiled sessions', () => {
    const tie = customerNeuromindProfile([
      session({ profile: 'Skeptic', profileConfidence: 0.5, startedAt: NOW - 3 * DAY }),
      session({ profile: 'Reassurer', profileConfidence: 0.5, startedAt: NOW - DAY }),
    ]);
    expect(tie.profile).toBe('Reassurer');
    expect(customerNeuromindProfile([session()])).toEqual({ profile: null, confidence: null, sessions: 0 });
  });

  it('counts a session without a stated confidence as a guess among seven, with no confidence to report', () => {
    const r = customerNeuromindProfile([session({ profile: 'Skeptic' })]);
    expect(r).toEqual({ profile: 'Skeptic', confidence: null, sessions: 1 });
  });
});

describe('customerReadiness', () => {
  it('weights the latest three scored sessions 3, 2, 1 from the newest', () => {
    const r = customerReadiness([
      session({ startedAt: NOW - 5 * DAY, readiness: 10 }),
      session({ startedAt: NOW - 1 * DAY, readiness: 90, conversionProbability: 0.6 }),
      session({ startedAt: NOW - 2 * DAY, readiness: null }),
      session({ startedAt: NOW - 3 * DAY, readiness: 60, conversionProbability: 0.3 }),
      session({ startedAt: NOW - 4 * DAY, readiness: 30 }),
    ]);
    expect(r.readiness).toBeCloseTo((90 * 3 + 60 * 2 + 30) / 6, 10);
    expect(r.conversionProbability).toBeCloseTo((0.6 * 3 + 0.3 * 2) / 5, 10);
    expect(customerReadiness([session()])).toEqual({ readiness: null, conversionProbability: null });
  });
});
