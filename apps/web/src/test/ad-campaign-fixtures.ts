import type {
  AdAudience,
  AdOptimizationAction,
  CampaignDetails,
  CampaignExtended,
  CampaignExtendedList,
  Creative,
  CreativeList,
  OptimizationRecommendation,
} from '@ri/contracts';
import { adMetrics, adPlatforms } from './ad-fixtures';

// Three campaigns whose fatigue sits on the spec's bounds (0.39, 0.4, 0.7), one over budget and one full
// of unknowns with their reasons; two creatives; and a recorded optimisation.

const audience: AdAudience = {
  sessions: 420,
  profiles: [
    { profile: 'Fast-Mover', sessions: 180, conversions: 20, conversion_rate: 11.1 },
    { profile: 'Skeptic', sessions: 90, conversions: 2, conversion_rate: 2.2 },
  ],
  unclassified_sessions: 150,
  bands: [
    { band: 'Ready to Convert', sessions: 120, conversions: 4, conversion_rate: 3.3 },
    { band: 'Warming Up', sessions: 200, conversions: 18, conversion_rate: 9 },
    { band: 'Early Stage', sessions: 100, conversions: 0, conversion_rate: 0 },
  ],
  finding: '120 visitors were Ready to Convert but only 4 bought: look at the landing page, not the ad.',
};

const emptyAudience: AdAudience = { sessions: 0, profiles: [], unclassified_sessions: 0, bands: [], finding: null };

export const budgetRecommendation: OptimizationRecommendation = {
  id: 'rec-budget-c1',
  campaign_id: 'c1',
  type: 'budget',
  title: 'Increase the budget',
  description: 'ROAS is 3.40 (rule: above 3) with 60% of the budget spent (rule: under 80%).',
  expected_impact: 'About 20% more conversions at a similar ROAS',
  implementation_steps: ["Raise the ad set's daily budget by 20%", 'Check ROAS again after 7 days'],
  priority: 'high',
  evidence: [
    { metric: 'roas', value: 3.4, threshold: 3 },
    { metric: 'spend_share_of_budget', value: 0.6, threshold: 0.8 },
  ],
  action: {
    kind: 'set_budget',
    level: 'adset',
    target_id: 'as-1',
    from: 50,
    to: 60,
    targets: [{ id: 'as-1', name: 'Prospecting US', from: 50, to: 60 }],
  },
  applies_on_platform: true,
};

function campaign(overrides: Partial<CampaignExtended>): CampaignExtended {
  return {
    id: 'c1',
    name: 'Spring Sale Prospecting',
    platform: 'facebook',
    status: 'active',
    budget: 15_000,
    spend: 9_000,
    impressions: 150_000,
    clicks: 3_300,
    conversions: 52,
    ctr: 2.2,
    cpc: 2.73,
    roas: 3.4,
    creative_fatigue_score: 0.39,
    message_decay_rate: 0.05,
    start_date: '2026-10-01',
    end_date: null,
    currency: 'USD',
    daily_budget: 50,
    budget_level: 'adset',
    attributed_revenue: 30_600,
    platform_conversions: 70,
    platform_revenue: 36_000,
    platform_roas: 4,
    reasons: {},
    sessions: 420,
    message_decay_r2: 0.81,
    reconciliation: {
      platform_conversions: 70,
      attributed_conversions: 52,
      unmatched_conversions: 18,
      sufficiency: 'sufficient',
      reason: '52 of 70 claimed conversions match a tracked conversion; 420 sessions carried its UTM tags.',
    },
    audience,
    recommendations: [budgetRecommendation],
    ...overrides,
  };
}

export const campaigns: CampaignExtended[] = [
  campaign({}),
  campaign({
    id: 'c2',
    name: 'Brand Search',
    platform: 'google',
    budget: 3_000,
    spend: 3_600,
    impressions: 60_000,
    clicks: 900,
    conversions: 20.5,
    ctr: 1.5,
    cpc: 4,
    roas: 1.2,
    creative_fatigue_score: 0.4,
    message_decay_rate: 1.5,
    platform_conversions: 35,
    budget_level: 'campaign',
    recommendations: [
      {
        ...budgetRecommendation,
        id: 'rec-targeting-c2',
        campaign_id: 'c2',
        type: 'targeting',
        title: 'Refine targeting',
        description: 'CTR is 1.50% (rule: below 2%).',
        priority: 'medium',
        evidence: [{ metric: 'ctr', value: 1.5, threshold: 2 }],
        action: { kind: 'task' },
        applies_on_platform: false,
      },
    ],
  }),
  campaign({
    id: 'c3',
    name: 'Cart Retargeting',
    status: 'paused',
    budget: null,
    spend: 745.67,
    impressions: 40_000,
    clicks: 800,
    conversions: 11.5,
    ctr: null,
    cpc: null,
    roas: null,
    creative_fatigue_score: 0.7,
    message_decay_rate: null,
    platform_conversions: null,
    sessions: 0,
    reasons: {
      budget: 'Meta sets no budget on this campaign',
      ctr: 'Too few impressions in this window',
      cpc: 'No clicks in this window',
      roas: 'No attributed revenue yet',
      message_decay_rate: 'Live 3 days; decay needs 7',
      platform_conversions: 'Meta reports no conversions for it',
    },
    audience: emptyAudience,
    recommendations: [
      {
        ...budgetRecommendation,
        id: 'rec-budget-c3',
        campaign_id: 'c3',
        title: 'Lower the budget',
        action: {
          kind: 'set_budget',
          level: 'campaign',
          target_id: 'c3',
          from: 40,
          to: 30,
          targets: [{ id: 'c3', name: 'Cart Retargeting', from: 40, to: 30 }],
        },
        applies_on_platform: false,
      },
    ],
  }),
];

export const campaignList: CampaignExtendedList = {
  days: 30,
  platform: 'all',
  campaigns,
  total: 3,
  platforms: adPlatforms,
};

export function creative(overrides: Partial<Creative> = {}): Creative {
  return {
    id: 'ad-1',
    campaign_id: 'c1',
    campaign_name: 'Spring Sale Prospecting',
    platform: 'facebook',
    name: 'Spring carousel',
    status: 'ACTIVE',
    creative_type: 'carousel',
    headline: 'Only 3 days left: 30% off',
    description: 'Join 12,000 happy customers. Ends Sunday.',
    image_url: null,
    currency: 'USD',
    spend: 4_000,
    impressions: 90_000,
    clicks: 2_100,
    conversions: 30,
    ctr: 2.33,
    fatigue_score: 0.72,
    fatigue: { baseline_ctr: 3.1, recent_ctr: 1.9, frequency: 3.4, days_live: 21 },
    message_decay_rate: 0.021,
    message_decay_r2: 0.74,
    engagement_score: 68,
    psychological_triggers: ['Urgency', 'Social Proof'],
    trigger_evidence: [
      { trigger: 'Urgency', evidence: 'Only 3 days left' },
      { trigger: 'Social Proof', evidence: 'Join 12,000 happy customers' },
    ],
    audience,
    daily: [
      { date: '2026-11-23', impressions: 3000, clicks: 90, spend: 130, ctr: 3, frequency: 3.1 },
      { date: '2026-11-24', impressions: 3100, clicks: 70, spend: 131, ctr: 2.26, frequency: 3.3 },
      { date: '2026-11-25', impressions: 3200, clicks: 61, spend: 133, ctr: 1.9, frequency: 3.4 },
    ],
    reasons: {},
    ...overrides,
  };
}

export const creativeList: CreativeList = {
  days: 30,
  platform: 'all',
  creatives: [
    creative(),
    creative({
      id: 'ad-2',
      campaign_id: 'c2',
      campaign_name: 'Brand Search',
      platform: 'google',
      creative_type: null,
      headline: 'Analytical Engines, official site',
      description: null,
      ctr: 1.5,
      fatigue_score: null,
      fatigue: { baseline_ctr: null, recent_ctr: null, frequency: null, days_live: 3 },
      message_decay_rate: null,
      message_decay_r2: null,
      engagement_score: null,
      psychological_triggers: [],
      trigger_evidence: [],
      audience: emptyAudience,
      reasons: {
        fatigue_score: 'Live 3 days; fatigue needs 7',
        engagement_score: 'Too few impressions to score engagement',
        message_decay_rate: 'Live 3 days; decay needs 7',
      },
    }),
  ],
  total: 2,
};

export const campaignDetails = (c: CampaignExtended = campaigns[0]!): CampaignDetails => ({
  campaign: c,
  daily: adMetrics.series.slice(-7),
  creatives: creativeList.creatives.filter((cr) => cr.campaign_id === c.id),
});

export function optimizationAction(overrides: Partial<AdOptimizationAction> = {}): AdOptimizationAction {
  return {
    id: 'act-1',
    campaign_id: 'c1',
    campaign_name: 'Spring Sale Prospecting',
    platform: 'facebook',
    recommendation_id: 'rec-budget-c1',
    type: 'budget',
    title: 'Increase the budget',
    action: budgetRecommendation.action,
    status: 'applied',
    before: { daily_budget: 50 },
    after: { daily_budget: 60 },
    currency: 'USD',
    message: "The ad set's daily budget is now $60.00 on Meta.",
    created_by: 'Ada Lovelace',
    created_at: '2026-11-25T09:00:00.000Z',
    undone_by: null,
    undone_at: null,
    can_undo: true,
    ...overrides,
  };
}

/** A lowered budget on each of two ad sets of a campaign whose budgets are set on its ad sets. */
export const adsetBudgetsAction: OptimizationRecommendation['action'] = {
  kind: 'set_budget',
  level: 'adset',
  target_id: 'c1',
  from: 85,
  to: 68,
  targets: [
    { id: 'as-1', name: 'Prospecting US', from: 40, to: 32 },
    { id: 'as-2', name: 'Retargeting', from: 45, to: 36 },
  ],
};

/** The answers the Ad Intelligence screen needs, from the fixtures above; override any. */
