import { describe, expect, it } from 'vitest';
import type { DataSource } from '../integrations/index.js';
import { syncStatusOf } from './sync.routes.js';

const now = new Date('2026-11-25T10:00:00Z');
const source = (name: string, extra: Partial<DataSource> = {}): DataSource => ({
  id: `id-${name}`,
  provider: 'stripe',
  name,
  status: 'connected',
  activeRun: null,
  ...extra,
});

describe('the header sync status', () => {
  it('says no data source is connected when there is none', () => {
    expect(syncStatusOf([], now)).toMatchObject({ sync_available: false, reason: 'no_data_source' });
  });

  it('is ready with the sources named, and says which sync now or need reconnecting', () => {
    const status = syncStatusOf(
      [
        source('Stripe', { activeRun: { status: 'running', resumeAt: null } }),
        source('Meta Ads', { provider: 'facebook_ads', status: 'error' }),
      ],
      now,
    );
    expect(status).toMatchObject({ sync_available: true, reason: 'ready', connected_sources: 2 });
    expect(status.message).toBe(
      '2 data sources connected (Stripe and Meta Ads). Stripe is syncing now. Meta Ads needs reconnecting.',
    );
  });

  it('waits for a source paused at its vendor’s rate limit, saying when it resumes', () => {
    const resumeAt = new Date(now.getTime() + 150_000);
    const status = syncStatusOf([source('Stripe', { activeRun: { status: 'timeout_resuming', resumeAt } })], now);
    expect(status).toMatchObject({
      sync_available: false,
      reason: 'cooldown',
      cooldown_remaining_seconds: 150,
      cooldown_remaining_minutes: 3,
      next_sync_available_at: resumeAt.toISOString(),
    });
  });
});
