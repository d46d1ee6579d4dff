import { behavioralInsightSchema, behaviorPatternSchema, signalFlowSchema, signalSummarySchema } from '@ri/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPatterns } from './behavior-patterns.js';
import { deriveInsights } from './insights.js';
import { recordArb } from './session-records.fixture.js';
import { aggregateFlows } from './signal-flows.js';
import { summarizeSignals } from './signal-summary.js';

// The engine declares its own output types; this checks its outputs still parse with the response schemas.
describe('outputs against the API contracts', () => {
  it('parse with the signal, pattern, flow and insight schemas', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { minLength: 30, maxLength: 120, size: 'max' }), (records) => {
        const signals = summarizeSignals(records, { from: 0, to: 1_000_000 });
        const patterns = detectPatterns(records);
        for (const s of signals) expect(signalSummarySchema.parse(s)).toEqual(s);
        for (const p of patterns) expect(behaviorPatternSchema.parse(p)).toEqual(p);
        for (const f of aggregateFlows(records)) expect(signalFlowSchema.parse(f)).toEqual(f);
        for (const i of deriveInsights(records, patterns, signals)) expect(behavioralInsightSchema.parse(i)).toEqual(i);
      }),
      { numRuns: 30 },
    );
  });
});
