import type { CampaignSnapshot, CompetitorPrice, StrategySnapshot } from './types.js';

/** A 30-day window in May 2024; the previous window is 2024-04-01 to 2024-04-30. */
export const WINDOW = { days: 30, from: '2024-05-01', to: '2024-05-30' };
export const USD = { code: 'USD', minor_per_major: 100 };

/** Nothing but the window: every rule skips. */
export const empty: StrategySnapshot = { window: WINDOW };

/** 250 orders for USD 25,000: an average order of USD 100. */
export const revenue = { net: 2_500_000, orders: 250 };

/**
 * Pricing pages: 1,000 sessions reached them, 500 continued, 150 of those converted (30 % downstream).
 * Skeptic sessions continue 60 of 200 (30 %); the other two profiles 440 of 800 (55 %).
 */
export const leakSnapshot: StrategySnapshot = {
  window: WINDOW,
  currency: USD,
  revenue: { net: 2_000_000, orders: 250 },
  funnel: {
    sessions: 5000,
    converted: 200,
    steps: [{ page_type: 'pricing', reached: 1000, continued: 500, converted: 150 }],
    by_profile: [
      {
        profile: 'Fast-Mover',
        sessions: 900,
        converted: 40,
        steps: [{ page_type: 'pricing', reached: 400, continued: 220, converted: 70 }],
      },
      {
        profile: 'Skeptic',
        sessions: 600,
        converted: 15,
        steps: [{ page_type: 'pricing', reached: 200, continued: 60, converted: 15 }],
      },
      {
        profile: 'Optimizer',
        sessions: 900,
        converted: 45,
        steps: [{ page_type: 'pricing', reached: 400, continued: 220, converted: 60 }],
      },
    ],
  },
};

/** Pricing continuation fell from 600 of 1,000 (60 %) to 500 of 1,000 (50 %). */
export const dropSnapshot: StrategySnapshot = {
  window: WINDOW,
  funnel: {
    sessions: 5000,
    converted: 200,
    steps: [
      {
        page_type: 'pricing',
        reached: 1000,
        continued: 500,
        converted: 150,
        previous: { reached: 1000, continued: 600, converted: 170 },
      },
    ],
  },
};

/** 100 sessions at readiness 80 or more, 30 converted. */
export const readySnapshot: StrategySnapshot = {
  window: WINDOW,
  funnel: { sessions: 5000, converted: 200, steps: [] },
  readiness: { high_band_sessions: 100, high_band_converted: 30 },
};

export const campaigns: CampaignSnapshot[] = [
  {
    id: 'a',
    name: 'Broad interests',
    platform: 'meta',
    spend: 300_000,
    sessions: 1000,
    converted: 10,
    revenue: 80_000,
    mean_readiness: 35,
    profile_mix: { Skeptic: 500, Optimizer: 200, 'Fast-Mover': 100 },
  },
  {
    id: 'b',
    name: 'Retargeting',
    platform: 'meta',
    spend: 200_000,
    sessions: 800,
    converted: 40,
    revenue: 400_000,
    mean_readiness: 60,
    profile_mix: { Skeptic: 100, Optimizer: 300, 'Fast-Mover': 200 },
  },
  {
    id: 'c',
    name: 'Search brand',
    platform: 'google',
    spend: 100_000,
    sessions: 400,
    converted: 20,
    revenue: 200_000,
    mean_readiness: 64,
    profile_mix: { Skeptic: 50, Optimizer: 150, 'Fast-Mover': 200 },
  },
];

export const campaignSnapshot: StrategySnapshot = { window: WINDOW, currency: USD, revenue, campaigns };

/** "Summer hero" in Retargeting: CTR 2 % at launch (400 / 20,000), 1 % recently (140 / 14,000 over 7 days). */
export const creativeSnapshot: StrategySnapshot = {
  window: WINDOW,
  currency: USD,
  revenue,
  campaigns,
  creatives: [
    {
      id: 'ad1',
      name: 'Summer hero',
      campaign_id: 'b',
      fatigue: 0.62,
      baseline: { impressions: 20_000, clicks: 400 },
      recent: { days: 7, impressions: 14_000, clicks: 140 },
    },
    {
      id: 'ad2',
      name: 'Carousel',
      campaign_id: 'b',
      fatigue: 0.3,
      baseline: { impressions: 10_000, clicks: 200 },
      recent: { days: 7, impressions: 7000, clicks: 120 },
    },
  ],
};

/** 12 top-quarter customers at a mean churn risk of 0.8 (base 0.3) who paid USD 36,500 over the last year. */
export const churnSnapshot: StrategySnapshot = {
  window: WINDOW,
  currency: USD,
  revenue,
  customers: {
    with_churn_risk: 200,
    mean_churn_risk: 0.3,
    with_lifetime_value: 200,
    high_value_at_risk: { count: 12, ltv_threshold: 150_000, mean_churn_risk: 0.8, revenue_last_year: 3_650_000 },
  },
};

export const competitorPrices: CompetitorPrice[] = [
  { competitor: 'Acme', product: 'Pro plan', price: 39, own_price: 49, currency: 'USD', entered_at: '2024-05-02' },
  {
    competitor: 'Globex',
    product: 'Pro plan',
    price: 44,
    own_price: 49,
    currency: 'USD',
    entered_at: '2024-04-20',
  },
  {
    competitor: 'Initech',
    product: 'Pro plan',
    price: 49,
    own_price: 49,
    currency: 'USD',
    entered_at: '2024-03-15',
  },
  { competitor: 'Acme', product: 'Starter', price: 25, own_price: 19, currency: 'USD', entered_at: '2024-05-02' },
  { competitor: 'Globex', product: 'Starter', price: 20, own_price: 19, currency: 'USD', entered_at: '2024-04-20' },
  { competitor: 'Hooli', product: 'Starter', price: 9, own_price: 19, currency: 'USD', entered_at: '2023-01-01' },
];

/** Pricing pages: 450 of 1,000 views exit (45 %); other pages 2,500 of 10,000 (25 %). */
export const pricingSnapshot: StrategySnapshot = {
  window: WINDOW,
  currency: USD,
  revenue,
  pricing: {
    pricing_page: { views: 1000, exits: 450, converted: 110 },
    other_pages: { views: 10_000, exits: 2500 },
    price_sensitivity_mean: 0.66,
    price_sensitivity_n: 40,
    competitor_prices: competitorPrices.slice(0, 3),
  },
};

/** Every part at once. */
export const fullSnapshot: StrategySnapshot = {
  ...leakSnapshot,
  revenue,
  funnel: {
    ...leakSnapshot.funnel!,
    steps: dropSnapshot.funnel!.steps,
  },
  readiness: readySnapshot.readiness!,
  campaigns,
  creatives: creativeSnapshot.creatives!,
  customers: churnSnapshot.customers!,
  pricing: pricingSnapshot.pricing!,
};
