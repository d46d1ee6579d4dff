/**
 * The Revenue Strategist's input and output shapes (spec doc 3, section 3, "Revenue Strategist").
 *
 * The input is one snapshot of a business's own data over a window, filled by the server from its database.
 * Every part is optional: a business with only the tracking snippet, or only Stripe, gets what its data
 * supports, and every rule that cannot run says which data it lacks. Money is in minor units of
 * `currency` (cents for USD) everywhere in the input; texts and evidence state it in major units.
 */
import type { NeuromindProfile } from '@ri/contracts';

/** A count of trials and how many of them succeeded (sessions and conversions, views and exits…). */
export type Rate = { successes: number; trials: number };

/** The analysis window: `days` calendar days from `from` to `to` inclusive (ISO dates, YYYY-MM-DD). */
export type StrategyWindow = { days: number; from: string; to: string };

/**
 * One page-type step of the funnel (landing, product, pricing, cart, checkout…) over the window.
 * `reached`: sessions that viewed a page of this type. `continued`: of those, sessions that went on to a
 * later step of the funnel or converted. `converted`: of those, sessions that converted. So
 * converted ≤ continued ≤ reached. `previous`: the same counts over the previous window of the same length.
 */
export type FunnelStep = {
  page_type: string;
  reached: number;
  continued: number;
  converted: number;
  previous?: { reached: number; continued: number; converted: number } | null;
};

/** One Neuromind profile's sessions and funnel, the same steps as the overall funnel. */
export type ProfileFunnel = {
  profile: NeuromindProfile;
  sessions: number;
  converted: number;
  steps: FunnelStep[];
};

/** Tracked sessions in the window, how many converted, and the funnel by page type, overall and per profile. */
export type FunnelSnapshot = {
  sessions: number;
  converted: number;
  /** In funnel order. */
  steps: FunnelStep[];
  /** Sessions with a Neuromind profile, per profile. */
  by_profile?: ProfileFunnel[] | null;
};

/** Sessions that reached the high readiness band (readiness ≥ 80) in the window, and how many converted. */
export type ReadinessSnapshot = {
  high_band_sessions: number;
  high_band_converted: number;
  /**
   * The mean calibrated conversion probability of those sessions (0–1), when the server has it. Without it
   * the rule uses 0.6, the probability that readiness 80 stands for (docs/scoring.md).
   */
  expected_conversion_rate?: number | null;
};

/** One ad campaign over the window: its spend (minor units) and the tracked sessions it brought. */
export type CampaignSnapshot = {
  id: string;
  name: string;
  /** 'meta', 'google'… as the integrations name them. */
  platform: string;
  spend: number;
  sessions: number;
  /** Sessions that converted. */
  converted: number;
  /** Revenue attributed to the campaign, minor units. */
  revenue: number;
  /** Mean readiness (0–100) of its sessions; null when none was scored. */
  mean_readiness: number | null;
  /** Its sessions per Neuromind profile (profiled sessions only). */
  profile_mix?: Partial<Record<NeuromindProfile, number>> | null;
};

/** A creative's click-through over its launch baseline and its recent window (the ads engine's windows). */
export type CreativeSnapshot = {
  id: string;
  name: string;
  campaign_id: string;
  /** The ads engine's fatigue score (0–1); null when its evidence was short. */
  fatigue: number | null;
  baseline: { impressions: number; clicks: number };
  /** The recent window: `days` days with delivery. */
  recent: { days: number; impressions: number; clicks: number };
};

/** Customers whose lifetime value is in the top quarter and whose churn risk is 0.7 or more. */
export type HighValueAtRisk = {
  count: number;
  /** The lifetime value that starts the top quarter, minor units. */
  ltv_threshold: number;
  /** Their mean churn risk (0–1). */
  mean_churn_risk: number;
  /** Their net revenue over the last 365 days, summed, minor units. */
  revenue_last_year: number;
};

/** The customer base as the customers module measures it. */
export type CustomerSnapshot = {
  /** Customers with a known churn risk, and their mean churn risk (0–1). */
  with_churn_risk: number;
  mean_churn_risk: number | null;
  /** Customers with a known lifetime value (the top quarter needs 20). */
  with_lifetime_value: number;
  high_value_at_risk: HighValueAtRisk | null;
};

/**
 * A price the owner entered for a competitor's product, with their own price for the same product. In major
 * units of `currency` (49.9 for USD 49.90), as typed: the exception to minor units, since no currency's
 * minor unit has to be guessed for a price in another currency.
 */
export type CompetitorPrice = {
  competitor: string;
  product: string;
  price: number;
  own_price: number;
  currency: string;
  /** ISO date. */
  entered_at: string;
};

/** Pricing signals over the window. */
export type PricingSnapshot = {
  /** Views of pricing pages, those that ended their session (exits), and those followed by a conversion. */
  pricing_page?: { views: number; exits: number; converted: number } | null;
  /** Views of every other page type, and exits. */
  other_pages?: { views: number; exits: number } | null;
  /** The mean price-sensitivity trait (0–1) over `price_sensitivity_n` customers. */
  price_sensitivity_mean?: number | null;
  price_sensitivity_n?: number | null;
  competitor_prices?: CompetitorPrice[] | null;
};

/** One day of an ad platform's auction costs, minor units; null on a day without clicks or impressions. */
export type AdCostDay = { date: string; cpc: number | null; cpm: number | null };

/** Data the market figures rest on. */
export type MarketSnapshot = {
  /** Daily costs per platform, for at least the window and the one before it. */
  ad_costs?: { platform: string; days: AdCostDay[] }[] | null;
  /** Net revenue per day (minor units), as far back as known; a date missing between two rows counts as 0. */
  revenue_daily?: { date: string; net: number }[] | null;
};

/** Net revenue (minor units) and orders in the window, from the payment processor. */
export type RevenueSnapshot = { net: number; orders: number };

/** One business's data over one window: the Revenue Strategist's whole input. */
export type StrategySnapshot = {
  window: StrategyWindow;
  /** The currency of every amount; null or absent when no money is known. */
  currency?: { code: string; minor_per_major: number } | null;
  revenue?: RevenueSnapshot | null;
  funnel?: FunnelSnapshot | null;
  readiness?: ReadinessSnapshot | null;
  campaigns?: CampaignSnapshot[] | null;
  creatives?: CreativeSnapshot[] | null;
  customers?: CustomerSnapshot | null;
  pricing?: PricingSnapshot | null;
  market?: MarketSnapshot | null;
};

/** One measured figure a recommendation rests on. Money in major units with the currency code as `unit`. */
export type Evidence = {
  metric: string;
  value: number;
  /** 'fraction' (0–1), 'sessions', 'conversions', 'customers', 'score', 'days', a currency code… */
  unit?: string;
  /** The period it was measured over, e.g. "2024-05-01 to 2024-05-30 (30 days)". */
  window: string;
  /** The count it was measured on; null for a figure that is not a sample (a price, a sum). */
  sample_size: number | null;
};

export type RecommendationCategory = 'conversion' | 'pricing' | 'acquisition' | 'retention' | 'optimization';
export type Priority = 'high' | 'medium' | 'low';

/** One step of a recommendation as a small action: its effort (0–10), its share of the lift, its duration. */
export type StepPlan = { effort_score: number; lift_share: number; implementation_time: string };

/** A strategic recommendation (spec fields plus the evidence and the rule behind it). */
export type Recommendation = {
  /** `rule:subject`: regenerating updates a recommendation instead of adding one. */
  id: string;
  rule: string;
  title: string;
  description: string;
  priority: Priority;
  category: RecommendationCategory;
  /** Fraction of the window's revenue (0.03 = 3 %). An estimate: `lift_method` says how it was made. */
  expected_revenue_lift: number;
  impact_score: number;
  effort_required: number;
  confidence: number;
  timeframe: string;
  action_steps: string[];
  /** One per action step, same order. */
  step_plans: StepPlan[];
  success_metrics: string[];
  affected_segments: string[];
  evidence: Evidence[];
  lift_method: string;
};

/** A rule that could not run, and why (the data it lacks). */
export type SkippedRule = { rule: string; reason: string };

export type StrategicRecommendations = {
  recommendations: Recommendation[];
  /** Rules that ran (whether or not they found something). */
  checked: string[];
  skipped: SkippedRule[];
};

export type ActionStatus = 'suggested' | 'in_progress' | 'completed' | 'dismissed';

/** A small compounding action (spec fields plus where it came from). */
export type SmallAction = {
  /** `recommendation id#step` or `insight id#step`: stable across regenerations. */
  id: string;
  title: string;
  description: string;
  status: ActionStatus;
  effort_score: number;
  impact_score: number;
  leverage_ratio: number;
  /** 1–10, the spec's template range: orders the list. */
  priority_score: number;
  implementation_time: string;
  /** Fraction of the window's revenue; null for an action from a market insight, which carries no estimate. */
  expected_lift: number | null;
  category: RecommendationCategory;
  source_id: string;
  source_kind: 'recommendation' | 'market_insight';
};

export type MarketInsightType = 'opportunity' | 'threat' | 'trend' | 'competitive';
export type Urgency = 'immediate' | 'short_term' | 'long_term';

/** A market insight (spec fields plus its id, evidence and the plan of its recommended actions). */
export type MarketInsight = {
  id: string;
  type: MarketInsightType;
  title: string;
  description: string;
  urgency: Urgency;
  impact: 'high' | 'medium' | 'low';
  recommended_actions: string[];
  /** One per recommended action. */
  action_plans: { effort_score: number; implementation_time: string }[];
  data_source: string;
  category: RecommendationCategory;
  evidence: Evidence[];
};

/** A dashboard figure with the data it comes from, or null with the reason it is unknown. */
export type SourcedFigure = { value: number | null; source: string | null; reason: string | null };

export type MarketIntelligence = { market_sentiment: SourcedFigure; competitor_price_diff: SourcedFigure };
