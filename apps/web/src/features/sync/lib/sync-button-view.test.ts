import type { SyncStatus } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { noSourceSyncStatus } from '../../../test/fixtures';
import { getSyncButtonView } from './sync-button-view';

const status = (overrides: Partial<SyncStatus>): SyncStatus => ({ ...noSourceSyncStatus, ...overrides });
const view = (s: SyncStatus | undefined, canTrigger = false) =>
  getSyncButtonView({ status: s, isPending: false, error: null, canTrigger });

describe('getSyncButtonView', () => {
  it('says honestly that no data source is connected and carries the server message as title', () => {
    expect(view(noSourceSyncStatus)).toEqual({
      label: 'No data source connected',
      title: noSourceSyncStatus.message,
      disabled: true,
    });
  });

  it('shows the cooldown minutes rounded up', () => {
    const cooling = status({
      reason: 'cooldown',
      cooldown_remaining_seconds: 61,
      cooldown_remaining_minutes: 1,
      message: 'Next sync in 2 minutes',
    });
    expect(view(cooling)).toMatchObject({ label: 'Sync in 2 min', disabled: true });
    expect(view(status({ reason: 'cooldown', cooldown_remaining_seconds: 5 })).label).toBe('Sync in 1 min');
  });

  it('stays disabled while a sync cannot be started from the app, and enables once it can', () => {
    const ready = status({ reason: 'ready', sync_available: true, connected_sources: 1, message: 'Ready to sync.' });
    expect(view(ready)).toMatchObject({ label: 'Sync', disabled: true });
    expect(view(ready).title).toContain('not available yet');
    expect(view(ready, true)).toEqual({ label: 'Sync', title: 'Ready to sync.', disabled: false });
  });

  it('is disabled while loading and when the status cannot be read', () => {
    expect(getSyncButtonView({ status: undefined, isPending: true, error: null, canTrigger: true }).disabled).toBe(
      true,
    );
    const failed = getSyncButtonView({
      status: undefined,
      isPending: false,
      error: new Error('boom'),
      canTrigger: true,
    });
    expect(failed).toEqual({ label: 'Sync unavailable', title: 'boom', disabled: true });
  });
});
