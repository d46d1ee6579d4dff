import { z } from 'zod';
import { PRIORITIES } from './ad-intelligence.js';

// ───────────────────────── The Revenue Strategist (spec 3 sections 2.1, 3, 4, 7) ─────────────────────────
//
// Recommendations come from documented rules over the business's own data (packages/engine/src/strategy,
// docs/strategy.md): each cites its evidence, its estimated lift and how it was made, and a confidence from the
// evidence's strength. Fractions are 0–1 (the spec's client multiplies them for display).

export const RECOMMENDATION_CATEGORIES = ['conversion', 'pricing', 'acquisition', 'retention', 'optimization'] as const;
export const recommendationCategorySchema = z.enum(RECOMMENDATION_CATEGORIES);
export type RecommendationCategory = z.infer<typeof recommendationCategorySchema>;

export const prioritySchema = z.enum(PRIORITIES);

export const STRATEGY_DEFAULT_LIMIT = 20;
/** The spec's quick win: an action with effort_score at most 3 and impact_score at least 6. */
export const QUICK_WIN = { maxEffort: 3, minImpact: 6 } as const;
export const STRATEGY_WINDOWS = [7, 30, 90] as const;
export const STRATEGY_DEFAULT_DAYS = 30;

export const evidenceSchema = z.object({
  metric: z.string(),
  value: z.number(),
  unit: z.string().optional(),
  window: z.string(),
  sample_size: z.number().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const RECOMMENDATION_STATUSES = ['open', 'implemented'] as const;

export const recommendationSchema = z.object({
  id: z.string(),
  rule: z.string(),
  title: z.string(),
  description: z.string(),
  priority: prioritySchema,
  category: recommendationCategorySchema,
  expected_revenue_lift: z.number(),
  impact_score: z.number(),
  effort_required: z.number(),
  confidence: z.number(),
  timeframe: z.string(),
  action_steps: z.array(z.string()),
  success_metrics: z.array(z.string()),
  affected_segments: z.array(z.string()),
  evidence: z.array(evidenceSchema),
  lift_method: z.string(),
  /** The spec's dashboard modal: expected impact in words, and a next step. */
  expected_impact: z.string(),
  next_steps: z.string(),
  status: z.enum(RECOMMENDATION_STATUSES),
  /** Reworded by the configured language model (numbers checked against the evidence), or the engine's own text. */
  wording: z.enum(['engine', 'model']),
  first_generated_at: z.string(),
  generated_at: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const skippedRuleSchema = z.object({ rule: z.string(), reason: z.string() });

export const recommendationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(STRATEGY_DEFAULT_LIMIT),
  category: recommendationCategorySchema.optional(),
});

export const recommendationListSchema = z.object({
  recommendations: z.array(recommendationSchema),
  /** When the recommendations were last generated; null before the first time. */
  last_generated: z.string().nullable(),
  generated_at: z.string().nullable(),
  window: z.object({ days: z.number().int(), from: z.string(), to: z.string() }).nullable(),
  /** Rules that ran and found nothing to recommend, and rules that could not run with the data they lack. */
  checked: z.array(z.string()),
  skipped: z.array(skippedRuleSchema),
});
export type RecommendationList = z.infer<typeof recommendationListSchema>;

export const generateRecommendationsBodySchema = z.object({
  days: z
    .union(
      STRATEGY_WINDOWS.map((d) => z.literal(d)),
      { error: `days must be one of ${STRATEGY_WINDOWS.join(', ')}` },
    )
    .default(STRATEGY_DEFAULT_DAYS),
});

export const ACTION_STATUSES = ['suggested', 'in_progress', 'completed', 'dismissed'] as const;
export const actionStatusSchema = z.enum(ACTION_STATUSES);
export type ActionStatus = z.infer<typeof actionStatusSchema>;

export const actionOutcomeSchema = z.object({
  metric: z.string(),
  /** A rate (before and after are fractions of sessions), daily amounts (means per day), or unknown yet. */
  kind: z.enum(['rate', 'daily_mean']).nullable(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  change: z.number().nullable(),
  /** Standard error of the change, and its 95 % interval. */
  standard_error: z.number().nullable(),
  interval_95: z.tuple([z.number(), z.number()]).nullable(),
  verdict: z.enum(['improved', 'worsened', 'no_clear_change', 'too_little_data', 'waiting']),
  text: z.string(),
  measured_at: z.string(),
});
export type ActionOutcome = z.infer<typeof actionOutcomeSchema>;

export const strategyActionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: actionStatusSchema,
  effort_score: z.number(),
  impact_score: z.number(),
  leverage_ratio: z.number(),
  priority_score: z.number(),
  implementation_time: z.string(),
  expected_lift: z.number().nullable(),
  category: recommendationCategorySchema,
  source_id: z.string(),
  source_kind: z.enum(['recommendation', 'market_insight']),
  /** Who changed the status last and when; null while suggested by the engine. */
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  history: z.array(z.object({ status: actionStatusSchema, at: z.string(), by: z.string().nullable() })),
  /** For a completed action: the metric it targeted before and after, with the noise. */
  outcome: actionOutcomeSchema.nullable(),
});
export type StrategyAction = z.infer<typeof strategyActionSchema>;

export const actionListSchema = z.object({ actions: z.array(strategyActionSchema) });
export type ActionList = z.infer<typeof actionListSchema>;
export const actionParamsSchema = z.object({ id: z.string().min(1, 'id is required').max(300, 'id is too long') });
export const actionStatusBodySchema = z.object({ status: actionStatusSchema });

export const MARKET_INSIGHT_TYPES = ['opportunity', 'threat', 'trend', 'competitive'] as const;
export const marketInsightSchema = z.object({
  id: z.string(),
  type: z.enum(MARKET_INSIGHT_TYPES),
  title: z.string(),
  description: z.string(),
  urgency: z.enum(['immediate', 'short_term', 'long_term']),
  impact: z.enum(['high', 'medium', 'low']),
  recommended_actions: z.array(z.string()),
  data_source: z.string(),
  category: recommendationCategorySchema,
  evidence: z.array(evidenceSchema),
});
export type MarketInsight = z.infer<typeof marketInsightSchema>;

export const sourcedFigureSchema = z.object({
  value: z.number().nullable(),
  source: z.string().nullable(),
  reason: z.string().nullable(),
});
export const marketInsightsSchema = z.object({
  insights: z.array(marketInsightSchema),
  skipped: z.array(skippedRuleSchema),
  market_intelligence: z.object({ market_sentiment: sourcedFigureSchema, competitor_price_diff: sourcedFigureSchema }),
});
export type MarketInsights = z.infer<typeof marketInsightsSchema>;

export const competitorPriceSchema = z.object({
  id: z.uuid(),
  competitor: z.string(),
  product: z.string(),
  price: z.number(),
  own_price: z.number(),
  currency: z.string(),
  entered_at: z.string(),
  entered_by: z.string().nullable(),
});
export type CompetitorPrice = z.infer<typeof competitorPriceSchema>;
export const competitorPriceListSchema = z.object({ prices: z.array(competitorPriceSchema) });

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);
const price = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be more than 0`)
    .max(1e9, `${name} must be at most 1,000,000,000`);
export const competitorPriceBodySchema = z.object({
  competitor: text('competitor', 120),
  product: text('product', 120),
  price: price('price'),
  own_price: price('own_price'),
  currency: z
    .string({ error: 'currency is required' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'currency must be a three-letter code such as USD')
    .transform((c) => c.toUpperCase()),
});
export type CompetitorPriceBody = z.infer<typeof competitorPriceBodySchema>;
export const competitorPriceParamsSchema = z.object({ id: z.uuid({ error: 'id must be a competitor price id' }) });

// ───────────────────────── Revenue simulations (Monte Carlo over the business's daily history) ─────────────────────────

export const simulationMetricsSchema = z.object({
  monthly_revenue: z.number(),
  /** Percent of sessions; null without tracked sessions (the model then works on orders). */
  conversion_rate: z.number().nullable(),
  average_order_value: z.number().nullable(),
  /** Sessions per month; null without tracked sessions. */
  traffic: z.number().nullable(),
});
export const simulationChangesSchema = z.object({
  traffic: z
    .number({ error: 'traffic must be a number' })
    .min(-0.9, 'traffic must be at least -0.9 (−90 %)')
    .max(5, 'traffic must be at most 5 (+500 %)')
    .default(0),
  conversion_rate: z
    .number({ error: 'conversion_rate must be a number' })
    .min(-0.9, 'conversion_rate must be at least -0.9 (−90 %)')
    .max(5, 'conversion_rate must be at most 5 (+500 %)')
    .default(0),
  order_value: z
    .number({ error: 'order_value must be a number' })
    .min(-0.9, 'order_value must be at least -0.9 (−90 %)')
    .max(5, 'order_value must be at most 5 (+500 %)')
    .default(0),
});
export type SimulationChanges = z.infer<typeof simulationChangesSchema>;

export const revenueSimulationSchema = z.object({
  id: z.string(),
  scenario_name: z.string(),
  /** The 80 % interval of the projected month's revenue (10th and 90th percentiles of the simulated months). */
  confidence_interval: z.object({ low: z.number(), high: z.number() }),
  current_metrics: simulationMetricsSchema,
  projected_metrics: simulationMetricsSchema,
  /** The no-change month's 80 % interval, so a scenario's lift can be read against the noise. */
  current_interval: z.object({ low: z.number(), high: z.number() }),
  changes: z.object({ traffic: z.number(), conversion_rate: z.number(), order_value: z.number() }),
  changes_applied: z.array(z.string()),
  timeframe: z.string(),
  /** Why the scenario is offered (the data it comes from), and what the model was fitted on. */
  rationale: z.string(),
  basis: z.string(),
});
export type RevenueSimulation = z.infer<typeof revenueSimulationSchema>;

export const revenueSimulationsSchema = z.object({
  simulations: z.array(revenueSimulationSchema),
  currency: z.string().nullable(),
  /** Null when the model could fit; otherwise why there is no simulation (too little history…). */
  reason: z.string().nullable(),
});
export type RevenueSimulations = z.infer<typeof revenueSimulationsSchema>;

export const runSimulationBodySchema = z.object({
  scenario_name: z
    .string()
    .trim()
    .min(1, 'scenario_name must not be empty')
    .max(120, 'scenario_name must be at most 120 characters')
    .optional(),
  changes: simulationChangesSchema,
});
export type RunSimulationBody = z.infer<typeof runSimulationBodySchema>;

export const actionPlanResponseSchema = z.object({ actions: z.array(strategyActionSchema) });
