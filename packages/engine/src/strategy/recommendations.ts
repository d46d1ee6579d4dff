/**
 * The Revenue Strategist's recommendations: every rule over one snapshot, the rules that could not run with the
 * data they lack, ordered by the lift at the cautious end of its interval (lift × confidence), then by id.
 */
import { type Draft, finish, type RuleContext, ruleContext } from './context.js';
import { campaignWrongBuyers } from './rules/campaigns.js';
import { highValueChurnRisk } from './rules/churn.js';
import { fatiguedCreatives } from './rules/creatives.js';
import { funnelDrop, funnelLeakByProfile } from './rules/funnel.js';
import { pricingPageExits } from './rules/pricing.js';
import { readyNotConverting } from './rules/readiness.js';
import type { StrategicRecommendations, StrategySnapshot } from './types.js';

type Rule = { key: string; run: (ctx: RuleContext) => Draft[] | { reason: string } };

/** The rules in the order they run; docs/strategy.md describes each. */
export const STRATEGY_RULES: readonly Rule[] = [
  { key: 'funnel_leak_profile', run: funnelLeakByProfile },
  { key: 'funnel_drop', run: funnelDrop },
  { key: 'ready_not_converting', run: readyNotConverting },
  { key: 'campaign_wrong_buyers', run: campaignWrongBuyers },
  { key: 'fatigued_creatives', run: fatiguedCreatives },
  { key: 'high_value_churn_risk', run: highValueChurnRisk },
  { key: 'pricing_page_exits', run: pricingPageExits },
];

/** Recommendations from the business's own data, each citing its evidence; skipped rules say what is missing. */
export function strategicRecommendations(snapshot: StrategySnapshot): StrategicRecommendations {
  const ctx = ruleContext(snapshot);
  const out: StrategicRecommendations = { recommendations: [], checked: [], skipped: [] };
  for (const rule of STRATEGY_RULES) {
    const result = rule.run(ctx);
    if (Array.isArray(result)) {
      out.checked.push(rule.key);
      out.recommendations.push(...result.map(finish));
    } else {
      out.skipped.push({ rule: rule.key, reason: result.reason });
    }
  }
  out.recommendations.sort(
    (a, b) => b.expected_revenue_lift * b.confidence - a.expected_revenue_lift * a.confidence || (a.id < b.id ? -1 : 1),
  );
  return out;
}
