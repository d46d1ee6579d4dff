export { ACTION_RULES, actionPlan, isQuickWin, smallCompoundingActions } from './actions.js';
export { AD_COST_RULES, adCostTrends, type CostTrend, platformName } from './ad-costs.js';
export {
  COMPETITOR_RULES,
  type CompetitorPriceSummary,
  competitorPriceDiffs,
  type ProductPriceDiff,
} from './competitor-prices.js';
export {
  compareMeans,
  compareRates,
  confidenceFrom,
  impactOf,
  type MeanComparison,
  priorityOf,
  type RateComparison,
  STRENGTH_RULES,
} from './evidence-strength.js';
export { MARKET_RULES, marketInsights } from './market.js';
export { marketIntelligence, SENTIMENT_RULES } from './market-intelligence.js';
export { type ActionOutcome, actionOutcome, OUTCOME_RULES, type OutcomeInput } from './outcome.js';
export { STRATEGY_RULES, strategicRecommendations } from './recommendations.js';
export {
  applyRewrite,
  checkRewrite,
  numbersIn,
  type ReadNumber,
  type RewriteCheck,
  type RewriteText,
} from './rewrite-check.js';
export { CAMPAIGN_RULES } from './rules/campaigns.js';
export { CHURN_RULES } from './rules/churn.js';
export { CREATIVE_RULES } from './rules/creatives.js';
export { FUNNEL_RULES } from './rules/funnel.js';
export { PRICING_RULES } from './rules/pricing.js';
export { READINESS_RULES } from './rules/readiness.js';
export { dailySeries, monthIndex, nextMonth, SEASONALITY_RULES, weekdayPattern } from './seasonality.js';
export type * from './types.js';
