export { type AdDay, type DeliveryDay, normalizeAdDays, type Unknowable } from './ad-day.js';
export {
  CHANNEL_INSIGHT_RULES,
  type ChannelFigures,
  type ChannelInsight,
  channelInsights,
  conversionTrend,
} from './channel-insights.js';
export {
  type CreativeFatigue,
  creativeFatigue,
  FATIGUE_THRESHOLDS,
  type FatigueThresholds,
  fatigueBand,
} from './creative-fatigue.js';
export {
  DATA_SUFFICIENCY_RULES,
  type DataSufficiency,
  type DataSufficiencyInput,
  dataSufficiency,
} from './data-sufficiency.js';
export {
  ENGAGEMENT_THRESHOLDS,
  type EngagementInput,
  type EngagementScore,
  engagementScore,
} from './engagement-score.js';
export { DECAY_THRESHOLDS, type DecayThresholds, type MessageDecay, messageDecay } from './message-decay.js';
export {
  type BudgetTarget,
  type CampaignFigures,
  OPTIMIZATION_RULES,
  type OptimizationAction,
  type OptimizationOptions,
  type OptimizationRecommendation,
  optimizationRecommendations,
} from './optimization-recommendations.js';
export {
  PSYCHOLOGICAL_TRIGGER_RULES,
  type PsychologicalTriggerRule,
  psychologicalTriggers,
} from './psychological-triggers.js';
