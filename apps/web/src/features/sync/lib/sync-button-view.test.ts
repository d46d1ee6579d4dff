import type { SyncStatus, TaskStatusResponse } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { noSourceSyncStatus } from '../../../test/fixtures';
import { getSyncButtonView } from './sync-button-view';
import { IDLE, type SyncRun } from './sync-run';

const status = (overrides: Partial<SyncStatus>): SyncStatus => ({ ...noSourceSyncStatus, ...overrides });
const view = (s: SyncStatus | undefined, run: SyncRun = IDLE) =>
  getSyncButtonView({ status: s, isPending: false, error: null, run });
const ready = status({ reason: 'ready', sync_available: true, connected_sources: 1, message: 'Ready to sync.' });

describe('getSyncButtonView', () => {
  it('says honestly that no data source is connected and carries the server message as title', () => {
    expect(view(noSourceSyncStatus)).toEqual({
      label: 'No data source connected',
      title: noSourceSyncStatus.message,
      disabled: true,
      busy: false,
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
    expect(
      view(status({ reason: 'cooldown', cooldown_remaining_seconds: 0, cooldown_remaining_minutes: 2.2 })).label,
    ).toBe('Sync in 3 min');
  });

  it('can be pressed when the server says a sync may run', () => {
    expect(view(ready)).toEqual({ label: 'Sync', title: 'Ready to sync.', disabled: false, busy: false });
  });

  it('is busy and disabled while a sync starts and runs, with the step as its title', () => {
    expect(view(ready, { phase: 'starting' })).toMatchObject({ label: 'Syncing...', disabled: true, busy: true });
    const task = {
      progress: { percentage: 40, current_step: 'Syncing Stripe (1 of 1)', completed: 0, total: 14 },
    } as TaskStatusResponse;
    expect(view(ready, { phase: 'running', taskId: 't', message: 'Syncing Stripe.', task })).toEqual({
      label: 'Syncing...',
      title: 'Syncing Stripe (1 of 1) (0 of 14 reads recalculated)',
      disabled: true,
      busy: true,
    });
  });

  it('is disabled while loading and when the status cannot be read', () => {
    expect(getSyncButtonView({ status: undefined, isPending: true, error: null, run: IDLE }).disabled).toBe(true);
    const failed = getSyncButtonView({ status: undefined, isPending: false, error: new Error('boom'), run: IDLE });
    expect(failed).toEqual({ label: 'Sync unavailable', title: 'boom', disabled: true, busy: false });
  });
});
