import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_STORAGE_KEY } from '../../../lib/business-id';
import { demoBusiness, ownBusiness } from '../../../test/fixtures';
import { mockIntegrationsApi, stripeIntegration } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const card = (name: string) => screen.getByRole('article', { name });
const connectedCard = async (name: string) =>
  within(await screen.findByRole('region', { name: 'Connected Platforms' })).findByRole('article', { name });
const summary = () => screen.getByLabelText('Integration summary');
const figure = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;

describe('IntegrationsScreen', () => {
  it('shows the summary, the connected card and the available platforms as section 2.3 words them', async () => {
    mockIntegrationsApi([stripeIntegration({ data_points_synced: 1234, sandbox: true })]);
    renderApp('/integrations');
    expect(await screen.findByText('Loading platform connections...')).toBeTruthy();
    const stripe = await connectedCard('Stripe');

    expect(figure('Connected Platforms')).toBe('1');
    expect(figure('Data Points Synced')).toBe('1,234');
    expect(figure('Last Sync Status')).toBe('Never');
    expect(figure('Available Platforms')).toBe('5');

    expect(within(stripe).getByText('Sandbox')).toBeTruthy();
    expect(within(stripe).getByText('Manual')).toBeTruthy();
    expect(within(stripe).getByText('Never')).toBeTruthy();
    expect(within(stripe).getByText('1,234')).toBeTruthy();
    expect(within(stripe).getByRole('button', { name: 'Sync Now' })).toBeTruthy();

    const available = screen.getByRole('region', { name: 'Available Platforms' });
    const stripeAvailable = within(available).getByRole('article', { name: 'Stripe' });
    expect(within(stripeAvailable).getByRole('button', { name: 'Connected' }).matches(':disabled')).toBe(true);
    expect(within(stripeAvailable).getByText('+2 more')).toBeTruthy();
    const meta = card('Meta Ads');
    expect(within(meta).getByRole('button', { name: 'Add Credentials' })).toBeTruthy();
    expect(within(meta).getByText('+1 more')).toBeTruthy();
    expect(within(meta).queryByText('Fourth capability')).toBeNull();
    expect(within(card('GoHighLevel')).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('filters by category and words an empty category, with Retry Loading', async () => {
    const { requests } = mockIntegrationsApi([]);
    const user = userEvent.setup();
    renderApp('/integrations');
    await screen.findByRole('article', { name: 'Meta Ads' });
    expect(screen.getByText(/No platforms connected yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Customer Intelligence' }));
    expect(screen.queryByRole('article', { name: 'Meta Ads' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Stripe' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Behavior Intelligence' }));
    expect(
      screen.getByText('No Behavior Intelligence platforms are currently available from the backend.'),
    ).toBeTruthy();
    const before = requests.filter((r) => r.path === '/integrations/providers').length;
    await user.click(screen.getByRole('button', { name: 'Retry Loading' }));
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.path === '/integrations/providers').length).toBe(before + 1),
    );
  });

  it('says so when the backend lists no platforms', async () => {
    mockIntegrationsApi([], {
      'GET /integrations/providers': json(200, {
        providers: { ad_intelligence: [], customer_intelligence: [], behavior_intelligence: [] },
      }),
    });
    renderApp('/integrations');
    expect(await screen.findByText('No integration platforms are currently available from the backend.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry Loading' })).toBeTruthy();
  });

  it('shows Failed to Load Integrations with the message, and Try Again loads them', async () => {
    let calls = 0;
    mockIntegrationsApi([], {
      'GET /integrations/providers': () =>
        ++calls === 1
          ? apiError(500, 'internal', 'Database unavailable')
          : json(200, { providers: { ad_intelligence: [], customer_intelligence: [], behavior_intelligence: [] } }),
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    expect(await screen.findByRole('heading', { name: 'Failed to Load Integrations' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No integration platforms are currently available from the backend.')).toBeTruthy();
  });

  it('shows the HubSpot coming-soon notice instead of a form', async () => {
    mockIntegrationsApi([]);
    const user = userEvent.setup();
    renderApp('/integrations');
    const hubspot = await screen.findByRole('article', { name: 'HubSpot' });
    await user.click(within(hubspot).getByRole('button', { name: 'Connect' }));
    expect(
      within(hubspot).getByText(
        "HubSpot integration is coming soon! We're working on adding this powerful CRM integration.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives members read-only cards with the reason', async () => {
    const member = { ...ownBusiness, role: 'member' as const };
    mockIntegrationsApi([stripeIntegration()], { 'GET /businesses': json(200, { businesses: [member] }) });
    renderApp('/integrations');
    const stripe = await connectedCard('Stripe');
    const reason = 'Only owners and admins of this business can connect, sync or disconnect integrations.';
    expect(screen.getByText(reason)).toBeTruthy();
    for (const name of ['Sync Now', 'Disconnect']) {
      const button = within(stripe).getByRole('button', { name });
      expect(button.matches(':disabled')).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /Add Integration/ }).matches(':disabled')).toBe(true);
    expect(within(card('GoHighLevel')).getByRole('button', { name: 'Connect' }).matches(':disabled')).toBe(true);
  });

  it('keeps the demo business read-only', async () => {
    localStorage.setItem(BUSINESS_STORAGE_KEY, demoBusiness.id);
    mockIntegrationsApi([stripeIntegration({ sandbox: true })]);
    renderApp('/integrations');
    await connectedCard('Stripe');
    expect(screen.getByText(/The demo business is read-only/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync Now' }).matches(':disabled')).toBe(true);
  });

  it('works on a 375 px phone by keyboard: the dialog opens, keeps focus inside and closes with Escape', async () => {
    setViewportWidth(375);
    mockIntegrationsApi([]);
    const user = userEvent.setup();
    renderApp('/integrations');
    const add = await screen.findByRole('button', { name: /Add Integration/ });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    for (let i = 0; i < 8; i++) await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
