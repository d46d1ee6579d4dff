import type { OAuthProvidersResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { mockIntegrationsApi } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { browserNavigation } from '../lib/navigate-away';

/** The server offers sign-in with Google for Google Ads; Meta's app is configured but connects nothing yet. */
const offered: OAuthProvidersResponse = {
  providers: [
    { provider: 'google', name: 'Google', configured: true, integrations: ['google_ads'] },
    { provider: 'facebook', name: 'Meta', configured: true, integrations: [] },
    { provider: 'gohighlevel', name: 'GoHighLevel', configured: false, integrations: [] },
  ],
};
const GOOGLE_PAGE = 'https://accounts.google.com/o/oauth2/v2/auth?client_id=1&state=abc';

async function openForm(cardName: string) {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: cardName });
  await user.click(within(card).getByRole('button', { name: /Connect|Add Credentials/ }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Connect ${cardName}` }) };
}

let leaveFor: MockInstance<(url: string) => void>;
beforeEach(() => {
  leaveFor = vi.spyOn(browserNavigation, 'leaveFor').mockImplementation(() => {});
});
afterEach(() => leaveFor.mockRestore());

describe('sign-in with the vendor', () => {
  it('offers Sign in with Google above the token fields and leaves for Google', async () => {
    const { requests } = mockIntegrationsApi([], {
      'GET /oauth/providers': json(200, offered),
      'POST /oauth/google/authorize': json(200, {
        authorization_url: GOOGLE_PAGE,
        expires_at: '2026-11-25T10:10:00.000Z',
      }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openForm('Google Ads and Analytics');
    const signIn = await within(dialog).findByRole('button', { name: 'Sign in with Google' });
    const tokenField = within(dialog).getByLabelText('Access Token');
    expect(signIn.compareDocumentPosition(tokenField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByText('or paste credentials')).toBeTruthy();

    await user.click(signIn);
    await vi.waitFor(() => expect(leaveFor).toHaveBeenCalledWith(GOOGLE_PAGE), { timeout: 5000 });
    const sent = requests.find((r) => r.path === '/oauth/google/authorize');
    expect(sent?.body).toEqual({ integration: 'google_ads', integrationName: 'Google Ads and Analytics' });
  });

  it('offers no sign-in where the server connects nothing by it, or has no sign-in at all', async () => {
    mockIntegrationsApi([], { 'GET /oauth/providers': json(200, offered) });
    renderApp('/integrations');
    const meta = await openForm('Meta Ads');
    expect(within(meta.dialog).getByLabelText('Access Token')).toBeTruthy();
    expect(within(meta.dialog).queryByRole('button', { name: /Sign in with/ })).toBeNull();
    await meta.user.click(within(meta.dialog).getByRole('button', { name: 'All platforms' }));
    await meta.user.click(await screen.findByRole('button', { name: /Stripe/ }));
    const stripe = await screen.findByRole('dialog', { name: 'Connect Stripe' });
    expect(within(stripe).queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });

  it("shows the server's refusal and stays on the page", async () => {
    mockIntegrationsApi([], {
      'GET /oauth/providers': json(200, offered),
      'POST /oauth/google/authorize': apiError(
        409,
        'conflict',
        'Sign-in with Google is not configured on this server: the operator must set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET.',
      ),
    });
    renderApp('/integrations');
    const { user, dialog } = await openForm('Google Ads and Analytics');
    await user.click(await within(dialog).findByRole('button', { name: 'Sign in with Google' }));
    expect(await within(dialog).findByText(/the operator must set GOOGLE_OAUTH_CLIENT_ID/)).toBeTruthy();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe('coming back from the vendor', () => {
  it('says the integration is connected, then clears the address', async () => {
    mockIntegrationsApi([]);
    const { router } = renderApp('/integrations?oauth=connected&provider=google');
    const status = await screen.findByText('Signed in with Google: the integration is connected.');
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/integrations');
    expect(router.state.location.search).toBe('');
  });

  it("shows why a sign-in failed, in the server's words, until dismissed", async () => {
    mockIntegrationsApi([]);
    const { router } = renderApp(
      `/integrations?${new URLSearchParams({
        oauth: 'error',
        provider: 'facebook',
        message: 'The sign-in with Meta was cancelled: nothing was connected.',
      })}`,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Sign-in with Meta failed: The sign-in with Meta was cancelled: nothing was connected.',
    );
    expect(router.state.location.search).toBe('');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Sign-in with Meta failed/)).toBeNull();
  });
});
