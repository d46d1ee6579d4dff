import type {
  Dashboard,
  DashboardGoals,
  Figure,
  FigureUnit,
  Recommendation,
  RecommendationList,
  TaskStatusResponse,
} from '@ri/contracts';

// Test data of the dashboard feature: a business with Stripe, tracking and ads over 30 days, goals set.

const f = (value: number | null, unit: FigureUnit, source: string, reason: string | null = null, previous = value) =>
  ({
    value,
    previous: value === null ? null : previous,
    unit,
    source,
    reason: value === null ? reason : null,
  }) as Figure;

export const goals: DashboardGoals = {
  monthly_revenue: 30_000,
  conversion_rate: 3.5,
  average_order_value: 80,
  currency: 'USD',
  updated_at: '2025-05-01T09:30:00.000Z',
  updated_by: 'Ada Lovelace',
};

const DAYS = 30;
const day = (i: number) => new Date(Date.UTC(2025, 4, 1 + i)).toISOString().slice(0, 10);
export const series: Dashboard['series'] = Array.from({ length: DAYS }, (_, i) => ({
  date: day(i),
  sessions: 100,
  converted_sessions: i === 3 ? 5 : 2,
  cvr: i === 3 ? 5 : 2,
  revenue: i === 3 ? 2_000 : 800,
  orders: i === 3 ? 20 : 10,
  ad_spend: 150,
}));

const stripe = 'Stripe balance transactions in USD: charges minus refunds and disputes';
const tracked = 'Tracked sessions (suspect sessions excluded)';
const ads = 'Meta Ads and Google Ads daily delivery in USD';

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const figures: Record<string, Figure> = {
    readiness_score: f(72.4, 'score', 'Mean readiness score of the tracked sessions'),
    'structural_tension.current_revenue': f(25_200, 'currency', stripe, null, 21_000),
    'structural_tension.goal_revenue': f(30_000, 'currency', 'Monthly revenue goal'),
    'structural_tension.current_cvr': f(2.1, 'percent', `${tracked}: converting over all`, null, 2),
    'structural_tension.goal_cvr': f(3.5, 'percent', 'Conversion rate goal'),
    'structural_tension.current_aov': f(81.29, 'currency', `${stripe}, over the charges`),
    'structural_tension.goal_aov': f(80, 'currency', 'Average order value goal'),
    'metric_intelligence.cvr': f(2.1, 'percent', `${tracked}: converting over all`, null, 2),
    'metric_intelligence.aov': f(81.29, 'currency', `${stripe}, over the charges`),
    'metric_intelligence.roas': f(2.5, 'ratio', 'Revenue attributed to ads over ad spend'),
    'metric_intelligence.mer': f(5.6, 'ratio', 'All net revenue over all ad spend'),
    'customer_intelligence.total_users': f(1_240, 'count', 'Customer Intelligence profiles'),
    'customer_intelligence.average_readiness_score': f(64.2, 'score', 'Customer Intelligence profiles'),
    'customer_intelligence.high_readiness_users': f(
      38,
      'count',
      'Customer Intelligence profiles: readiness 80 or more',
    ),
    'customer_intelligence.churn_risk': f(21.5, 'percent', 'Customer Intelligence profiles: mean churn risk'),
    'copy_intelligence.message_resonance': f(
      46.2,
      'percent',
      'Sessions landing from paid search or paid social that went past the first page or converted',
    ),
    'copy_intelligence.friction_analysis': f(8.4, 'percent', `${tracked} with at least one rage click`),
    'ad_intelligence.ad_spend': f(4_500, 'currency', ads, null, 4_000),
    'ad_intelligence.impressions': f(120_000, 'count', ads),
    'ad_intelligence.clicks': f(2_400, 'count', ads),
    'ad_intelligence.conversions': f(60, 'count', 'Conversions of sessions that came from an ad'),
    'ad_intelligence.ctr': f(2, 'percent', `${ads}: clicks over impressions`),
    'behavior_intelligence.avg_session_duration': f(135, 'seconds', `${tracked}: first to last event`),
    'behavior_intelligence.bounce_rate': f(41.3, 'percent', `${tracked} with one page view or none`),
    'behavior_intelligence.friction_points': f(212, 'count', `${tracked}: rage clicks`),
    'market_intelligence.market_sentiment': f(12.5, 'index', 'Ad-auction costs (CPC, CPM) over 90 days'),
    'market_intelligence.competitor_price_diff': f(
      null,
      'percent',
      'Competitor prices you entered',
      'No competitor prices entered yet.',
    ),
  };
  return {
    window: { days: DAYS, from: day(0), to: day(DAYS - 1), previous_from: '2025-04-01', previous_to: '2025-04-30' },
    currency: 'USD',
    readiness_score: 72.4,
    structural_tension: {
      current_revenue: 25_200,
      goal_revenue: 30_000,
      current_cvr: 2.1,
      goal_cvr: 3.5,
      current_aov: 81.29,
      goal_aov: 80,
    },
    metric_intelligence: { cvr: 2.1, aov: 81.29, roas: 2.5, mer: 5.6 },
    customer_intelligence: {
      total_users: 1_240,
      average_readiness_score: 64.2,
      high_readiness_users: 38,
      churn_risk: 21.5,
    },
    copy_intelligence: { message_resonance: 46.2, friction_analysis: 8.4 },
    ad_intelligence: { ad_spend: 4_500, impressions: 120_000, clicks: 2_400, conversions: 60, ctr: 2 },
    behavior_intelligence: { avg_session_duration: 135, bounce_rate: 41.3, friction_points: 212 },
    market_intelligence: { market_sentiment: 12.5, competitor_price_diff: null },
    neuromind_profiles: [
      { type: 'Skeptic', count: 320 },
      { type: 'Fast-Mover', count: 410 },
      { type: 'Optimizer', count: 150 },
    ],
    trends: {
      cvr_trend: { direction: 'up', percentage: 5, period: 'last 30 days' },
      users_trend: { direction: 'up', percentage: 12.5, period: 'last 30 days' },
      message_trend: { direction: 'neutral', percentage: 0, period: 'last 30 days' },
      spend_trend: { direction: 'up', percentage: 12.5, period: 'last 30 days' },
      session_trend: { direction: 'down', percentage: -3.2, period: 'last 30 days' },
      market_sentiment_trend: { direction: 'up', percentage: null, period: 'last 30 days' },
    },
    figures,
    goals,
    series,
    as_of: '2025-05-30T11:58:00.000Z',
    ...overrides,
  };
}

/** A dashboard of a business with nothing connected: every measured figure null with its reason, no goals. */
export function emptyDashboard(): Dashboard {
  const d = dashboard();
  const reasons: Record<string, string> = {
    structural_tension: 'Connect Stripe to see revenue.',
    ad_intelligence: 'No ad platform is connected.',
    customer_intelligence: 'No customers yet: connect Stripe or GoHighLevel, then Generate Neuromind Profiles.',
    market_intelligence: 'No ad-auction costs: connect Meta Ads or Google Ads.',
  };
  const trackReason = 'No tracked sessions yet: install the tracking script to see this.';
  const figures = Object.fromEntries(
    Object.entries(d.figures).map(([path, figure]) => [
      path,
      { ...figure, value: null, previous: null, reason: reasons[path.split('.')[0]!] ?? trackReason },
    ]),
  );
  const nulls = <T extends object>(group: T) =>
    Object.fromEntries(Object.keys(group).map((k) => [k, null])) as { [K in keyof T]: null };
  const neutral = { direction: 'neutral', percentage: null, period: 'last 30 days' } as const;
  return {
    ...d,
    currency: null,
    readiness_score: null,
    structural_tension: nulls(d.structural_tension),
    metric_intelligence: nulls(d.metric_intelligence),
    customer_intelligence: nulls(d.customer_intelligence),
    copy_intelligence: nulls(d.copy_intelligence),
    ad_intelligence: nulls(d.ad_intelligence),
    behavior_intelligence: nulls(d.behavior_intelligence),
    market_intelligence: nulls(d.market_intelligence),
    neuromind_profiles: [],
    trends: {
      cvr_trend: neutral,
      users_trend: neutral,
      message_trend: neutral,
      spend_trend: neutral,
      session_trend: neutral,
      market_sentiment_trend: neutral,
    },
    figures,
    goals: { ...goals, monthly_revenue: null, conversion_rate: null, average_order_value: null, currency: null },
    series: series.map((s) => ({
      ...s,
      sessions: 0,
      converted_sessions: 0,
      cvr: null,
      revenue: null,
      orders: null,
      ad_spend: null,
    })),
    as_of: null,
  };
}

export function recommendation(overrides: Partial<Recommendation> = {}): Recommendation {
  return {
    id: 'funnel_leak_profile:pricing:Skeptic',
    rule: 'funnel_leak_profile',
    title: 'Skeptics leave at the pricing page',
    description: 'Skeptic sessions continue past pricing pages 60 of 200 (30%), the other profiles 440 of 800 (55%).',
    priority: 'high',
    category: 'conversion',
    expected_revenue_lift: 0.0375,
    impact_score: 0.375,
    effort_required: 0.3,
    confidence: 0.71,
    timeframe: '2-4 weeks',
    action_steps: ['Add independent reviews beside the price', 'Link the security audit from the pricing page'],
    success_metrics: ['Skeptic continuation past pricing'],
    affected_segments: ['Skeptic'],
    evidence: [
      {
        metric: 'skeptic_pricing_continuation',
        value: 0.3,
        unit: 'fraction',
        window: '2025-05-01 to 2025-05-30 (30 days)',
        sample_size: 200,
      },
    ],
    lift_method: '200 × 0.25 × ½ × 0.3 = 7.5 extra conversions of 200',
    expected_impact: 'About 3.8% more revenue (7.5 extra conversions)',
    next_steps: 'Start with the reviews: they take a day.',
    status: 'open',
    wording: 'engine',
    first_generated_at: '2025-05-30T10:00:00.000Z',
    generated_at: '2025-05-30T10:00:00.000Z',
    ...overrides,
  };
}

export const fourRecommendations: Recommendation[] = [
  recommendation(),
  recommendation({
    id: 'fatigued_creatives:c1',
    title: 'Refresh two tired creatives',
    priority: 'medium',
    confidence: 0.55,
  }),
  recommendation({
    id: 'pricing_page_exits',
    title: 'Visitors exit the pricing page',
    priority: 'low',
    confidence: 0.4,
  }),
  recommendation({ id: 'ready_not_converting', title: 'Ready visitors do not buy', priority: 'low', confidence: 0.3 }),
];

export function recommendationList(overrides: Partial<RecommendationList> = {}): RecommendationList {
  return {
    recommendations: fourRecommendations,
    last_generated: '2025-05-30T10:00:00.000Z',
    generated_at: '2025-05-30T10:00:00.000Z',
    window: { days: 30, from: '2025-05-01', to: '2025-05-30' },
    checked: ['funnel_drop'],
    skipped: [],
    ...overrides,
  };
}

export const noRecommendations: RecommendationList = {
  recommendations: [],
  last_generated: null,
  generated_at: null,
  window: null,
  checked: [],
  skipped: [],
};

export const PROFILE_TASK_ID = '5e0c9a4b-1f2d-4e6a-8b3c-7d9e0f1a2b3c';

export function profileTask(overrides: Partial<TaskStatusResponse> = {}): TaskStatusResponse {
  return {
    task_id: PROFILE_TASK_ID,
    kind: 'profiles',
    status: 'running',
    progress: { percentage: 40, current_step: 'Merging records', completed: 2, total: 5 },
    result: null,
    error: null,
    created_at: '2025-05-30T10:00:00.000Z',
    updated_at: '2025-05-30T10:00:02.000Z',
    ...overrides,
  };
}
