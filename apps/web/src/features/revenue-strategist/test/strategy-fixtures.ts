import type {
  CompetitorPrice,
  MarketInsight,
  MarketInsights,
  Recommendation,
  RecommendationList,
  RevenueSimulation,
  RevenueSimulations,
  StrategyAction,
} from '@ri/contracts';

const WINDOW = '2026-10-27 to 2026-11-25 (30 days)';
/** The tests' dates are whole days before the moment the fixtures load, so "this week" holds on any day. */
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

/** The funnel rule's worked example of docs/strategy.md: Skeptics leaving at pricing pages. */
export function recommendation(over: Partial<Recommendation> = {}): Recommendation {
  return {
    id: 'funnel_leak_profile:pricing:Skeptic',
    rule: 'funnel_leak_profile',
    title: 'Skeptic visitors leave at pricing pages',
    description: 'Skeptic sessions continue past pricing pages 30% of the time; the other profiles 55%.',
    priority: 'high',
    category: 'conversion',
    expected_revenue_lift: 0.0375,
    impact_score: 0.375,
    effort_required: 0.3,
    confidence: 0.71,
    timeframe: '2-4 weeks',
    action_steps: ['Add independent reviews beside the price', 'Link verifiable claims', 'Measure the continuation'],
    success_metrics: ['Skeptic continuation past pricing pages from 30% towards 42.5%'],
    affected_segments: ['Skeptic', 'pricing pages'],
    evidence: [
      { metric: 'profile_continuation_rate', value: 0.3, unit: 'fraction', window: WINDOW, sample_size: 200 },
      { metric: 'others_continuation_rate', value: 0.55, unit: 'fraction', window: WINDOW, sample_size: 800 },
      { metric: 'estimated_extra_conversions', value: 7.5, unit: 'conversions', window: WINDOW, sample_size: null },
    ],
    lift_method:
      'Estimate: 200 Skeptic sessions reached pricing pages × half the 25% gap × 30% of sessions continuing past pricing pages convert = 7.5 conversions, over 200 tracked conversions = 3.75%.',
    expected_impact: 'About 7.5 more conversions in 30 days.',
    next_steps: 'Add independent reviews beside the price.',
    status: 'open',
    wording: 'engine',
    first_generated_at: daysAgo(2),
    generated_at: daysAgo(1),
    ...over,
  };
}

export const churnRecommendation = recommendation({
  id: 'high_value_churn_risk',
  rule: 'high_value_churn_risk',
  title: 'Keep high-value customers at churn risk',
  description: '12 top-quarter customers have churn risk 0.7 or more.',
  priority: 'medium',
  category: 'retention',
  // The spec's client reads a value above 1 as a percentage: 12 is 12 %.
  expected_revenue_lift: 12,
  impact_score: 0.2,
  effort_required: 0.3,
  confidence: 0.5,
  action_steps: ['Call each of them this week'],
  success_metrics: ['Churn risk of the 12 below 0.7'],
  affected_segments: ['High-value customers'],
  evidence: [{ metric: 'at_risk_customers', value: 12, unit: 'customers', window: WINDOW, sample_size: 12 }],
  lift_method: 'Estimate: USD 40,000 last year × (0.8 − 0.3) × ½ × 30 / 365, over net revenue = 12%.',
  wording: 'model',
  first_generated_at: daysAgo(20),
});

export function recommendationList(over: Partial<RecommendationList> = {}): RecommendationList {
  return {
    recommendations: [recommendation(), churnRecommendation],
    last_generated: daysAgo(1),
    generated_at: daysAgo(1),
    window: { days: 30, from: '2026-10-27', to: '2026-11-25' },
    checked: ['funnel_leak_profile', 'high_value_churn_risk', 'funnel_drop'],
    skipped: [{ rule: 'fatigued_creatives', reason: 'No ad creatives: connect Meta Ads or Google Ads.' }],
    ...over,
  };
}

export function action(over: Partial<StrategyAction> = {}): StrategyAction {
  return {
    id: 'funnel_leak_profile:pricing:Skeptic#1',
    title: 'Add independent reviews beside the price',
    description: 'Step 1 of “Skeptic visitors leave at pricing pages”: 60% of its estimated 3.8% revenue lift.',
    status: 'suggested',
    effort_score: 3,
    impact_score: 8,
    leverage_ratio: 2.67,
    priority_score: 8,
    implementation_time: '1-2 weeks',
    expected_lift: 0.0225,
    category: 'conversion',
    source_id: 'funnel_leak_profile:pricing:Skeptic',
    source_kind: 'recommendation',
    status_changed_at: null,
    status_changed_by: null,
    history: [],
    outcome: null,
    ...over,
  };
}

export const actions: StrategyAction[] = [
  action(),
  action({
    id: 'funnel_leak_profile:pricing:Skeptic#2',
    title: 'Link verifiable claims',
    status: 'in_progress',
    effort_score: 2,
    impact_score: 6,
    leverage_ratio: 3,
    status_changed_at: daysAgo(3),
    status_changed_by: 'Ada Lovelace',
    history: [{ status: 'in_progress', at: daysAgo(3), by: 'Ada Lovelace' }],
  }),
  action({
    id: 'high_value_churn_risk#1',
    title: 'Call each of them this week',
    status: 'completed',
    effort_score: 4,
    impact_score: 9,
    leverage_ratio: 2.25,
    category: 'retention',
    source_id: 'high_value_churn_risk',
    history: [
      { status: 'in_progress', at: daysAgo(20), by: 'Ada Lovelace' },
      { status: 'completed', at: daysAgo(10), by: 'Grace Hopper' },
    ],
    outcome: {
      metric: 'conversion rate',
      kind: 'rate',
      before: 0.1,
      after: 0.13,
      change: 0.03,
      standard_error: 0.0143,
      interval_95: [0.002, 0.058],
      verdict: 'improved',
      text: 'Conversion rate rose from 10% to 13% after the action (+3 points; 95% interval +0.2 to +5.8 points): beyond the noise: an improvement.',
      measured_at: daysAgo(1),
    },
  }),
  action({
    id: 'ad_cost_trend:meta#1',
    title: 'Shift budget to the cheaper days',
    status: 'dismissed',
    effort_score: 2,
    impact_score: 7,
    leverage_ratio: 3.5,
    expected_lift: null,
    category: 'acquisition',
    source_id: 'ad_cost_trend:meta',
    source_kind: 'market_insight',
    history: [{ status: 'dismissed', at: daysAgo(5), by: 'Ada Lovelace' }],
  }),
];

export function simulation(over: Partial<RevenueSimulation> = {}): RevenueSimulation {
  return {
    id: 'sim-best-4-weeks',
    scenario_name: 'Conversion back to its best 4 weeks',
    confidence_interval: { low: 41000, high: 52000 },
    current_metrics: { monthly_revenue: 42000, conversion_rate: 2.5, average_order_value: 84, traffic: 20000 },
    projected_metrics: { monthly_revenue: 46200, conversion_rate: 2.75, average_order_value: 84, traffic: 20000 },
    current_interval: { low: 37000, high: 47500 },
    changes: { traffic: 0, conversion_rate: 0.1, order_value: 0 },
    changes_applied: ['Conversion rate +10%'],
    timeframe: 'Next 30 days',
    rationale: 'Your conversion rate was 10% higher over your best 4 weeks (2026-08-01 to 2026-08-28).',
    basis: 'Fitted on 182 days of sessions, orders and revenue (2026-05-28 to 2026-11-25).',
    ...over,
  };
}

export function simulations(over: Partial<RevenueSimulations> = {}): RevenueSimulations {
  return {
    simulations: [
      simulation(),
      simulation({
        id: 'sim-orders',
        scenario_name: 'Traffic +20%',
        current_metrics: { monthly_revenue: 42000, conversion_rate: null, average_order_value: 84, traffic: null },
        projected_metrics: { monthly_revenue: 50400, conversion_rate: null, average_order_value: 84, traffic: null },
        changes: { traffic: 0.2, conversion_rate: 0, order_value: 0 },
        changes_applied: ['Traffic +20%'],
      }),
    ],
    currency: 'USD',
    reason: null,
    ...over,
  };
}

export function insight(over: Partial<MarketInsight> = {}): MarketInsight {
  return {
    id: 'ad_cost_trend:meta',
    type: 'opportunity',
    title: 'Meta Ads clicks cost 18% less than last month',
    description: 'Mean daily CPC fell from USD 1.20 to USD 0.98.',
    urgency: 'short_term',
    impact: 'medium',
    recommended_actions: ['Raise the budget of your best campaign', 'Test a new audience while clicks are cheap'],
    data_source: 'Meta Ads daily CPC, last 30 vs previous 30 days',
    category: 'acquisition',
    evidence: [],
    ...over,
  };
}

export function marketInsights(over: Partial<MarketInsights> = {}): MarketInsights {
  return {
    insights: [
      insight(),
      insight({
        id: 'competitor_price:pro_plan:USD',
        type: 'competitive',
        title: 'Your Pro plan costs 15% more than competitors',
        description: 'USD 115 against a median of USD 100.',
        urgency: 'long_term',
        impact: 'high',
        recommended_actions: ['Show what the extra price buys'],
        data_source: 'Competitor prices you entered for Pro plan (3 competitors, 2026-09-15 to 2026-11-02)',
        category: 'pricing',
      }),
    ],
    skipped: [{ rule: 'month_of_year', reason: 'Revenue covers 200 days; the season needs 365.' }],
    market_intelligence: {
      market_sentiment: { value: 25, source: 'Meta Ads CPC change and your seasonality', reason: null },
      competitor_price_diff: { value: null, source: null, reason: 'No competitor price entered in the last 180 days.' },
    },
    ...over,
  };
}

export function competitorPrice(over: Partial<CompetitorPrice> = {}): CompetitorPrice {
  return {
    id: '3f0d4b8e-1c2a-4e5f-9a7b-6c5d4e3f2a1b',
    competitor: 'Acme',
    product: 'Pro plan',
    price: 100,
    own_price: 115,
    currency: 'USD',
    entered_at: daysAgo(30),
    entered_by: 'Ada Lovelace',
    ...over,
  };
}
