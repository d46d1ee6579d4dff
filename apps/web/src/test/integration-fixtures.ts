import type {
  Integration,
  Platform,
  ProvidersResponse,
  SaveIntegrationResponse,
  SyncProgress,
  SyncProgressResponse,
} from '@ri/contracts';
import { json, type Reply } from './mock-api';
import { mockSignedInApi } from './render-app';

const platform = (id: string, name: string, extra: Partial<Platform> = {}): Platform => ({
  id,
  name,
  description: `${name} description`,
  setup_complexity: 'easy',
  capabilities: ['First capability', 'Second capability', 'Third capability', 'Fourth capability'],
  data_types: ['Customers', 'Charges'],
  coming_soon: false,
  ...extra,
});

export const providersResponse: ProvidersResponse = {
  providers: {
    ad_intelligence: [
      platform('facebook_ads', 'Meta Ads', { setup_complexity: 'medium' }),
      platform('google_ads', 'Google Ads and Analytics', { setup_complexity: 'advanced' }),
    ],
    customer_intelligence: [
      platform('gohighlevel', 'GoHighLevel'),
      platform('stripe', 'Stripe', {
        data_types: ['Customers', 'Charges', 'Refunds', 'Disputes', 'Subscriptions'],
      }),
      platform('hubspot', 'HubSpot', { coming_soon: true }),
    ],
    behavior_intelligence: [],
  },
};

export const STRIPE_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

export const stripeAccount = {
  account_id: 'acct_1Northwind',
  business_name: 'Northwind Solar Co.',
  country: 'US',
  default_currency: 'usd',
  charges_enabled: true,
  payouts_enabled: false,
};

export function stripeIntegration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: STRIPE_ID,
    name: 'Stripe',
    provider: 'stripe',
    status: 'connected',
    integration_type: 'customer_intelligence',
    last_sync: null,
    data_points_synced: 0,
    credential_hints: { secretKey: 'sk_test_…4f2a' },
    account_info: stripeAccount,
    vendor_account: null,
    permission_level: 'full',
    credentials_expire_at: null,
    conversions_settings: null,
    error: null,
    sandbox: false,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function syncRun(overrides: Partial<SyncProgress> = {}): SyncProgress {
  return {
    run_id: 'run-1',
    overall_status: 'running',
    overall_progress: 43,
    progress_message: 'Syncing charges',
    current_stage: 'charges',
    phases: [
      { name: 'customers', status: 'completed', processed_items: 50 },
      { name: 'charges', status: 'running', processed_items: 200 },
    ],
    started_at: '2026-11-25T10:00:00.000Z',
    finished_at: null,
    resume_at: null,
    ...overrides,
  };
}

export function progressResponse(runs: Record<string, SyncProgress> = {}, totals: Record<string, number> = {}) {
  const statuses = Object.values(runs).map((r) => r.overall_status);
  const body: SyncProgressResponse = {
    sync_progress: runs,
    overall_status: statuses[0] ?? null,
    breakdown_by_integration: Object.fromEntries(Object.entries(totals).map(([id, total]) => [id, { total }])),
  };
  return json(200, body);
}

export const savedStripe: SaveIntegrationResponse = {
  valid: true,
  error: null,
  success: true,
  account_type: 'payment_processor',
  account_info: stripeAccount,
  permission_level: 'full',
  capabilities: ['Read customers, charges and refunds'],
  limitations: ['This is a test-mode key: only test data is synced.'],
  next_steps: {
    immediate: ['Run the first sync'],
    recommended: ['Add the visitor id to Checkout'],
    advanced: ['Set up webhooks'],
  },
  integration: stripeIntegration(),
};

/** The Integrations tab's answers for a business with `integrations`; override any. */
export function mockIntegrationsApi(integrations: Integration[], overrides: Record<string, Reply> = {}) {
  return mockSignedInApi({
    'GET /tracking/script': json(404, { error: { code: 'not_found', message: 'No script' } }),
    'GET /integrations/providers': json(200, providersResponse),
    'GET /integrations/': json(200, { integrations }),
    'GET /integrations/data-points/stats': json(200, {
      total_data_points: integrations.reduce((sum, i) => sum + i.data_points_synced, 0),
    }),
    'GET /integrations/sync-progress': progressResponse(),
    ...overrides,
  });
}
