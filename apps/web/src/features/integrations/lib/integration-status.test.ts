import type { Integration, SyncProgress } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { dataPointsOf, displayStatus, lastSyncLabel, statusTone, syncButtonView } from './integration-status';

const integration = { status: 'connected', data_points_synced: 12 } as Integration;
const progress = (overall_status: SyncProgress['overall_status'], items: number[] = []) =>
  ({ overall_status, phases: items.map((processed_items) => ({ processed_items })) }) as SyncProgress;

describe('displayStatus', () => {
  it('is syncing while the request is in flight or the latest run is open', () => {
    expect(displayStatus(integration, undefined, true)).toBe('syncing');
    for (const s of ['running', 'partial', 'timeout_resuming'] as const) {
      expect(displayStatus(integration, progress(s), false)).toBe('syncing');
    }
  });

  it('is the server status once the run is over', () => {
    expect(displayStatus(integration, progress('completed'), false)).toBe('connected');
    expect(displayStatus({ ...integration, status: 'error' }, progress('failed'), false)).toBe('error');
  });
});

describe('syncButtonView', () => {
  it('follows section 4', () => {
    expect(syncButtonView('syncing', null)).toEqual({ label: 'Syncing', disabled: true });
    expect(syncButtonView('connected', 'running')).toEqual({ label: 'Syncing', disabled: true });
    expect(syncButtonView('connected', 'partial')).toEqual({ label: 'Syncing', disabled: true });
    expect(syncButtonView('connected', 'timeout_resuming')).toEqual({ label: 'Resume Sync', disabled: false });
    expect(syncButtonView('error', 'failed')).toEqual({ label: 'Resume Sync', disabled: false });
    expect(syncButtonView('connected', 'completed')).toEqual({ label: 'Sync Now', disabled: false });
    expect(syncButtonView('connected', null)).toEqual({ label: 'Sync Now', disabled: false });
    expect(syncButtonView('syncing', 'timeout_resuming')).toEqual({ label: 'Resume Sync', disabled: false });
    expect(syncButtonView('connected', 'completed', true)).toEqual({ label: 'Syncing', disabled: true });
  });
});

describe('dataPointsOf', () => {
  it('takes the breakdown total, then the phases, then the integration count', () => {
    expect(dataPointsOf(integration, 40, progress('running', [5]))).toBe(40);
    expect(dataPointsOf(integration, undefined, progress('running', [5, 7]))).toBe(12);
    expect(dataPointsOf({ ...integration, data_points_synced: 3 }, undefined, undefined)).toBe(3);
  });
});

describe('statusTone and lastSyncLabel', () => {
  it('colours statuses as section 4 does', () => {
    expect(statusTone('connected')).toBe('green');
    expect(statusTone('rate_limited')).toBe('yellow');
    expect(statusTone('error')).toBe('red');
    expect(statusTone('syncing')).toBe('grey');
  });

  it("says 'Never' when no sync has run", () => {
    expect(lastSyncLabel(null)).toBe('Never');
    expect(lastSyncLabel('completed')).toBe('Completed');
  });
});
