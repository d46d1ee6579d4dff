import type { Integration, SaveIntegrationResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockIntegrationsApi, stripeIntegration } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = `ya29.a0${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'.repeat(2)}`;
const GOOGLE_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

const googleIntegration = (overrides: Partial<Integration> = {}): Integration =>
  stripeIntegration({
    id: GOOGLE_ID,
    name: 'Google Ads and Analytics',
    provider: 'google_ads',
    integration_type: 'ad_intelligence',
    credential_hints: { accessToken: 'ya29…9xYz', customerId: '937-360-8802' },
    account_info: null,
    vendor_account: {
      id: '937-360-8802',
      name: 'Northwind Trail Co.',
      currency: 'USD',
      time_zone: 'America/Los_Angeles',
    },
    credentials_expire_at: '2099-11-25T11:00:00.000Z',
    ...overrides,
  });

const savedGoogle: SaveIntegrationResponse = {
  valid: true,
  error: null,
  success: true,
  account_type: 'search_ads',
  account_info: null,
  vendor_account: googleIntegration().vendor_account,
  permission_level: 'full',
  capabilities: ['Read GA4 events of property 243435149: real-time, historical and key events'],
  limitations: ['A pasted access token lasts an hour: this one stops working by 2099-11-25T11:00:00Z.'],
  next_steps: { immediate: ['Run the first sync'], recommended: [], advanced: [] },
  expires_at: '2099-11-25T11:00:00.000Z',
  analytics_test: {
    success: true,
    real_time_events: 42,
    historical_events: 18_250,
    conversion_events: 97,
    errors: [],
    error: null,
  },
  integration: googleIntegration(),
};
const { success: _s, integration: _i, analytics_test: _a, ...validCheck } = savedGoogle;

async function openGoogleForm() {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: 'Google Ads and Analytics' });
  await user.click(within(card).getByRole('button', { name: 'Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect Google Ads and Analytics' });
  return { user, dialog };
}

describe('GoogleForm', () => {
  it("masks the token, hints the IDs and scopes, and applies section 5's rules before sending anything", async () => {
    const { requests } = mockIntegrationsApi([]);
    renderApp('/integrations');
    const { user, dialog } = await openGoogleForm();
    const token = within(dialog).getByLabelText('Access Token');
    const submit = within(dialog).getByRole('button', { name: 'Connect Google Ads' });
    expect(token.getAttribute('type')).toBe('password');
    expect(submit.matches(':disabled')).toBe(true);
    expect(within(dialog).getByText(/10-digit Google Ads customer ID/)).toBeTruthy();
    expect(within(dialog).getByText(/9-digit GA4 property ID/)).toBeTruthy();
    expect(within(dialog).getByText('adwords')).toBeTruthy();
    expect(within(dialog).getByText('analytics.readonly')).toBeTruthy();
    expect((within(dialog).getByLabelText('Integration Name') as HTMLInputElement).readOnly).toBe(true);

    await user.type(token, 'ya29.short');
    expect(within(dialog).getByText(/access tokens are typically much longer \(100\+ characters\)/)).toBeTruthy();
    await user.clear(token);
    expect(within(dialog).getByText('Access Token is required')).toBeTruthy();
    await user.click(token);
    await user.paste(`${TOKEN}test`);
    expect(
      within(dialog).getByText('Please provide a real Google Ads access token, not a test or placeholder value.'),
    ).toBeTruthy();
    expect(submit.matches(':disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Show Access Token' }));
    expect(token.getAttribute('type')).toBe('text');
    await user.clear(token);
    await user.paste(TOKEN);
    expect(token.getAttribute('aria-invalid')).toBeNull();
    expect(submit.matches(':disabled')).toBe(false);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('tests, saves, and shows the account and the analytics events test in the summary', async () => {
    let saved = false;
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/google/test-credentials': json(200, validCheck),
      'POST /integrations/google/save': () => {
        saved = true;
        return json(201, savedGoogle);
      },
      'GET /integrations/': () => json(200, { integrations: saved ? [googleIntegration()] : [] }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openGoogleForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByLabelText('Customer ID (optional)'));
    await user.paste('937-360-8802');
    await user.click(within(dialog).getByLabelText('Analytics Property ID (optional)'));
    await user.paste('243435149');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Google Ads' }));
    expect(await within(dialog).findByText('Integration saved successfully!')).toBeTruthy();

    const summary = await screen.findByRole('dialog', { name: 'Search Ads & Analytics Connected' });
    expect(within(summary).getByText('Full Access Connected')).toBeTruthy();
    expect(within(summary).getByText('Northwind Trail Co.')).toBeTruthy();
    const analytics = within(summary).getByRole('region', { name: 'Analytics events test' });
    expect(within(analytics).getByText('42')).toBeTruthy();
    expect(within(analytics).getByText('18,250')).toBeTruthy();
    expect(within(analytics).getByText('97')).toBeTruthy();
    expect(within(analytics).queryByText(/API accessible/)).toBeNull();
    expect(requests.find((r) => r.path === '/integrations/google/save')?.body).toEqual({
      accessToken: TOKEN,
      customerId: '937-360-8802',
      propertyId: '243435149',
      integrationName: 'Google Ads and Analytics',
    });

    await user.click(within(summary).getByRole('button', { name: 'Continue to Dashboard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("reports a failed analytics test with section 8's words, the connection saved all the same", async () => {
    const failed = {
      ...savedGoogle,
      permission_level: 'limited' as const,
      analytics_test: {
        success: false,
        real_time_events: 0,
        historical_events: 0,
        conversion_events: 0,
        errors: ['Historical events: User does not have sufficient permissions for this property. (HTTP 403)'],
        error: 'Historical events: User does not have sufficient permissions for this property. (HTTP 403)',
      },
    };
    mockIntegrationsApi([], {
      'POST /integrations/google/test-credentials': json(200, validCheck),
      'POST /integrations/google/save': json(201, failed),
    });
    renderApp('/integrations');
    const { user, dialog } = await openGoogleForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Google Ads' }));
    const summary = await screen.findByRole('dialog', { name: 'Search Ads & Analytics Connected' }, { timeout: 3000 });
    expect(within(summary).getByText('Limited Access Connected')).toBeTruthy();
    expect(
      within(summary).getByText(
        'Analytics test failed: Historical events: User does not have sufficient permissions for this property. (HTTP 403)',
      ),
    ).toBeTruthy();
    expect(
      within(summary).getByText('API accessible but authentication needs valid token for data access'),
    ).toBeTruthy();
  });

  const UNREACHABLE = 'Failed to connect to Google Ads: The service is currently unavailable. (HTTP 503)';
  const TEST_ACCESS_ONLY =
    "Google Ads lets the Google Cloud project behind this access token read test accounts only (The Google Cloud project is only approved for use with test accounts. (HTTP 403)). Whoever owns the OAuth client the token was issued to (this server's operator, if you signed in with Google) must apply for Explorer access on the Google Ads API Overview page of that Cloud project, in the Google Cloud console. The token itself is fine.";
  it.each([
    ['an API error', UNREACHABLE, () => apiError(502, 'vendor_unavailable', UNREACHABLE)],
    [
      'a failed check',
      TEST_ACCESS_ONLY,
      () =>
        json(200, {
          ...validCheck,
          valid: false,
          error: TEST_ACCESS_ONLY,
          vendor_account: null,
          permission_level: null,
          capabilities: [],
          limitations: [],
        }),
    ],
  ])("shows the server's refusal as %s and saves nothing", async (_kind, message, answer) => {
    const { requests } = mockIntegrationsApi([], { 'POST /integrations/google/test-credentials': answer() });
    renderApp('/integrations');
    const { user, dialog } = await openGoogleForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Google Ads' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(requests.some((r) => r.path === '/integrations/google/save')).toBe(false);
  });

  it('shows on the connected card when the pasted token stops working, and when it has', async () => {
    mockIntegrationsApi([googleIntegration(), stripeIntegration({ credentials_expire_at: null })]);
    renderApp('/integrations');
    const connected = await screen.findByRole('region', { name: 'Connected Platforms' });
    const card = await within(connected).findByRole('article', { name: 'Google Ads and Analytics' });
    expect(within(card).getByText(/The pasted access token stops working at/)).toBeTruthy();
    expect(within(card).getByText(/Northwind Trail Co\./)).toBeTruthy();
    const stripe = within(connected).getByRole('article', { name: 'Stripe' });
    expect(within(stripe).queryByText(/access token/)).toBeNull();
  });

  it('says plainly on the card that an expired token needs reconnecting', async () => {
    mockIntegrationsApi([googleIntegration({ credentials_expire_at: '2020-01-01T10:00:00.000Z' })]);
    renderApp('/integrations');
    const connected = await screen.findByRole('region', { name: 'Connected Platforms' });
    const card = await within(connected).findByRole('article', { name: 'Google Ads and Analytics' });
    expect(
      within(card).getByText(/The pasted access token stopped working at .*connect again with a fresh token/),
    ).toBeTruthy();
  });
});
