import type {
  Customer,
  CustomerAction,
  CustomerDetail,
  CustomerInsight,
  CustomerList,
  CustomerSegments,
  EngagementRecommendations,
  TaskStatusResponse,
} from '@ri/contracts';

// Customer ids are UUIDs, as the contract's path parameter requires.
export const customerId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const SEGMENT_ID = '11111111-1111-4111-8111-111111111111';
export const TASK_ID = '22222222-2222-4222-8222-222222222222';

export function customer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: customerId(1),
    email: 'grace@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    name: 'Grace Hopper',
    phone: null,
    neuromind_profile: 'Fast-Mover',
    profile_confidence: 0.82,
    profile_sessions: 6,
    readiness_score: 84.5,
    conversion_probability: 0.42,
    engagement_level: 'high',
    churn_risk: 0.39,
    lifetime_value: 1520.5,
    past_revenue: 1200,
    forecast_value: 320.5,
    expected_purchases: 1.4,
    p_alive: 0.9,
    orders: 3,
    currency: 'usd',
    acquisition_source: 'google / cpc',
    first_seen: '2026-06-01T10:00:00.000Z',
    last_activity: '2026-11-20T10:00:00.000Z',
    total_sessions: 9,
    avg_session_duration: 245,
    journey_stage: 'decision',
    behavioral_traits: {
      decision_speed: 0.8,
      price_sensitivity: 0.35,
      social_proof_influence: null,
      authority_seeking: 0.2,
      risk_tolerance: 0.6,
    },
    subscription: null,
    sources: ['stripe', 'visitor'],
    reasons: { social_proof_influence: 'No review or testimonial views in their sessions' },
    ...overrides,
  };
}

/** Three customers at the thresholds: readiness 84.5 / 70 / 69.9 and churn 0.39 / 0.4 / 0.7. */
export const customers: Customer[] = [
  customer(),
  customer({
    id: customerId(2),
    name: 'Alan Turing',
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.com',
    neuromind_profile: 'Skeptic',
    readiness_score: 70,
    churn_risk: 0.4,
    engagement_level: 'medium',
    lifetime_value: 400,
  }),
  customer({
    id: customerId(3),
    name: null,
    first_name: null,
    last_name: null,
    email: 'kate@example.com',
    neuromind_profile: null,
    readiness_score: 69.9,
    churn_risk: 0.7,
    engagement_level: 'low',
    lifetime_value: null,
    conversion_probability: null,
    journey_stage: 'retention',
    reasons: { lifetime_value: 'No payment linked yet', neuromind_profile: 'No tracked session' },
  }),
];

export function customerList(overrides: Partial<CustomerList['pagination']> = {}, rows = customers): CustomerList {
  const pagination = {
    page: 1,
    total_pages: 1,
    has_next: false,
    has_previous: false,
    limit: 50,
    offset: 0,
    total: rows.length,
    ...overrides,
  };
  return {
    customers: rows,
    total: pagination.total,
    pagination,
    summary: {
      total_customers: pagination.total,
      avg_readiness_score: 74.8,
      high_engagement: 1,
      avg_lifetime_value: 960.25,
      currency: 'usd',
      generated_at: '2026-11-24T08:00:00.000Z',
      ltv_model: {
        status: 'fitted',
        model: 'BG/NBD + Gamma-Gamma',
        customers: 3,
        repeat_customers: 2,
        fitted_at: '2026-11-24T08:00:00.000Z',
        detail: 'BG/NBD with Gamma-Gamma fitted on 3 customers (2 repeat buyers)',
      },
      reasons: {},
    },
  };
}

export const segments: CustomerSegments = {
  segments: [
    {
      id: 'seg-fast',
      name: 'Fast-Movers',
      profile_type: 'Fast-Mover',
      user_count: 12,
      avg_readiness_score: 81.2,
      conversion_rate: 0.25,
      avg_lifetime_value: 1300,
      characteristics: ['Decide within one session'],
      recommended_actions: ['Offer a one-click checkout'],
    },
    {
      id: 'seg-skeptic',
      name: 'Skeptics',
      profile_type: 'Skeptic',
      user_count: 5,
      avg_readiness_score: null,
      conversion_rate: null,
      avg_lifetime_value: null,
      characteristics: [],
      recommended_actions: [],
    },
  ],
  saved: [],
  suggestions: [
    {
      key: 'fast_high_value',
      name: 'High-value Fast-Movers',
      description: 'Fast-Movers with a lifetime value above 1000',
      rules: { profile_types: ['Fast-Mover'], min_lifetime_value: 1000 },
      user_count: 4,
    },
    {
      key: 'at_risk_high_value',
      name: 'Valuable customers at risk',
      description: 'Lifetime value above 1000 and churn risk above 70%',
      rules: { min_lifetime_value: 1000, min_churn_risk: 0.7 },
      user_count: 0,
    },
  ],
  currency: 'usd',
};

export const savedSegment = {
  id: SEGMENT_ID,
  name: 'High-value Fast-Movers',
  description: 'Fast-Movers with a lifetime value above 1000',
  rules: { profile_types: ['Fast-Mover' as const], min_lifetime_value: 1000 },
  user_count: 4,
  avg_readiness_score: 82,
  avg_lifetime_value: 1800,
  avg_churn_risk: 0.2,
  created_by: 'Ada Lovelace',
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:00:00.000Z',
};

export const insight: CustomerInsight = {
  id: 'ins-1',
  type: 'warning',
  title: 'Ready customers are slipping away',
  description: '7 customers with readiness above 80 have not returned for 30 days.',
  affected_users: 7,
  confidence: 0.8,
  action_items: ['Send a reminder of what they viewed'],
  evidence: [{ metric: 'Customers with readiness ≥ 80 inactive 30+ days', value: 7, sample: 40 }],
  rules: { min_readiness: 80 },
};

export function detail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    customer: customer(),
    records: [
      {
        id: 'r1',
        source: 'stripe',
        source_id: 'cus_123',
        email: 'grace@example.com',
        phone: null,
        name: 'Grace Hopper',
        created_at: '2026-06-02T00:00:00.000Z',
      },
      {
        id: 'r2',
        source: 'visitor',
        source_id: 'v_abc',
        email: null,
        phone: null,
        name: null,
        created_at: '2026-06-01T00:00:00.000Z',
      },
    ],
    merges: [{ a: 'r1', b: 'r2', key: 'visitor_id', value: 'v_a…c' }],
    timeline: [
      {
        at: '2026-06-01T10:00:00.000Z',
        kind: 'session',
        title: 'Visited /pricing',
        detail: '4 pages',
        amount: null,
        session_id: '33333333-3333-4333-8333-333333333333',
      },
      {
        at: '2026-06-02T10:00:00.000Z',
        kind: 'payment',
        title: 'Payment',
        detail: 'Pro plan',
        amount: 400,
        session_id: null,
      },
      {
        at: '2026-07-02T10:00:00.000Z',
        kind: 'refund',
        title: 'Refund',
        detail: 'Partial refund',
        amount: -50,
        session_id: null,
      },
    ],
    value_series: [
      { date: '2026-06-02', cumulative_revenue: 400, forecast: null },
      { date: '2026-11-20', cumulative_revenue: 1200, forecast: null },
      { date: '2027-11-20', cumulative_revenue: 1200, forecast: 1520.5 },
    ],
    ...overrides,
  };
}

export const recommendations = (crm: boolean): EngagementRecommendations => ({
  customer_id: customerId(1),
  recommendations: [
    {
      type: 'conversion',
      title: 'Conversion push',
      description: 'Readiness is 84.5: offer a reason to buy now.',
      expected_impact: 'Customers at this readiness bought within 14 days in 25% of cases here.',
      implementation_steps: ['Send the offer', 'Follow up in 3 days'],
      because: 'Readiness 84.5 is at or above 80',
    },
  ],
  delivery: {
    crm_connected: crm,
    crm_contact: crm,
    workflows: crm ? [{ id: 'wf-1', name: 'Win-back' }] : [],
    detail: crm ? 'GoHighLevel contact found: actions reach the CRM.' : 'No CRM contact: actions become owner tasks.',
  },
});

export function action(overrides: Partial<CustomerAction> = {}): CustomerAction {
  return {
    id: 'act-1',
    customer_id: customerId(1),
    type: 'conversion',
    title: 'Conversion push',
    channel: 'crm_workflow',
    status: 'delivered',
    status_detail: 'Enrolled in the Win-back workflow in GoHighLevel.',
    note: null,
    implementation_steps: [],
    created_by: 'Ada Lovelace',
    created_at: '2026-11-25T09:00:00.000Z',
    history: [],
    outcome: null,
    ...overrides,
  };
}

export function task(overrides: Partial<TaskStatusResponse> = {}): TaskStatusResponse {
  return {
    task_id: TASK_ID,
    kind: 'neuromind_profiles',
    status: 'running',
    progress: { percentage: 40, current_step: 'Merging records', completed: 2, total: 5 },
    result: null,
    error: null,
    created_at: '2026-11-25T09:00:00.000Z',
    updated_at: '2026-11-25T09:00:05.000Z',
    ...overrides,
  };
}
