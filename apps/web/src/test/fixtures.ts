import type { Business, CookieSession, SyncStatus, User } from '@ri/contracts';

export const user: User = {
  id: '6f1c2b0e-3d7a-4b8e-9c51-0a2f4e6d8b13',
  email: 'ada@example.com',
  email_confirmed_at: '2025-01-02T10:00:00.000Z',
  created_at: '2025-01-01T10:00:00.000Z',
  user_metadata: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    business_name: 'Analytical Engines',
    business_website: 'https://engines.example',
    industry: 'saas',
  },
};

export const ownBusiness: Business = {
  id: '0b7d8f6e-5a4c-4d3b-9a2e-1f0e9d8c7b6a',
  slug: 'analytical-engines',
  name: 'Analytical Engines',
  industry: 'saas',
  industry_label: 'SaaS',
  website: 'https://engines.example',
  color: '#4f46e5',
  is_demo: false,
  description: null,
  role: 'owner',
  read_only: false,
  created_at: '2025-01-01T10:00:00.000Z',
};

export const demoBusiness: Business = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  slug: 'demo',
  name: 'Demo',
  industry: 'demo',
  industry_label: 'Demo Data',
  website: '',
  color: '#10b981',
  is_demo: true,
  description: 'Uses dummy data for demonstration purposes',
  role: 'viewer',
  read_only: true,
  created_at: '2025-01-01T10:00:00.000Z',
};

export function cookieSession(expiresInSeconds = 3600): CookieSession {
  return {
    expires_in: expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    token_type: 'bearer',
    user,
  };
}

export const noSourceSyncStatus: SyncStatus = {
  sync_available: false,
  cooldown_remaining_seconds: 0,
  cooldown_remaining_minutes: 0,
  next_sync_available_at: null,
  connected_sources: 0,
  reason: 'no_data_source',
  message: 'Connect a data source on the Integrations page before syncing.',
};
