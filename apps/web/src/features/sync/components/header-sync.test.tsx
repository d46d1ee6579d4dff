import type { DashboardSyncResult, SyncStatus, TaskStatusResponse } from '@ri/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { noSourceSyncStatus } from '../../../test/fixtures';
import { apiError, json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';

const TASK_ID = '3b2f6a1e-8c4d-4f5a-9b6e-2d1c0f9e8a7b';
const PATHS = {
  status: '/analytics/sync-status',
  trigger: '/analytics/sync-dashboard',
  task: `/analytics/task-status/${TASK_ID}`,
  dashboard: '/analytics/dashboard',
};
const ready: SyncStatus = {
  ...noSourceSyncStatus,
  sync_available: true,
  connected_sources: 2,
  reason: 'ready',
  message: 'Ready to sync 2 data sources.',
};
const started = {
  status: 'in_progress',
  task_id: TASK_ID,
  message: 'Syncing Stripe, Meta Ads, then recalculating the dashboard.',
  endpoints_recalculating: ['/analytics/dashboard'],
};
const task = (overrides: Partial<TaskStatusResponse> = {}): TaskStatusResponse => ({
  task_id: TASK_ID,
  kind: 'dashboard-sync',
  status: 'running',
  progress: { percentage: 35, current_step: 'Syncing Stripe (1 of 2)', completed: 0, total: 14 },
  result: null,
  error: null,
  created_at: '2025-05-01T10:00:00.000Z',
  updated_at: '2025-05-01T10:00:02.000Z',
  ...overrides,
});
const completed = (error: string | null = null, integrations: DashboardSyncResult['integrations'] = [stripeDone]) =>
  task({
    status: 'completed',
    progress: { percentage: 100, current_step: 'Completed', completed: 14, total: 14 },
    result: { integrations, endpoints_recalculated: Array(14).fill('/analytics/dashboard'), error },
  });

const stripeDone = { name: 'Stripe', provider: 'stripe', status: 'completed', message: null };

const count = (requests: MockRequest[], path: string, method = 'GET') =>
  requests.filter((r) => r.path === path && r.method === method).length;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The app at / with a header that may sync; fake timers drive the 2 s polls. */
async function openWithSync(routes: Record<string, Reply>) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const api = mockSignedInApi({
    [`GET ${PATHS.status}`]: json(200, ready),
    [`GET ${PATHS.dashboard}`]: apiError(500, 'internal', 'Dashboard down'),
    ...routes,
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/');
  const button = await screen.findByRole('button', { name: 'Sync' });
  expect(button.getAttribute('aria-disabled')).toBeNull();
  return { user, button, ...api };
}

describe('header sync', () => {
  it('triggers the sync, polls the task every 2 s with its progress, then shows the green chip and reloads', async () => {
    let polls = 0;
    const { user, button, requests } = await openWithSync({
      [`POST ${PATHS.trigger}`]: json(202, started),
      [`GET ${PATHS.task}`]: () => (++polls < 3 ? json(200, task()) : json(200, completed())),
    });
    await user.click(button);
    expect(count(requests, PATHS.trigger, 'POST')).toBe(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Syncing 0%: details' })).toBeTruthy();

    // Real time also moves the fake clock a little (shouldAdvanceTime), hence the margin.
    await advance(1800);
    expect(count(requests, PATHS.task)).toBe(0);
    await advance(200);
    expect(count(requests, PATHS.task)).toBe(1);
    const chip = await screen.findByRole('button', { name: 'Syncing 35%: details' });
    expect(button.getAttribute('title')).toBe('Syncing Stripe (1 of 2) (0 of 14 reads recalculated)');
    // Clicking the busy button starts nothing more.
    await user.click(button);
    expect(count(requests, PATHS.trigger, 'POST')).toBe(1);

    await user.click(chip);
    const details = await screen.findByRole('dialog');
    expect(within(details).getByText(started.message)).toBeTruthy();
    expect(within(details).getByRole('progressbar', { name: 'Dashboard sync' }).getAttribute('aria-valuenow')).toBe(
      '35',
    );
    expect(within(details).getByText('0 of 14 reads recalculated')).toBeTruthy();
    await user.keyboard('{Escape}');

    const statusReads = count(requests, PATHS.status);
    const dashboardReads = count(requests, PATHS.dashboard);
    await advance(2000);
    expect(count(requests, PATHS.task)).toBe(2);
    await advance(2000);
    expect(count(requests, PATHS.task)).toBe(3);
    expect(await screen.findByRole('button', { name: 'Dashboard synced: details' })).toBeTruthy();
    expect(screen.getByText('Dashboard sync completed successfully')).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBeNull();
    await vi.waitFor(() => expect(count(requests, PATHS.status)).toBeGreaterThan(statusReads));
    await vi.waitFor(() => expect(count(requests, PATHS.dashboard)).toBeGreaterThan(dashboardReads));
    expect(screen.getByRole('button', { name: 'Dashboard synced: details' }).closest('span')!.className).toContain(
      'bg-green-100',
    );

    await advance(10_000);
    expect(count(requests, PATHS.task)).toBe(3);
  });

  it("shows the yellow 'Sync failed' chip with the task's error, and dismisses it", async () => {
    const { user, button } = await openWithSync({
      [`POST ${PATHS.trigger}`]: json(202, started),
      [`GET ${PATHS.task}`]: json(200, task({ status: 'failed', error: 'Stripe: the API key was revoked' })),
    });
    await user.click(button);
    await advance(2000);
    const chip = await screen.findByRole('button', { name: 'Sync failed: details' });
    expect(chip.closest('span')!.className).toContain('bg-amber-100');
    expect(screen.getByText('Stripe: the API key was revoked')).toBeTruthy();
    await user.click(chip);
    expect(within(await screen.findByRole('dialog')).getByText('Stripe: the API key was revoked')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Dismiss Sync failed' }));
    expect(screen.queryByRole('button', { name: 'Sync failed: details' })).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it("says 'Failed to trigger sync' when the trigger throws, and 'Sync failed' for any other reply", async () => {
    let reply: Response = apiError(500, 'internal', 'Something went wrong on our side.');
    const { user, button, requests } = await openWithSync({ [`POST ${PATHS.trigger}`]: () => reply });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Sync failed: details' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('status').textContent).toBe('Failed to trigger sync');
    await user.click(screen.getByRole('button', { name: 'Dismiss Sync failed' }));

    // A reply without a task to follow is neither in progress nor completed.
    reply = json(202, { ...started, task_id: null });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Sync failed: details' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('status').textContent).toBe('Sync failed');
    expect(count(requests, PATHS.task)).toBe(0);
  });

  it('turns the chip yellow and names the integrations that failed when the sync completes with errors', async () => {
    const { user, button } = await openWithSync({
      [`POST ${PATHS.trigger}`]: json(202, started),
      [`GET ${PATHS.task}`]: json(
        200,
        completed('Meta Ads: the token expired', [
          stripeDone,
          { name: 'Meta Ads', provider: 'meta_ads', status: 'failed', message: 'the token expired' },
          {
            name: 'Google Ads',
            provider: 'google_ads',
            status: 'timeout_resuming',
            message: "Paused at the vendor's rate limit; it resumes by itself at 11:00 UTC.",
          },
        ]),
      ),
    });
    await user.click(button);
    await advance(2000);
    const chip = await screen.findByRole('button', { name: 'Dashboard synced with errors: details' });
    expect(chip.closest('span')!.className).toContain('bg-amber-100');
    expect(
      screen.getByText('Dashboard sync completed, but 1 integration failed: Meta Ads: the token expired'),
    ).toBeTruthy();
    await user.click(chip);
    const details = within(await screen.findByRole('list', { name: 'Sync details' }));
    expect(details.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Meta Ads: the token expired',
      "Google Ads: Paused at the vendor's rate limit; it resumes by itself at 11:00 UTC.",
      '14 reads recalculated',
    ]);
  });

  it('keeps polling through a failed poll, and says it lost track after five in a row', async () => {
    let polls = 0;
    const { user, button, requests } = await openWithSync({
      [`POST ${PATHS.trigger}`]: json(202, started),
      [`GET ${PATHS.task}`]: () => (++polls === 1 ? json(200, task()) : apiError(404, 'not_found', 'Not found')),
    });
    await user.click(button);
    await advance(2000);
    expect(await screen.findByRole('button', { name: 'Syncing 35%: details' })).toBeTruthy();
    await advance(2000 * 4);
    expect(count(requests, PATHS.task)).toBe(5);
    expect(screen.getByRole('button', { name: 'Syncing 35%: details' })).toBeTruthy();
    await advance(2000);
    expect(await screen.findByRole('button', { name: 'Sync status unknown: details' })).toBeTruthy();
    expect(screen.getByText(/Lost track of the sync: Not found/)).toBeTruthy();
    await advance(10_000);
    expect(count(requests, PATHS.task)).toBe(6);
  });

  it('stays disabled during a cooldown, showing the minutes left rounded up', async () => {
    const { requests } = mockSignedInApi({
      [`GET ${PATHS.status}`]: json(200, {
        ...ready,
        sync_available: false,
        reason: 'cooldown',
        cooldown_remaining_seconds: 241,
        cooldown_remaining_minutes: 4,
        message: 'A sync ran a minute ago.',
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Sync in 5 min' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(count(requests, PATHS.trigger, 'POST')).toBe(0);
  });
});
