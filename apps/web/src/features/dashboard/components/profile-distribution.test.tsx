import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownBusiness } from '../../../test/fixtures';
import { json, type Reply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { DASHBOARD_PATHS, mockDashboardApi, openDashboard, requestsTo } from '../testing/dashboard-api';
import { dashboard, PROFILE_TASK_ID, profileTask } from '../testing/dashboard-fixtures';

const card = () => within(screen.getByRole('heading', { name: 'Neuromind Profile Distribution' }).closest('section')!);
const withoutProfiles = () => json(200, dashboard({ neuromind_profiles: [] }));
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

async function openWithTimers(overrides: Record<string, Reply>) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = mockDashboardApi(overrides);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/');
  await screen.findByRole('heading', { name: 'No Neuromind profiles yet' });
  return { user, ...api };
}

describe('Neuromind Profile Distribution', () => {
  it('draws the customers per profile, largest first, with the counts as a table', async () => {
    mockDashboardApi();
    const { user } = await openDashboard();
    const chart = card().getByRole('img', { name: /Customers per Neuromind profile: 880 in all/ });
    expect(chart.getAttribute('aria-label')).toContain('Fast-Mover holds the most (410)');
    await user.click(card().getByRole('button', { name: 'Show data table' }));
    const rows = within(card().getByRole('table', { name: 'Customers per Neuromind profile' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ProfileCustomersShare',
      'Fast-Mover41046.6%',
      'Skeptic32036.4%',
      'Optimizer15017.0%',
    ]);
  });

  it('Generate Neuromind Profiles forces a rebuild, polls every 2 s with progress, then reloads the dashboard', async () => {
    let polls = 0;
    const { user, requests } = await openWithTimers({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: () => (polls >= 2 ? json(200, dashboard()) : withoutProfiles()),
      [`POST ${DASHBOARD_PATHS.profiles}`]: json(200, {
        success: true,
        task_id: PROFILE_TASK_ID,
        total_contacts: 880,
        message: 'Building profiles for 880 contacts.',
      }),
      [`GET ${DASHBOARD_PATHS.task(PROFILE_TASK_ID)}`]: () =>
        ++polls < 2
          ? json(200, profileTask())
          : json(
              200,
              profileTask({
                status: 'completed',
                progress: { percentage: 100, current_step: 'Done', completed: 5, total: 5 },
                result: {
                  profiles_generated: 880,
                  profiles_updated: 0,
                  profiles_skipped: 4,
                  profile_distribution: { 'Fast-Mover': 410 },
                  error: null,
                },
              }),
            ),
    });
    await user.click(card().getByRole('button', { name: 'Generate Neuromind Profiles' }));
    expect(await card().findByText('Building profiles for 880 contacts.')).toBeTruthy();
    expect(requestsTo(requests, DASHBOARD_PATHS.profiles, 'POST')[0]!.url.searchParams.get('force_regenerate')).toBe(
      'true',
    );
    const polled = () => requestsTo(requests, DASHBOARD_PATHS.task(PROFILE_TASK_ID)).length;
    await advance(1800);
    expect(polled()).toBe(0);
    await advance(200);
    expect(polled()).toBe(1);
    expect(await card().findByText('40% · Merging records (2 of 5)')).toBeTruthy();
    expect(card().getByRole('progressbar', { name: 'Profile generation' }).getAttribute('aria-valuenow')).toBe('40');

    await advance(2000);
    expect(polled()).toBe(2);
    expect(await card().findByText('880 generated, 0 updated, 4 skipped.')).toBeTruthy();
    expect(await card().findByRole('img', { name: /Customers per Neuromind profile: 880 in all/ })).toBeTruthy();
    await advance(10_000);
    expect(polled()).toBe(2);
  });

  it("says 'Profile generation failed' with the task's error", async () => {
    const { user } = await openWithTimers({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: withoutProfiles(),
      [`POST ${DASHBOARD_PATHS.profiles}`]: json(200, {
        success: true,
        task_id: PROFILE_TASK_ID,
        total_contacts: 10,
        message: 'Building profiles for 10 contacts.',
      }),
      [`GET ${DASHBOARD_PATHS.task(PROFILE_TASK_ID)}`]: json(
        200,
        profileTask({ status: 'failed', error: 'The Stripe sync is still running' }),
      ),
    });
    await user.click(card().getByRole('button', { name: 'Generate Neuromind Profiles' }));
    await advance(2000);
    const alert = within(await card().findByRole('alert'));
    expect(alert.getByText('Profile generation failed')).toBeTruthy();
    expect(alert.getByText('The Stripe sync is still running')).toBeTruthy();
  });

  it('offers no Generate button to a viewer, and says why', async () => {
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: withoutProfiles(),
      'GET /businesses': json(200, { businesses: [{ ...ownBusiness, role: 'viewer' }] }),
    });
    await openDashboard();
    expect(await card().findByText('Viewers cannot rebuild the profiles; ask a member of the business.')).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Generate Neuromind Profiles' })).toBeNull();
  });
});
