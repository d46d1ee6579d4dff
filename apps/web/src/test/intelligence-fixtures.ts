import {
  type BehavioralInsight,
  type BehavioralInsightsResponse,
  type BehavioralSignalsResponse,
  type EngagementAction,
  type LiveSession,
  type LiveSessionEvent,
  type LiveSessionsResponse,
  type NeuromindProfileResult,
  ON_SITE_DELIVERY_NOT_SET_UP,
  type ProfileOutcome,
  type ProfileOutcomesResponse,
  type ReadinessScoreResult,
  readinessBandOf,
  type SessionJourney,
} from '@ri/contracts';
import { ownBusiness, user } from './fixtures';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function liveSession(overrides: Partial<LiveSession> = {}): LiveSession {
  const readiness = overrides.readiness_score ?? 86.4;
  return {
    id: 'c0ffee00-1111-4222-8333-444455556666',
    session_id: 'c0ffee00-1111-4222-8333-444455556666',
    business_id: ownBusiness.id,
    visitor_id: 'v-7a1c-0001',
    neuromind_profile: 'Proof-Driven',
    profile_confidence: 0.62,
    readiness_score: readiness,
    conversion_probability: 0.318,
    band: readinessBandOf(readiness),
    start_time: minutesAgo(4),
    last_event_time: minutesAgo(0.2),
    duration_seconds: 228,
    source: 'google',
    device_type: 'desktop',
    browser: 'Chrome',
    current_page: 'https://engines.example/pricing',
    events_count: 57,
    page_views: 4,
    conversions: 0,
    behavioral_signals: { scroll_velocity: 820, cta_hover_time: 2.4, form_interactions: 1 },
    top_signals: [
      { feature: 'page_value', label: 'Pricing page visits', value: 2, weight: 0.84 },
      { feature: 'bounce_rate', label: 'Bounce rate', value: 0.1, weight: -0.21 },
    ],
    ...overrides,
  };
}

/** A finished session that has not been scored or classified yet. */
export const unscoredSession = (): LiveSession => {
  const {
    neuromind_profile: _p,
    profile_confidence: _c,
    readiness_score: _r,
    conversion_probability: _cp,
    band: _b,
    ...rest
  } = liveSession({
    id: 'deadbeef-2222-4333-8444-555566667777',
    session_id: 'deadbeef-2222-4333-8444-555566667777',
    visitor_id: 'v-7a1c-0002',
    start_time: minutesAgo(90),
    end_time: minutesAgo(80),
    duration_seconds: 600,
    source: 'direct',
    device_type: undefined,
    behavioral_signals: {},
    top_signals: [],
  });
  return rest;
};

export function liveSessionsResponse(
  sessions: LiveSession[],
  summary: Partial<LiveSessionsResponse['summary']> = {},
): LiveSessionsResponse {
  return {
    sessions,
    total: sessions.length,
    summary: {
      active_sessions: 7,
      sessions: 42,
      scored_sessions: 38,
      avg_readiness_score: 63.27,
      high_intent_users: 5,
      avg_conversion_probability: 0.1234,
      ...summary,
    },
    time_filter: '24h',
    generated_at: new Date().toISOString(),
  };
}

export const insight: BehavioralInsight = {
  id: 'skeptics-stall-on-pricing',
  type: 'warning',
  title: 'Skeptics stall on the pricing page',
  description: '38% of Skeptic sessions end on /pricing after a hesitation loop.',
  user_count: 23,
  action_items: ['Add a comparison table to /pricing', 'Show third-party reviews beside the plan cards'],
  evidence: [
    { metric: 'Skeptic sessions ending on /pricing (%)', value: 38 },
    { metric: 'Median hesitation loops', value: 3 },
  ],
  profile: 'Skeptic',
};

export const insightsResponse: BehavioralInsightsResponse = {
  insights: [insight],
  days: 30,
  sessions_analyzed: 412,
  generated_at: new Date().toISOString(),
};

export const sessionJourney: SessionJourney = {
  session_id: liveSession().session_id,
  journey_path: [
    { url: 'https://engines.example/', title: 'Home', page_type: 'home', at: '2025-03-01T12:00:00.000Z' },
    { url: 'https://engines.example/pricing', title: 'Pricing', page_type: 'pricing', at: '2025-03-01T12:01:10.000Z' },
  ],
  events: [
    {
      timestamp: '2025-03-01T12:01:30.000Z',
      event_type: 'cta_hover',
      element_id: 'button#start-trial',
      duration: 2400,
      metadata: { label: 'Start trial' },
    },
  ],
  friction_points: [
    {
      kind: 'rage_click',
      description: '4 clicks in 1.2 s on the plan toggle',
      at: '2025-03-01T12:02:00.000Z',
      page: 'https://engines.example/pricing',
    },
  ],
  events_truncated: false,
};

export const readinessScore: ReadinessScoreResult = {
  session_id: liveSession().session_id,
  readiness_score: 86.4,
  conversion_probability: 0.318,
  band: 'Ready to Convert',
  top_signals: [
    { feature: 'page_value', label: 'Pricing page visits', value: 2, weight: 0.84 },
    { feature: 'bounce_rate', label: 'Bounce rate', value: 0.1, weight: -0.21 },
  ],
  model: {
    kind: 'prior',
    label: 'UCI online-shoppers prior',
    fitted_at: '2025-02-01T00:00:00.000Z',
    sessions: 12330,
    conversions: 1908,
    uses_page_value: true,
  },
  scored_at: new Date().toISOString(),
  events_scored: 57,
};

export const neuromindProfile: NeuromindProfileResult = {
  session_id: liveSession().session_id,
  neuromind_profile: 'Proof-Driven',
  unclassified_reason: null,
  confidence: 0.62,
  probabilities: [
    { profile: 'Proof-Driven', probability: 0.62 },
    { profile: 'Skeptic', probability: 0.21 },
  ],
  evidence: [{ kind: 'page_type', name: 'case_study', value: 2, detail: 'Read 2 case studies for 3 min' }],
  classified_at: new Date().toISOString(),
};

export function engagementAction(overrides: Partial<EngagementAction> = {}): EngagementAction {
  const at = new Date().toISOString();
  return {
    id: 'act-1',
    kind: 'engage',
    status: 'recorded',
    session_id: liveSession().session_id,
    insight_id: null,
    title: 'Engage visitor',
    action_items: [],
    note: null,
    status_detail: ON_SITE_DELIVERY_NOT_SET_UP,
    created_by: user.id,
    created_at: at,
    history: [{ status: 'recorded', at, detail: ON_SITE_DELIVERY_NOT_SET_UP }],
    ...overrides,
  };
}

export const behavioralSignals: BehavioralSignalsResponse = {
  signals: [
    {
      id: 'scroll_depth',
      name: 'scroll_depth',
      type: 'engagement',
      strength: 0.82,
      frequency: 310,
      impact_score: 0.41,
      trend: 'increasing',
      description: 'Deepest scroll depth reached',
    },
    {
      id: 'cta_hover_time',
      name: 'cta_hover_time',
      type: 'intent',
      strength: 0.55,
      frequency: 120,
      impact_score: 0.74,
      trend: 'stable',
      description: 'Time resting on calls to action',
    },
    {
      id: 'rage_clicks',
      name: 'rage_clicks',
      type: 'friction',
      strength: 0.2,
      frequency: 14,
      impact_score: 0.12,
      trend: 'decreasing',
      description: 'Bursts of clicks on one element',
    },
  ],
  patterns: [
    {
      id: 'p-high-intent',
      name: 'Pricing deep-dive',
      signals: ['scroll_depth', 'cta_hover_time'],
      conversion_correlation: 0.74,
      user_count: 48,
      pattern_type: 'high_intent',
      description: 'Sessions that scroll past 75% of /pricing and hover a CTA convert at 11.2% versus 2.3% overall.',
      conversion_rate: 0.112,
    },
    {
      id: 'p-abandon',
      name: 'Checkout hesitation',
      signals: ['rage_clicks'],
      conversion_correlation: -0.32,
      user_count: 9,
      pattern_type: 'abandonment_risk',
      description: '9 sessions rage-clicked on checkout.',
      conversion_rate: null,
    },
  ],
  flows: [
    {
      from_signal: 'scroll_depth',
      to_signal: 'cta_hover_time',
      transition_probability: 0.38,
      avg_time_between: 42.5,
      user_count: 96,
    },
  ],
  summary: { active_signals: 3, pattern_matches: 57, high_impact_signals: 1, signal_flows: 1 },
  sessions_analyzed: 420,
  time_range: '24h',
  generated_at: new Date().toISOString(),
};

/**
 * A text/event-stream answer that stays open until the test closes it: `send` pushes one `session`
 * event, `ping` a comment line. Each call of `reply` opens a fresh stream, like a reconnect would.
 */
export function liveStream() {
  const encoder = new TextEncoder();
  const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const write = (text: string) => {
    for (const controller of controllers) {
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        // That stream was cancelled by the client (unmount or reconnect).
      }
    }
  };
  return {
    reply: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => {
            controllers.push(controller);
          },
        }),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      ),
    send: (event: Partial<LiveSessionEvent> = {}) =>
      write(
        `event: session\ndata: ${JSON.stringify({
          session_id: liveSession().session_id,
          readiness_score: 91.2,
          events_count: 60,
          last_event_ms: Date.now(),
          scored_ms: Date.now(),
          ...event,
        })}\n\n`,
      ),
    ping: () => write(': ping\n\n'),
  };
}

const noOutcome = (
  profile: ProfileOutcome['profile'],
  matched: ProfileOutcome['matched_page_types'],
): ProfileOutcome => ({
  profile,
  matched_page_types: matched,
  sessions: 0,
  converted: 0,
  conversion_rate: null,
  conversion_interval: null,
  return_rate: null,
  matched_content_share: null,
  mean_readiness: null,
});

/** Neuromind outcomes of 30 days: two profiles tested (Fast-Mover converts more), a small one, four empty. */
export const profileOutcomesResponse: ProfileOutcomesResponse = {
  days: 30,
  sessions: 89,
  classified: 83,
  unclassified: 6,
  conversion_source: 'claimed',
  profiles: [
    {
      profile: 'Fast-Mover',
      matched_page_types: ['pricing', 'product', 'cart'],
      sessions: 40,
      converted: 10,
      conversion_rate: 0.25,
      conversion_interval: [0.1419, 0.4019],
      return_rate: 0.1,
      matched_content_share: 0.7436,
      mean_readiness: 60,
    },
    {
      profile: 'Proof-Driven',
      matched_page_types: ['reviews', 'comparison'],
      sessions: 40,
      converted: 2,
      conversion_rate: 0.05,
      conversion_interval: [0.0138, 0.165],
      return_rate: 0,
      matched_content_share: 0.25,
      mean_readiness: 40,
    },
    {
      profile: 'Reassurer',
      matched_page_types: ['faq'],
      sessions: 3,
      converted: 1,
      conversion_rate: 0.3333,
      conversion_interval: [0.0615, 0.7923],
      return_rate: 0,
      matched_content_share: 0.5,
      mean_readiness: null,
    },
    noOutcome('Skeptic', ['pricing', 'faq', 'about']),
    noOutcome('Optimizer', ['comparison', 'pricing']),
    noOutcome('Authority-Seeker', ['about', 'blog']),
    noOutcome('Experience-First', ['demo']),
  ],
  conversion_test: {
    status: 'tested',
    chi_square: 6.275,
    degrees_of_freedom: 1,
    p_value: 0.0122,
    profiles_tested: ['Fast-Mover', 'Proof-Driven'],
    verdict: 'Conversion differs by profile (p = 0.012): the profiles separate buyers from browsers on this site.',
  },
  notes: {
    conversion:
      'A session converted when the site reported a conversion from the browser (no verified sales in the window).',
    return_rate:
      'A return is another session by the same visitor that started within 30 days after. Sessions younger than 30 days are followed only until now (4.2 days on average here), so return rates are lower bounds; a visitor on another device or browser counts as new.',
    matched_content:
      "Mean share of a session's page time spent on the page types that define its profile; sessions without page time are left out.",
  },
  generated_at: new Date().toISOString(),
};
