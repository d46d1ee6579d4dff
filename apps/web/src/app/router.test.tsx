import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockStrategyApi } from '../features/revenue-strategist/test/strategy-api';
import { CUSTOMER_PATHS, mockCustomerApi } from '../test/customer-api';
import { apiError, mockApi } from '../test/mock-api';
import { mockSignedInApi, renderApp } from '../test/render-app';

describe('router', () => {
  it('shows the fallback screen with the status for an unknown path', async () => {
    mockSignedInApi();
    const events = userEvent.setup();
    const { router } = renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('404 Not Found')).toBeTruthy();

    await events.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' })).toBeTruthy();
  });

  it('shows the sign-in screen, not the fallback, on an unknown path while signed out', async () => {
    mockApi({
      'GET /auth/user': apiError(401, 'unauthorized', 'Auth session missing!'),
      'POST /auth/token': apiError(401, 'unauthorized', 'Auth session missing!'),
    });
    renderApp('/no-such-screen');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('shows a spinner while the first session check runs', async () => {
    mockSignedInApi();
    renderApp('/');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' });
  });

  it('redirects /login to the dashboard', async () => {
    mockSignedInApi();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/dev-monitoring', 'System Health & Metrics'],
    ['/prompts-editor', 'Prompts Editor'],
    ['/data-map', 'Data Flow Architecture'],
  ])('renders %s as the screen "%s", honestly not built yet', async (path, title) => {
    mockSignedInApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('This screen is not built yet.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\d|\d+%/);
  });

  it('renders /revenue-strategist as the Revenue Strategist with its four tabs', async () => {
    mockStrategyApi();
    renderApp('/revenue-strategist');
    const tabs = await screen.findByRole('tablist', { name: 'Revenue Strategist' });
    expect(within(tabs).getAllByRole('tab')).toHaveLength(4);
    expect(screen.queryByText('This screen is not built yet.')).toBeNull();
  });

  it('renders /customer-intelligence as the Customer Intelligence screen, and /customer-intelligence/:id as one customer', async () => {
    mockCustomerApi({
      [`GET ${CUSTOMER_PATHS.detail('c-42')}`]: apiError(
        400,
        'validation_failed',
        'path id: id must be a customer id',
        {
          field: 'id',
        },
      ),
    });
    const first = renderApp('/customer-intelligence');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Intelligence' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Customer Profiles' })).toBeTruthy();
    first.unmount();

    renderApp('/customer-intelligence/c-42');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeTruthy();
    expect(screen.queryByText('This screen is not built yet.')).toBeNull();
  });
});
