import { z } from 'zod';
import { neuromindProfileSchema } from './intelligence.js';

// ───────────────────────── The main dashboard (spec 1 sections 2.4, 2.5, 3, 4) ─────────────────────────
//
// Every figure is computed over the window from stored data (tracked sessions, the payment integration's balance
// transactions, the ad platforms' daily rows, the customers built by Customer Intelligence). The spec's fields keep
// their names and hold the value, or null when it cannot be known; `figures` holds each one's unit, source, the
// previous window's value and, when null, the reason (for example "Connect Stripe to see revenue"). Money is in
// major units of `currency`, rates in percent.

export const DASHBOARD_DEFAULT_DAYS = 30;
export const DASHBOARD_MAX_DAYS = 365;
/** A month is 30 days here: the monthly revenue goal is prorated to a window as goal × days / 30. */
export const DASHBOARD_MONTH_DAYS = 30;

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number of days' })
    .int('days must be a whole number of days')
    .min(1, 'days must be at least 1')
    .max(DASHBOARD_MAX_DAYS, `days must be at most ${DASHBOARD_MAX_DAYS}`)
    .default(DASHBOARD_DEFAULT_DAYS),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const FIGURE_UNITS = ['currency', 'percent', 'ratio', 'count', 'seconds', 'score', 'index'] as const;
export const figureUnitSchema = z.enum(FIGURE_UNITS);
export type FigureUnit = z.infer<typeof figureUnitSchema>;

/** One figure with where it comes from: null value with `reason` when it cannot be known. */
export const figureSchema = z.object({
  value: z.number().nullable(),
  /** The same figure over the window before (same length), for the trend; null when unknown. */
  previous: z.number().nullable(),
  unit: figureUnitSchema,
  /** The data it is computed from, in words (e.g. "Stripe balance transactions: charges minus refunds and disputes"). */
  source: z.string(),
  reason: z.string().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

export const TREND_DIRECTIONS = ['up', 'down', 'neutral'] as const;
export const trendSchema = z.object({
  direction: z.enum(TREND_DIRECTIONS),
  /** Change against the previous window, in percent of it; null when either side is unknown or zero. */
  percentage: z.number().nullable(),
  period: z.string(),
});
export type Trend = z.infer<typeof trendSchema>;

const value = z.number().nullable();

export const dashboardGoalsSchema = z.object({
  /** Net revenue wanted per month (major units of `currency`). */
  monthly_revenue: z.number().nullable(),
  /** Conversion rate wanted, percent of sessions. */
  conversion_rate: z.number().nullable(),
  /** Average order value wanted (major units). */
  average_order_value: z.number().nullable(),
  currency: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type DashboardGoals = z.infer<typeof dashboardGoalsSchema>;

const goalNumber = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number or null` })
    .positive(`${name} must be more than 0`)
    .max(max, `${name} must be at most ${max.toLocaleString('en-US')}`)
    .nullable();

export const dashboardGoalsBodySchema = z.object({
  monthly_revenue: goalNumber('monthly_revenue', 1e12),
  conversion_rate: goalNumber('conversion_rate', 100),
  average_order_value: goalNumber('average_order_value', 1e9),
});
export type DashboardGoalsBody = z.infer<typeof dashboardGoalsBodySchema>;

export const dashboardDaySchema = z.object({
  date: z.string(),
  sessions: z.number().int(),
  converted_sessions: z.number().int(),
  /** Percent of the day's sessions that converted; null without sessions. */
  cvr: value,
  /** Net revenue of the day (null without a payment integration). */
  revenue: value,
  orders: z.number().int().nullable(),
  /** Ad spend of the day over the connected platforms (null without one). */
  ad_spend: value,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  window: z.object({
    days: z.number().int(),
    from: z.string(),
    to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
  }),
  /** The currency money figures are in (the payment account's); null without one. */
  currency: z.string().nullable(),
  /** Mean readiness of the window's scored sessions (the header badge); null without any. */
  readiness_score: value,
  structural_tension: z.object({
    current_revenue: value,
    goal_revenue: value,
    current_cvr: value,
    goal_cvr: value,
    current_aov: value,
    goal_aov: value,
  }),
  metric_intelligence: z.object({ cvr: value, aov: value, roas: value, mer: value }),
  customer_intelligence: z.object({
    total_users: value,
    average_readiness_score: value,
    high_readiness_users: value,
    churn_risk: value,
  }),
  copy_intelligence: z.object({ message_resonance: value, friction_analysis: value }),
  ad_intelligence: z.object({ ad_spend: value, impressions: value, clicks: value, conversions: value, ctr: value }),
  behavior_intelligence: z.object({ avg_session_duration: value, bounce_rate: value, friction_points: value }),
  market_intelligence: z.object({ market_sentiment: value, competitor_price_diff: value }),
  neuromind_profiles: z.array(z.object({ type: neuromindProfileSchema, count: z.number().int() })),
  trends: z.object({
    cvr_trend: trendSchema,
    users_trend: trendSchema,
    message_trend: trendSchema,
    spend_trend: trendSchema,
    session_trend: trendSchema,
    market_sentiment_trend: trendSchema,
  }),
  /** Every figure above by its path (`metric_intelligence.cvr`), with unit, source, previous value and reason. */
  figures: z.record(z.string(), figureSchema),
  goals: dashboardGoalsSchema,
  /** Day by day over the window, for the charts. */
  series: z.array(dashboardDaySchema),
  /** When the rollups the figures come from were last brought up to date. */
  as_of: z.string().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ───────────────────────── The header's Sync (spec 1 section 4, dashboard sync lifecycle) ─────────────────────────

/** The reads a dashboard sync recalculates (the spec's endpoints_recalculating). */
export const DASHBOARD_SYNC_ENDPOINTS = [
  '/analytics/dashboard',
  '/analytics/behavioral-insights',
  '/analytics/customer-profiles',
  '/analytics/customer-segments',
  '/analytics/behavioral-signals',
  '/analytics/digital-body-language-sessions',
  '/analytics/strategic-recommendations',
  '/strategy/small-compounding-actions',
  '/strategy/revenue-simulations',
  '/strategy/market-insights',
  '/analytics/ad-metrics',
  '/analytics/ad-intelligence-summary',
  '/analytics/campaign-performance',
  '/analytics/conversion-attribution-mapping',
] as const;

export const syncDashboardResponseSchema = z.object({
  /** in_progress with a task to poll; completed when there was nothing to do. */
  status: z.enum(['in_progress', 'completed']),
  task_id: z.string().nullable(),
  message: z.string(),
  endpoints_recalculating: z.array(z.string()),
});
export type SyncDashboardResponse = z.infer<typeof syncDashboardResponseSchema>;

export const dashboardSyncResultSchema = z.object({
  integrations: z.array(
    z.object({
      name: z.string(),
      provider: z.string(),
      status: z.string(),
      message: z.string().nullable(),
    }),
  ),
  endpoints_recalculated: z.array(z.string()),
  error: z.string().nullable(),
});
export type DashboardSyncResult = z.infer<typeof dashboardSyncResultSchema>;

export const cacheInvalidateResponseSchema = z.object({
  frontend_cleared: z.boolean(),
  backend_cleared: z.boolean(),
});
export type CacheInvalidateResponse = z.infer<typeof cacheInvalidateResponseSchema>;
