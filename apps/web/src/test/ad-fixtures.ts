import type {
  AdIntelligenceSummary,
  AdMetrics,
  AdMetricsDay,
  AdPlatformStatus,
  AttributionMapping,
  AttributionModelName,
  ChannelInsightList,
} from '@ri/contracts';

// The Ad Intelligence screen's account-level answers: platforms, cards, days, channels and models.

export const adPlatforms: AdPlatformStatus[] = [
  {
    platform: 'facebook',
    label: 'Meta Ads',
    connected: true,
    status: 'connected',
    last_synced_at: '2026-11-25T08:00:00.000Z',
    currency: 'USD',
    reason: null,
  },
  {
    platform: 'google',
    label: 'Google Ads',
    connected: true,
    status: 'connected',
    last_synced_at: '2026-11-25T08:05:00.000Z',
    currency: 'USD',
    reason: null,
  },
  {
    platform: 'linkedin',
    label: 'LinkedIn Ads',
    connected: false,
    status: null,
    last_synced_at: null,
    currency: null,
    reason: 'LinkedIn Ads has no integration yet',
  },
  {
    platform: 'tiktok',
    label: 'TikTok Ads',
    connected: false,
    status: null,
    last_synced_at: null,
    currency: null,
    reason: 'TikTok Ads has no integration yet',
  },
];

export const adSummary: AdIntelligenceSummary = {
  days: 30,
  platform: 'all',
  currency: 'USD',
  total_spend: 12345.67,
  impressions: 250_000,
  clicks: 5_000,
  total_conversions: 84,
  platform_conversions: 120,
  attributed_revenue: 30_864.18,
  platform_revenue: 41_000,
  avg_roas: 2.5,
  avg_ctr: 2,
  previous: {
    total_spend: 10_000,
    impressions: 200_000,
    clicks: 5_000,
    total_conversions: 70,
    platform_conversions: 100,
    attributed_revenue: 20_000,
    platform_revenue: 30_000,
    avg_roas: 2,
    avg_ctr: 2.5,
  },
  platforms: adPlatforms,
  campaigns: 3,
  reasons: {},
};

/** Day `i` of the window (from 2026-10-27), with figures that rise and fall over the week. */
function metricsDay(i: number): AdMetricsDay {
  const date = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
  const spend = 400 + (i % 7) * 10;
  return {
    date,
    spend,
    impressions: 8000 + i * 10,
    clicks: 160 + i,
    platform_conversions: 4,
    platform_revenue: spend * 3,
    attributed_conversions: 3,
    attributed_revenue: spend * 2.5,
  };
}

export const adMetrics: AdMetrics = {
  days: 30,
  platform: 'all',
  currency: 'USD',
  series: Array.from({ length: 30 }, (_, i) => metricsDay(i)),
  totals: {
    spend: 12345.67,
    impressions: 250_000,
    clicks: 5_000,
    platform_conversions: 120,
    platform_revenue: 41_000,
    attributed_conversions: 84,
    attributed_revenue: 30_864.18,
  },
  reasons: {},
};

export const channelList: ChannelInsightList = {
  days: 30,
  platform: 'all',
  channels: [
    {
      platform: 'facebook',
      label: 'Meta Ads',
      paid: true,
      currency: 'USD',
      total_spend: 9_745.67,
      total_conversions: 63.5,
      total_revenue: 30_600,
      sessions: 420,
      avg_roas: 3.14,
      trend: 'up',
      trend_pct: 12.5,
      recommendation: 'ROAS 3.14 is above your average 2.50: room to spend more here.',
      opportunity_score: 72,
      previous: { total_spend: 8_000, total_conversions: 55, total_revenue: 25_000, sessions: 380 },
      reasons: {},
    },
    {
      platform: 'organic_search',
      label: 'Organic search',
      paid: false,
      currency: 'USD',
      total_spend: null,
      total_conversions: 14,
      total_revenue: 4_200,
      sessions: 900,
      avg_roas: null,
      trend: 'down',
      trend_pct: 4,
      recommendation: 'Organic search converts 1.6% of sessions; keep the pages that rank.',
      opportunity_score: null,
      previous: { total_spend: null, total_conversions: 15, total_revenue: 4_500, sessions: 950 },
      reasons: { avg_roas: 'No spend: organic', opportunity_score: 'No spend to weigh against' },
    },
  ],
};

const MODELS: AttributionModelName[] = [
  'last_click',
  'first_click',
  'linear',
  'time_decay',
  'position_based',
  'markov',
  'shapley',
];
const credits = (values: number[]) =>
  Object.fromEntries(MODELS.map((m, i) => [m, { conversions: values[i]!, revenue: values[i]! * 300 }])) as Record<
    AttributionModelName,
    { conversions: number; revenue: number }
  >;

export const attributionMapping: AttributionMapping = {
  days: 30,
  lookback_days: 28,
  half_life_days: 7,
  currency: 'USD',
  models: MODELS,
  paths: { total: 1200, converting: 98, unattributable_conversions: 6 },
  conversions_total: 98,
  revenue_total: 29_400,
  rows: [
    {
      key: 'c1',
      campaign_id: 'c1',
      name: 'Spring Sale Prospecting',
      platform: 'facebook',
      paid: true,
      touches: 600,
      credits: credits([52, 40, 45, 47, 44, 38, 39]),
      reconciliation: {
        platform_conversions: 70,
        attributed_conversions: 52,
        unmatched_conversions: 18,
        sufficiency: 'sufficient',
        reason: '52 of 70 claimed conversions match a tracked conversion.',
      },
    },
    {
      key: 'c2',
      campaign_id: 'c2',
      name: 'Brand Search',
      platform: 'google',
      paid: true,
      touches: 300,
      credits: credits([20.5, 30, 26, 24, 27, 41, 30.5]),
      reconciliation: null,
    },
    {
      key: 'organic_search',
      campaign_id: null,
      name: 'Organic search',
      platform: 'organic_search',
      paid: false,
      touches: 900,
      credits: credits([14, 22, 18, 16, 19, 20, 19.5]),
      reconciliation: null,
    },
  ],
  reasons: {},
};
