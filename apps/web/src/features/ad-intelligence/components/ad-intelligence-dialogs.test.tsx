import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_PATHS, mockAdApi, openAdScreen } from '../../../test/ad-api';
import { adsetBudgetsAction, optimizationAction } from '../../../test/ad-campaign-fixtures';
import { ownBusiness } from '../../../test/fixtures';
import { apiError, json, type MockRequest } from '../../../test/mock-api';
import { setViewportWidth } from '../../../test/viewport';

const requestsTo = (requests: MockRequest[], path: string) => requests.filter((r) => r.path === path);

describe('Ad Intelligence dialogs', () => {
  beforeEach(() => setViewportWidth(1440));

  it('opens Campaign Details from View, with the reconciliation and the audience, and returns focus on Escape', async () => {
    const { requests } = mockAdApi();
    const { user } = await openAdScreen();
    const view = screen.getByRole('button', { name: 'View Spring Sale Prospecting' });
    await user.click(view);
    const dialog = within(await screen.findByRole('dialog', { name: 'Spring Sale Prospecting' }));
    expect(dialog.getByText('Sufficient data')).toBeTruthy();
    const claims = dialog.getByText('Platform claims').closest('div')!;
    expect(within(claims).getByText('70')).toBeTruthy();
    expect(within(dialog.getByText('Unmatched').closest('div')!).getByText('18')).toBeTruthy();
    expect(dialog.getByText(/only 4 bought: look at the landing page/)).toBeTruthy();
    expect(within(dialog.getByRole('table', { name: 'By readiness band' })).getByText('3.3%')).toBeTruthy();
    expect(await dialog.findByRole('img', { name: /Ad spend and attributed revenue per day/ })).toBeTruthy();
    expect(requestsTo(requests, '/analytics/campaigns/c1')[0]!.url.searchParams.get('days')).toBe('30');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(view);
  });

  it('implements an optimization after a confirm step that says what will change, then undoes it', async () => {
    const applied = optimizationAction();
    const { requests } = mockAdApi({
      [`POST ${AD_PATHS.optimizations}`]: json(201, applied),
      [`POST ${AD_PATHS.optimizations}/act-1/undo`]: json(200, {
        ...applied,
        status: 'undone',
        can_undo: false,
        undone_by: 'Ada Lovelace',
        undone_at: '2026-11-25T09:30:00.000Z',
      }),
    });
    const { user } = await openAdScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Optimization Recommendations' }));
    const rec = within(await dialog.findByRole('article', { name: 'Increase the budget' }));
    expect(rec.getByText(/ROAS is 3.40 \(rule: above 3\)/)).toBeTruthy();
    expect(rec.getByText('Expected impact:')).toBeTruthy();
    expect(rec.getByText('ROAS: 3.4 (rule: 3)')).toBeTruthy();
    expect(dialog.getByText('No optimization has been implemented on this campaign yet.')).toBeTruthy();

    await user.click(rec.getByRole('button', { name: 'Implement Optimization' }));
    expect(rec.getByText("Raise the ad set's daily budget from $50.00 to $60.00 on Meta.")).toBeTruthy();
    expect(document.activeElement).toBe(rec.getByRole('button', { name: 'Confirm' }));
    const posts = () => requests.filter((r) => r.method === 'POST' && r.path.startsWith(AD_PATHS.optimizations));
    expect(posts()).toHaveLength(0);

    await user.click(rec.getByRole('button', { name: 'Confirm' }));
    expect(await rec.findByText('Applied')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({ campaign_id: 'c1', recommendation_id: 'rec-budget-c1', days: 30 });
    expect(rec.getByText('Daily budget: $50.00 → $60.00')).toBeTruthy();
    expect(rec.getByText(/by Ada Lovelace/)).toBeTruthy();
    // The recorded actions reload, so the history shows what was just done.
    await vi.waitFor(() => expect(requestsTo(requests, AD_PATHS.optimizations).length).toBeGreaterThan(1));
    expect(requestsTo(requests, AD_PATHS.optimizations)[0]!.url.searchParams.get('campaign_id')).toBe('c1');

    await user.click(rec.getByRole('button', { name: 'Undo' }));
    expect(await rec.findByText('Undone')).toBeTruthy();
    expect(posts()[1]!.path).toBe(`${AD_PATHS.optimizations}/act-1/undo`);
    expect(rec.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says a change is recorded as a task when the connection is read-only, and Cancel goes back', async () => {
    mockAdApi();
    const { user } = await openAdScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Cart Retargeting' }));
    const rec = within(await screen.findByRole('article', { name: 'Lower the budget' }));
    const implement = rec.getByRole('button', { name: 'Implement Optimization' });
    await user.click(implement);
    expect(
      rec.getByText(
        "Recorded as a task: your connection is read-only. Nothing changes on Meta; the task asks someone to lower the campaign's daily budget from $40.00 to $30.00 there.",
      ),
    ).toBeTruthy();
    await user.click(rec.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(rec.getByRole('button', { name: 'Implement Optimization' }));
  });

  it('shows the history of a campaign with who did what, and Undo where it still applies', async () => {
    mockAdApi({
      [`GET ${AD_PATHS.optimizations}`]: json(200, {
        actions: [
          optimizationAction({
            id: 'act-2',
            status: 'task',
            can_undo: false,
            before: {},
            after: {},
            message: 'Recorded as a task: the connection is read-only.',
          }),
          optimizationAction(),
          optimizationAction({
            id: 'act-0',
            status: 'undone',
            can_undo: false,
            action: adsetBudgetsAction,
            before: { 'daily_budget:as-1': 40, 'daily_budget:as-2': 45 },
            after: { 'daily_budget:as-1': 32, 'daily_budget:as-2': 36 },
          }),
        ],
      }),
    });
    const { user } = await openAdScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const history = within(await screen.findByRole('list', { name: 'Implemented optimizations' }));
    expect(history.getByText('Recorded as a task')).toBeTruthy();
    expect(history.getByText('Recorded as a task: the connection is read-only.')).toBeTruthy();
    expect(history.getByText('Daily budget: $50.00 → $60.00')).toBeTruthy();
    expect(history.getByText('Daily budget of Prospecting US: $40.00 → $32.00')).toBeTruthy();
    expect(history.getByText('Daily budget of Retargeting: $45.00 → $36.00')).toBeTruthy();
    expect(history.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
  });

  it('offers no Implement or Undo to a viewer, and says why', async () => {
    mockAdApi({
      'GET /businesses': json(200, { businesses: [{ ...ownBusiness, role: 'viewer' }] }),
      [`GET ${AD_PATHS.optimizations}`]: json(200, { actions: [optimizationAction()] }),
    });
    const { user } = await openAdScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Optimization Recommendations' }));
    await dialog.findByRole('article', { name: 'Increase the budget' });
    await dialog.findByRole('list', { name: 'Implemented optimizations' });
    expect(dialog.queryByRole('button', { name: 'Implement Optimization' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(dialog.getByText(/Viewers can read recommendations/)).toBeTruthy();
  });

  it('gives the spec texts when recommendations or an implementation fail', async () => {
    mockAdApi({
      'GET /analytics/campaigns/c2': apiError(500, 'internal', 'boom'),
      [`POST ${AD_PATHS.optimizations}`]: apiError(502, 'vendor_error', 'Meta refused the change: budget too low'),
    });
    const { user } = await openAdScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Brand Search' }));
    expect(await screen.findByText('Failed to generate optimization recommendations. Please try again.')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const rec = within(await screen.findByRole('article', { name: 'Increase the budget' }));
    await user.click(rec.getByRole('button', { name: 'Implement Optimization' }));
    await user.click(rec.getByRole('button', { name: 'Confirm' }));
    expect(await rec.findByText('Failed to implement optimization. Please try again.')).toBeTruthy();
    expect(rec.getByText('Meta refused the change: budget too low')).toBeTruthy();
  });

  it('opens Creative Details with the fatigue inputs, the daily CTR and the trigger evidence', async () => {
    mockAdApi();
    const { user } = await openAdScreen();
    const grid = within(screen.getByRole('list', { name: 'Creatives' }));
    expect(grid.getByText('0.72 · High')).toBeTruthy();
    expect(grid.getByText('68 / 100')).toBeTruthy();
    expect(grid.getByText('Live 3 days; fatigue needs 7')).toBeTruthy();
    expect(grid.getByText('Too few impressions to score engagement')).toBeTruthy();
    await user.click(grid.getByRole('button', { name: 'View Details of Only 3 days left: 30% off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Only 3 days left: 30% off' }));
    expect(within(dialog.getByText('Baseline CTR').closest('div')!).getByText('3.10%')).toBeTruthy();
    expect(within(dialog.getByText('Recent CTR').closest('div')!).getByText('1.90%')).toBeTruthy();
    expect(within(dialog.getByText('Days live').closest('div')!).getByText('21')).toBeTruthy();
    expect(dialog.getByText('2.1% per day (R² 0.74)')).toBeTruthy();
    expect(dialog.getByRole('img', { name: /from 3.00% on .* to 1.90% on/ })).toBeTruthy();
    expect(dialog.getByText('“Only 3 days left”')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
