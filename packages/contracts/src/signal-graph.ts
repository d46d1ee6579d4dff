import { z } from 'zod';
import { signalTypeSchema } from './intelligence.js';
import { timeRangeSchema } from './time-range.js';

// ───────────────────────── Behavioral Signal Graph ─────────────────────────

export const PATTERN_TYPES = ['high_intent', 'abandonment_risk', 'comparison_shopping', 'price_sensitive'] as const;
export const patternTypeSchema = z.enum(PATTERN_TYPES);

export const signalSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: signalTypeSchema,
  /** 0-1: the median session's value against the strongest sessions of the window. */
  strength: z.number(),
  /** Sessions in the window where the signal was present. */
  frequency: z.number().int(),
  /** 0-1: how strongly its presence goes with conversion in the window. */
  impact_score: z.number(),
  trend: z.enum(['increasing', 'decreasing', 'stable']),
  description: z.string(),
});
export type SignalSummary = z.infer<typeof signalSummarySchema>;

export const behaviorPatternSchema = z.object({
  id: z.string(),
  name: z.string(),
  signals: z.array(z.string()),
  /** -1..1: the correlation between matching the pattern and converting, over the window's sessions. */
  conversion_correlation: z.number(),
  user_count: z.number().int(),
  pattern_type: patternTypeSchema,
  /** The analysis text shown when a card is expanded; cites its numbers. */
  description: z.string(),
  conversion_rate: z.number().nullable(),
});
export type BehaviorPattern = z.infer<typeof behaviorPatternSchema>;

export const signalFlowSchema = z.object({
  from_signal: z.string(),
  to_signal: z.string(),
  transition_probability: z.number(),
  /** Seconds. */
  avg_time_between: z.number(),
  user_count: z.number().int(),
});
export type SignalFlow = z.infer<typeof signalFlowSchema>;

export const behavioralSignalsQuerySchema = z.object({ time_range: timeRangeSchema.default('24h') });
export const behavioralSignalsResponseSchema = z.object({
  signals: z.array(signalSummarySchema),
  patterns: z.array(behaviorPatternSchema),
  flows: z.array(signalFlowSchema),
  summary: z.object({
    active_signals: z.number().int(),
    pattern_matches: z.number().int(),
    high_impact_signals: z.number().int(),
    signal_flows: z.number().int(),
  }),
  sessions_analyzed: z.number().int(),
  time_range: timeRangeSchema,
  generated_at: z.string(),
});
export type BehavioralSignalsResponse = z.infer<typeof behavioralSignalsResponseSchema>;
