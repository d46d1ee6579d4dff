export {
  type BehaviorPattern,
  detectPatterns,
  MIN_PATTERN_SESSIONS,
  matchesPattern,
  PATTERN_RULES,
  PATTERN_THRESHOLDS,
  type PatternRule,
  type PatternType,
} from './behavior-patterns.js';
export {
  emptyFlowState,
  FLOW_SIGNALS,
  type FlowSignal,
  type FlowState,
  type FlowTransition,
  firedSignal,
  foldFlows,
  MAX_FLOW_TRANSITIONS,
} from './flow-state.js';
export { type BehavioralInsight, INSIGHT_THRESHOLDS, type InsightEvidence } from './insight-types.js';
export { deriveInsights } from './insights.js';
export { PROFILE_INSIGHT_ACTIONS } from './profile-insights.js';
export type { SessionRecord } from './session-record.js';
export { aggregateFlows, MIN_FLOW_SESSIONS, type SignalFlow } from './signal-flows.js';
export { MIN_TREND_SESSIONS, type SignalSummary, type SummaryWindow, summarizeSignals } from './signal-summary.js';
export { correlationStrength } from './stats.js';
