import type { Integration, SaveIntegrationResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockIntegrationsApi } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = `EAAG${'Zx9'.repeat(20)}`;

const account = {
  id: 'act_806452711112797',
  name: 'Northwind Trail Co.',
  currency: 'USD',
  time_zone: 'America/Los_Angeles',
};

const metaIntegration = (overrides: Partial<Integration> = {}): Integration => ({
  id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  name: 'Meta Ads',
  provider: 'facebook_ads',
  status: 'connected',
  integration_type: 'ad_intelligence',
  last_sync: null,
  data_points_synced: 0,
  credential_hints: { accessToken: 'EAAG…Zx9', adAccountId: account.id },
  account_info: null,
  vendor_account: account,
  permission_level: 'full',
  credentials_expire_at: null,
  conversions_settings: null,
  error: null,
  sandbox: false,
  created_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

const saved = (overrides: Partial<SaveIntegrationResponse> = {}): SaveIntegrationResponse => ({
  valid: true,
  error: null,
  success: true,
  account_type: 'social_ads',
  account_info: null,
  vendor_account: account,
  permission_level: 'full',
  capabilities: ['Read daily ad insights: spend, impressions, reach, frequency, clicks, actions and purchase ROAS'],
  limitations: [],
  next_steps: { immediate: ['Run the first sync from the Meta Ads card'], recommended: [], advanced: [] },
  userInfo: { has_ad_access: true, ad_access_error: null },
  integration: metaIntegration(),
  ...overrides,
});
const checked = (overrides: Partial<SaveIntegrationResponse> = {}) => {
  const { success: _s, integration: _i, ...check } = saved(overrides);
  return check;
};

async function openMetaForm() {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: 'Meta Ads' });
  await user.click(within(card).getByRole('button', { name: 'Add Credentials' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect Meta Ads' });
  return { user, dialog };
}

afterEach(() => vi.restoreAllMocks());

describe('the Meta Ads form', () => {
  it("checks section 5's rules as the owner types, and lists the permissions the token needs", async () => {
    const { requests } = mockIntegrationsApi([]);
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    const token = within(dialog).getByLabelText('Access Token');
    const submit = within(dialog).getByRole('button', { name: 'Connect Meta Ads' });
    expect(token.getAttribute('type')).toBe('password');
    expect(submit.matches(':disabled')).toBe(true);
    expect(within(dialog).getByText('Leave blank to detect it')).toBeTruthy();
    for (const permission of ['ads_read', 'ads_management', 'business_management', 'read_insights']) {
      expect(within(dialog).getByText(permission)).toBeTruthy();
    }
    expect(within(dialog).getByText(/system user with the Admin or Advertiser role/)).toBeTruthy();

    await user.click(token);
    await user.paste('EAAGshort');
    expect(
      within(dialog).getByText(
        'This Meta business access token is too short: Meta business access tokens are typically much longer (100+ characters). Please check your token.',
      ),
    ).toBeTruthy();
    await user.clear(token);
    expect(within(dialog).getByText('Access Token is required')).toBeTruthy();
    await user.click(token);
    await user.paste(`${TOKEN}test`);
    expect(
      within(dialog).getByText('Please provide a real Meta business access token, not a test or placeholder value.'),
    ).toBeTruthy();
    await user.clear(token);
    await user.paste(TOKEN);
    expect(token.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByLabelText('Ad Account ID (optional)'));
    await user.paste('my account');
    expect(within(dialog).getByText(/^Ad Account ID must be the number of the ad account/)).toBeTruthy();
    expect(submit.matches(':disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Show Access Token' }));
    expect(token.getAttribute('type')).toBe('text');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('tests, saves and shows the ad account in the summary', async () => {
    let connected = false;
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/facebook/test-credentials': () => json(200, checked()),
      'POST /integrations/facebook/save': () => {
        connected = true;
        return json(201, saved());
      },
      'GET /integrations/': () => json(200, { integrations: connected ? [metaIntegration()] : [] }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.type(within(dialog).getByLabelText('Ad Account ID (optional)'), '806452711112797');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Meta Ads' }));

    const summary = await screen.findByRole('dialog', { name: 'Social Ads Platform Connected' });
    expect(within(summary).getByText('Full Access Connected')).toBeTruthy();
    const box = within(summary).getByRole('region', { name: 'Ad account' });
    for (const text of [account.id, 'Northwind Trail Co.', 'USD', 'America/Los_Angeles']) {
      expect(within(box).getByText(text)).toBeTruthy();
    }
    expect(within(summary).queryByRole('button', { name: 'Update Permissions' })).toBeNull();
    const posted = requests.find((r) => r.path === '/integrations/facebook/save');
    expect(posted?.body).toEqual({ accessToken: TOKEN, adAccountId: '806452711112797', integrationName: 'Meta Ads' });
  });

  it("shows Meta's refusal of an expired token and saves nothing", async () => {
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/facebook/test-credentials': () =>
        json(
          200,
          checked({
            valid: false,
            error:
              'Invalid credentials: Error validating access token: Session has expired on Monday, 24-Nov-26 10:00:00 UTC. Generate a new access token in Meta and connect again.',
            vendor_account: null,
            permission_level: null,
          }),
        ),
    });
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Meta Ads' }));
    expect(await within(dialog).findByText(/^Invalid credentials: Error validating access token/)).toBeTruthy();
    expect(requests.some((r) => r.path === '/integrations/facebook/save')).toBe(false);
  });

  it('logs a warning for limited ad access, then shows why the save refused the token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reason = '(#200) Ad account owner has NOT grant ads_management or ads_read permission';
    mockIntegrationsApi([], {
      'POST /integrations/facebook/test-credentials': () =>
        json(
          200,
          checked({
            permission_level: 'limited',
            vendor_account: null,
            userInfo: { has_ad_access: false, ad_access_error: reason },
          }),
        ),
      'POST /integrations/facebook/save': () => apiError(400, 'invalid_credentials', reason, { field: 'accessToken' }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Meta Ads' }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Meta Ads: the token has limited ad access', reason);
  });

  it('offers Update Permissions below full access, which opens the form again', async () => {
    mockIntegrationsApi([], {
      'POST /integrations/facebook/test-credentials': () => json(200, checked({ permission_level: 'business' })),
      'POST /integrations/facebook/save': () => json(201, saved({ permission_level: 'business' })),
    });
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Meta Ads' }));
    const summary = await screen.findByRole('dialog', { name: 'Social Ads Platform Connected' });
    expect(within(summary).getByText('Business Access Connected')).toBeTruthy();
    await user.click(within(summary).getByRole('button', { name: 'Update Permissions' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Meta Ads' })).toBeTruthy();
  });

  it("shows 'Failed to connect to Facebook' when Meta cannot be reached", async () => {
    mockIntegrationsApi([], {
      'POST /integrations/facebook/test-credentials': () =>
        apiError(502, 'vendor_unavailable', 'Failed to connect to Facebook: An unknown error occurred'),
    });
    renderApp('/integrations');
    const { user, dialog } = await openMetaForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Meta Ads' }));
    expect(await within(dialog).findByText('Failed to connect to Facebook: An unknown error occurred')).toBeTruthy();
  });
});
