import type {
  AdminSessionsResponse,
  SessionDetail,
  SessionListItem,
  SessionStats,
  TrackingConfig,
} from '@ri/contracts';
import { TRACKING_DEFAULTS, TRACKING_FEATURES } from '@ri/contracts';
import { ownBusiness } from './fixtures';

export const trackingConfig: TrackingConfig = {
  trackingId: 'ri_7f3a9c2e4b1d',
  apiEndpoint: 'https://app.example/api/v1/tracking/batch-events',
  sdkBase: 'https://app.example/sdk',
  features: [...TRACKING_FEATURES],
  isPersistent: true,
  customization: { ...TRACKING_DEFAULTS },
  mode: 'standard',
  allowed_origins: ['https://engines.example'],
  respect_dnt: true,
  cta_selectors: [],
  snippet: '<script src="https://app.example/sdk/ri.min.js" data-tracking-id="ri_7f3a9c2e4b1d"></script>',
};

export function sessionItem(overrides: Partial<SessionListItem> = {}): SessionListItem {
  return {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    business_id: ownBusiness.id,
    tracking_id: trackingConfig.trackingId,
    visitor_id: 'v-0001-aaaa',
    page_url: 'https://engines.example/pricing',
    page_title: 'Pricing and plans',
    device_type: 'desktop',
    browser: 'Chrome 125',
    duration: 125,
    events_count: 42,
    is_active: true,
    start_time: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function sessionsPage(
  sessions: SessionListItem[],
  page = 1,
  totalPages = 1,
  totalCount = sessions.length,
): AdminSessionsResponse {
  return {
    sessions,
    pagination: {
      page,
      total_pages: totalPages,
      total_count: totalCount,
      has_prev: page > 1,
      has_next: page < totalPages,
    },
  };
}

export const sessionStats: SessionStats = {
  total_sessions: 128,
  active_sessions: 3,
  total_events: 5120,
  avg_session_duration: 210,
  top_pages: [{ url: 'https://engines.example/pricing', title: 'Pricing and plans', views: 64 }],
  device_breakdown: [
    { device_type: 'desktop', sessions: 90 },
    { device_type: 'mobile', sessions: 38 },
  ],
  bot_requests: 7,
};

export const sessionDetail: SessionDetail = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  business_id: ownBusiness.id,
  tracking_id: trackingConfig.trackingId,
  visitor_id: 'v-0001-aaaa',
  start_time: '2025-03-01T12:00:00.000Z',
  end_time: '2025-03-01T12:02:05.000Z',
  is_active: false,
  duration: 125,
  total_events: 3,
  total_pages: 2,
  clicks: 1,
  primary_page_url: 'https://engines.example/',
  primary_page_title: 'Home',
  source: 'google',
  device_info: { device_type: 'desktop', browser: 'Firefox', os: 'Linux', location: null, referrer: null },
  pages_visited: [
    { url: 'https://engines.example/', title: 'Home', visit_count: 1, time_spent: 65, events_count: 2 },
    { url: 'https://engines.example/pricing', title: 'Pricing', visit_count: 1, time_spent: 60, events_count: 1 },
  ],
  session_quality: { engagement_score: 62, interaction_diversity: 0.25, page_depth: 2, time_quality: 'medium' },
  utm_data: { utm_source: 'google', utm_campaign: 'spring' },
  traffic_sources: ['google'],
  engagement_metrics: {
    events_per_minute: 1.4,
    scroll_depth: 80,
    click_rate: 0.5,
    form_engagement: 0,
    mouse_activity: 12,
    unique_elements_interacted: 1,
  },
  page_transitions: [
    { timestamp: '2025-03-01T12:00:00.000Z', from: null, to: 'https://engines.example/' },
    { timestamp: '2025-03-01T12:01:05.000Z', from: 'https://engines.example/', to: 'https://engines.example/pricing' },
  ],
  event_breakdown: { page_view: 2, click: 1 },
  time_on_elements: [{ element: 'button#buy.cta', duration: 4.2 }],
  events: [
    {
      id: 'e2',
      event_type: 'click',
      element_id: 'button#buy.cta',
      page_url: 'https://engines.example/',
      timestamp: '2025-03-01T12:00:30.000Z',
      duration: null,
      metadata: { x: 10, y: 20 },
    },
    {
      id: 'e1',
      event_type: 'page_view',
      element_id: null,
      page_url: 'https://engines.example/',
      timestamp: '2025-03-01T12:00:00.000Z',
      duration: null,
      metadata: { path: '/' },
    },
    {
      id: 'e3',
      event_type: 'page_view',
      element_id: null,
      page_url: 'https://engines.example/pricing',
      timestamp: '2025-03-01T12:01:05.000Z',
      duration: null,
      metadata: { path: '/pricing' },
    },
  ],
  events_truncated: false,
};
