import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_STORAGE_KEY } from '../../../lib/business-id';
import { demoBusiness, ownBusiness } from '../../../test/fixtures';
import { apiError, json } from '../../../test/mock-api';
import { DASHBOARD_PATHS, mockDashboardApi, openDashboard, requestsTo } from '../testing/dashboard-api';
import { goals } from '../testing/dashboard-fixtures';

const savedGoals = { ...goals, monthly_revenue: 40_000, average_order_value: null };

describe('goals form', () => {
  it('shows the goals and who set them, checks the values before sending, and saves them', async () => {
    const { requests } = mockDashboardApi({ [`PUT ${DASHBOARD_PATHS.goals}`]: json(200, savedGoals) });
    const { user } = await openDashboard();
    expect(screen.getByText(/^Goals set by Ada Lovelace on /)).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Set goals' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Set goals' }));
    const revenue = dialog.getByRole('textbox', { name: 'Monthly revenue goal' });
    const cvr = dialog.getByRole('textbox', { name: 'Conversion rate goal' });
    const aov = dialog.getByRole('textbox', { name: 'Average order value goal' });
    expect([(revenue as HTMLInputElement).value, (cvr as HTMLInputElement).value]).toEqual(['30000', '3.5']);
    expect(dialog.getByText(/Last set by Ada Lovelace on .*, money in USD\./)).toBeTruthy();

    await user.clear(cvr);
    await user.type(cvr, '120');
    await user.clear(revenue);
    await user.type(revenue, '-5');
    await user.click(dialog.getByRole('button', { name: 'Save goals' }));
    expect(dialog.getByText('conversion_rate must be at most 100')).toBeTruthy();
    expect(dialog.getByText('monthly_revenue must be more than 0')).toBeTruthy();
    expect(cvr.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(requests, DASHBOARD_PATHS.goals, 'PUT')).toHaveLength(0);

    await user.clear(revenue);
    await user.type(revenue, '40,000');
    await user.clear(cvr);
    await user.type(cvr, '3.5');
    await user.clear(aov);
    const dashboardReads = requestsTo(requests, DASHBOARD_PATHS.dashboard).length;
    await user.click(dialog.getByRole('button', { name: 'Save goals' }));
    expect(await screen.findByText('Goals saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(requests, DASHBOARD_PATHS.goals, 'PUT')[0]!.body).toEqual({
      monthly_revenue: 40_000,
      conversion_rate: 3.5,
      average_order_value: null,
    });
    await vi.waitFor(() =>
      expect(requestsTo(requests, DASHBOARD_PATHS.dashboard).length).toBeGreaterThan(dashboardReads),
    );
  }, 15_000);

  it("puts the server's 400 on the field it names, and closes on Escape with focus back on the button", async () => {
    mockDashboardApi({
      [`PUT ${DASHBOARD_PATHS.goals}`]: apiError(
        400,
        'validation_failed',
        'average_order_value: average_order_value must be at most 1,000,000,000',
        { field: 'average_order_value' },
      ),
    });
    const { user } = await openDashboard();
    const open = screen.getByRole('button', { name: 'Set goals' });
    await user.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Set goals' }));
    await user.click(dialog.getByRole('button', { name: 'Save goals' }));
    expect(await dialog.findByText('average_order_value must be at most 1,000,000,000')).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'Average order value goal' }).getAttribute('aria-invalid')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  }, 15_000);

  it('is not offered to a viewer, who is told why', async () => {
    mockDashboardApi({ 'GET /businesses': json(200, { businesses: [{ ...ownBusiness, role: 'viewer' }] }) });
    await openDashboard();
    expect(await screen.findByText("Goals are set by the business's owner or an admin.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set goals' })).toBeNull();
  });

  it('is not offered on the read-only demo business', async () => {
    localStorage.setItem(BUSINESS_STORAGE_KEY, demoBusiness.id);
    mockDashboardApi();
    await openDashboard();
    expect(await screen.findByText('This business is read-only: its goals cannot be changed here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set goals' })).toBeNull();
  });
});
