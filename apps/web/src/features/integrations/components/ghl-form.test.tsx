import type { CredentialsCheck, SaveIntegrationResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockIntegrationsApi, stripeIntegration } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const KEY = 'pit-8396300b-3126-4b11-ab98-0b640f242f21';
const LOCATION = 'dFkKG1hQhWUWLCJ4Yjgc';

const check: CredentialsCheck = {
  valid: true,
  error: null,
  account_type: 'crm',
  account_info: null,
  vendor_account: { id: LOCATION, name: 'Northwind Solar Co.', currency: null, time_zone: 'America/Chicago' },
  permission_level: 'limited',
  capabilities: ['Read contacts: leads, their sources and attribution'],
  limitations: ['Cannot read opportunities: the key lacks the opportunities.readonly scope.'],
  next_steps: { immediate: ['Run the first sync from the GoHighLevel card.'], recommended: [], advanced: [] },
};
const saved: SaveIntegrationResponse = {
  ...check,
  success: true,
  integration: stripeIntegration({
    id: '9d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
    name: 'GoHighLevel',
    provider: 'gohighlevel',
    account_info: null,
    vendor_account: check.vendor_account ?? null,
    credential_hints: { apiKey: 'pit-…2f21', locationId: LOCATION },
    permission_level: 'limited',
  }),
};

async function openForm() {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: 'GoHighLevel' });
  await user.click(within(card).getByRole('button', { name: 'Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect GoHighLevel' });
  return { user, dialog };
}

describe('the GoHighLevel form', () => {
  it("keeps Connect disabled while a field is blank, with section 5's message, and masks the key", async () => {
    const { requests } = mockIntegrationsApi([]);
    renderApp('/integrations');
    const { user, dialog } = await openForm();
    const key = within(dialog).getByLabelText('API Key');
    const location = within(dialog).getByLabelText('Location ID');
    const submit = within(dialog).getByRole('button', { name: 'Connect GoHighLevel' });
    expect(within(dialog).queryByText(/not available yet/)).toBeNull();
    expect(key.getAttribute('type')).toBe('password');
    expect(submit.matches(':disabled')).toBe(true);

    await user.type(key, KEY);
    await user.click(location);
    await user.tab();
    expect(within(dialog).getByText('Please fill in all required fields')).toBeTruthy();
    expect(submit.matches(':disabled')).toBe(true);
    await user.type(location, '   ');
    expect(submit.matches(':disabled')).toBe(true);

    await user.clear(location);
    await user.type(location, LOCATION);
    expect(within(dialog).queryByText('Please fill in all required fields')).toBeNull();
    expect(submit.matches(':disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Show API Key' }));
    expect(key.getAttribute('type')).toBe('text');
    await user.click(within(dialog).getByRole('button', { name: 'Hide API Key' }));
    expect(key.getAttribute('type')).toBe('password');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('tests, saves and shows the CRM summary with the location', async () => {
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/gohighlevel/test-credentials': json(200, check),
      'POST /integrations/gohighlevel/save': json(201, saved),
    });
    renderApp('/integrations');
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('API Key'), ` ${KEY} `);
    await user.type(within(dialog).getByLabelText('Location ID'), LOCATION);
    await user.click(within(dialog).getByRole('button', { name: 'Connect GoHighLevel' }));

    const summary = await screen.findByRole('dialog', { name: 'CRM Connected' });
    expect(within(summary).getByText('Limited Access Connected')).toBeTruthy();
    const box = within(summary).getByRole('region', { name: 'CRM location' });
    for (const text of [LOCATION, 'Northwind Solar Co.', 'America/Chicago', 'Unknown']) {
      expect(within(box).getByText(text)).toBeTruthy();
    }
    expect(
      within(summary).getByText('Cannot read opportunities: the key lacks the opportunities.readonly scope.'),
    ).toBeTruthy();
    const body = { apiKey: KEY, locationId: LOCATION, integrationName: 'GoHighLevel' };
    expect(requests.find((r) => r.path === '/integrations/gohighlevel/test-credentials')?.body).toEqual(body);
    expect(requests.find((r) => r.path === '/integrations/gohighlevel/save')?.body).toEqual(body);
  });

  it('shows a refused key under the key field, and saves nothing', async () => {
    const message = 'GoHighLevel did not accept this API key (GoHighLevel answered 401: Invalid JWT).';
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/gohighlevel/test-credentials': apiError(400, 'invalid_credentials', message, {
        field: 'apiKey',
      }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openForm();
    const key = within(dialog).getByLabelText('API Key');
    await user.type(key, KEY);
    await user.type(within(dialog).getByLabelText('Location ID'), LOCATION);
    await user.click(within(dialog).getByRole('button', { name: 'Connect GoHighLevel' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByText('Testing credentials…')).toBeNull();
    expect(requests.some((r) => r.path === '/integrations/gohighlevel/save')).toBe(false);
  });

  it("shows the server's message when GoHighLevel cannot be reached", async () => {
    mockIntegrationsApi([], {
      'POST /integrations/gohighlevel/test-credentials': apiError(
        502,
        'vendor_unavailable',
        'Failed to connect to GoHighLevel: GoHighLevel answered 500: Internal server error',
      ),
    });
    renderApp('/integrations');
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('API Key'), KEY);
    await user.type(within(dialog).getByLabelText('Location ID'), LOCATION);
    await user.click(within(dialog).getByRole('button', { name: 'Connect GoHighLevel' }));
    expect(
      await within(dialog).findByText(
        'Failed to connect to GoHighLevel: GoHighLevel answered 500: Internal server error',
      ),
    ).toBeTruthy();
  });
});
