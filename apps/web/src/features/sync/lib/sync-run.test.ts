import { describe, expect, it } from 'vitest';
import { chipOf, completedRun, runAfterTrigger, SYNC_COMPLETED, SYNC_FAILED } from './sync-run';

const reply = { task_id: null, message: 'Nothing to sync.', endpoints_recalculating: [] };

describe('sync run', () => {
  it('ends at once on an immediate completed reply, and fails on any other reply without a task', () => {
    expect(chipOf(runAfterTrigger({ ...reply, status: 'completed' }))).toMatchObject({
      tone: 'success',
      text: 'Dashboard synced',
      message: 'Nothing to sync.',
    });
    expect(runAfterTrigger({ ...reply, status: 'in_progress' })).toEqual({ phase: 'failed', message: SYNC_FAILED });
  });

  it('is green only when nothing failed; an error in the result turns it yellow even without a named integration', () => {
    const clean = completedRun({ integrations: [], endpoints_recalculated: ['/analytics/dashboard'], error: null });
    expect(chipOf(clean)).toMatchObject({
      tone: 'success',
      message: SYNC_COMPLETED,
      details: ['1 read recalculated'],
    });
    const odd = completedRun({
      integrations: [],
      endpoints_recalculated: [],
      error: 'Ad rollups could not be rebuilt',
    });
    expect(chipOf(odd)).toMatchObject({
      tone: 'warning',
      text: 'Dashboard synced with errors',
      message: 'Dashboard sync completed, with an error: Ad rollups could not be rebuilt',
    });
  });
});
