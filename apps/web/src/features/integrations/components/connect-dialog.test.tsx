import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockIntegrationsApi, savedStripe, stripeIntegration } from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

/** A reply held until the test lets it go, to see the progress text of each step. */
function held(response: Response) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reply = async () => {
    await gate;
    return response;
  };
  return { reply, release };
}

/** The test-credentials answer: the save answer without the stored integration. */
const { success: _success, integration: _integration, ...validCheck } = savedStripe;

async function openStripeForm() {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: 'Stripe' });
  await user.click(within(card).getByRole('button', { name: 'Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect Stripe' });
  return { user, dialog };
}

describe('ConnectDialog', () => {
  it("checks the secret key with section 5's messages before sending anything", async () => {
    const { requests } = mockIntegrationsApi([]);
    renderApp('/integrations');
    const { user, dialog } = await openStripeForm();
    const key = within(dialog).getByLabelText('Secret Key');
    const submit = within(dialog).getByRole('button', { name: 'Connect Stripe' });
    expect(key.getAttribute('type')).toBe('password');
    expect(submit.matches(':disabled')).toBe(true);
    expect((within(dialog).getByLabelText('Integration Name') as HTMLInputElement).readOnly).toBe(true);

    await user.type(key, 'pk');
    expect(within(dialog).getByText('Secret key must start with "sk_"')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    await user.clear(key);
    expect(within(dialog).getByText('Stripe Secret Key is required')).toBeTruthy();
    await user.type(key, 'sk_prod_12345678901234567');
    expect(within(dialog).getByText('Secret key must be a valid Stripe key (sk_test_... or sk_live_...)')).toBeTruthy();
    await user.clear(key);
    await user.type(key, 'sk_test_123');
    expect(within(dialog).getByText('Secret key appears to be incomplete. Please check your key.')).toBeTruthy();
    expect(submit.matches(':disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Show Secret Key' }));
    expect(key.getAttribute('type')).toBe('text');
    await user.type(key, '4567890abcdef');
    expect(key.getAttribute('aria-invalid')).toBeNull();
    expect(submit.matches(':disabled')).toBe(false);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows Testing credentials…, Saving… and the saved text, then the summary modal', async () => {
    const test = held(json(200, validCheck));
    const save = held(json(201, savedStripe));
    let saved = false;
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/stripe/test-credentials': test.reply,
      'POST /integrations/stripe/save': async () => {
        const response = await save.reply();
        saved = true;
        return response;
      },
      'GET /integrations/': () => json(200, { integrations: saved ? [stripeIntegration()] : [] }),
    });
    const { router } = renderApp('/integrations');
    const { user, dialog } = await openStripeForm();
    await user.type(within(dialog).getByLabelText('Secret Key'), 'sk_test_51Habcdefghijkl');
    await user.type(within(dialog).getByLabelText('Publishable Key (optional)'), 'pk_test_abc');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Stripe' }));

    expect(await within(dialog).findByText('Testing credentials…')).toBeTruthy();
    test.release();
    expect(await within(dialog).findByText('Saving…')).toBeTruthy();
    save.release();
    expect(await within(dialog).findByText('Integration saved successfully!')).toBeTruthy();

    const summary = await screen.findByRole('dialog', { name: 'Payment Processor Connected' });
    expect(within(summary).getByText('Full Access Connected')).toBeTruthy();
    for (const text of ['acct_1Northwind', 'Northwind Solar Co.', 'US', 'USD', 'Enabled', 'Disabled']) {
      expect(within(summary).getByText(text)).toBeTruthy();
    }
    expect(within(summary).getByText('This is a test-mode key: only test data is synced.')).toBeTruthy();
    expect(within(summary).getByText('Set up webhooks')).toBeTruthy();
    const posted = requests.find((r) => r.path === '/integrations/stripe/save');
    expect(posted?.body).toEqual({
      secretKey: 'sk_test_51Habcdefghijkl',
      publishableKey: 'pk_test_abc',
      integrationName: 'Stripe',
    });

    await user.click(within(summary).getByRole('button', { name: 'Continue to Dashboard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows Stripe's refusal and saves nothing", async () => {
    const { requests } = mockIntegrationsApi([], {
      'POST /integrations/stripe/test-credentials': json(200, {
        ...validCheck,
        valid: false,
        error: 'Invalid Stripe credentials: Invalid API Key provided: sk_test_****ijkl',
        account_info: null,
        permission_level: null,
      }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openStripeForm();
    await user.type(within(dialog).getByLabelText('Secret Key'), 'sk_test_51Habcdefghijkl');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Stripe' }));
    expect(
      await within(dialog).findByText('Invalid Stripe credentials: Invalid API Key provided: sk_test_****ijkl'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Testing credentials…')).toBeNull();
    expect(requests.some((r) => r.path === '/integrations/stripe/save')).toBe(false);
  });

  it("shows the server's message when Stripe cannot be reached", async () => {
    mockIntegrationsApi([], {
      'POST /integrations/stripe/test-credentials': apiError(
        400,
        'vendor_unavailable',
        'Failed to connect to Stripe: connect ECONNREFUSED',
      ),
    });
    renderApp('/integrations');
    const { user, dialog } = await openStripeForm();
    await user.type(within(dialog).getByLabelText('Secret Key'), 'sk_test_51Habcdefghijkl');
    await user.click(within(dialog).getByRole('button', { name: 'Connect Stripe' }));
    expect(await within(dialog).findByText('Failed to connect to Stripe: connect ECONNREFUSED')).toBeTruthy();
  });

  it('lists the platforms, marks connected ones, and moves to a form and back', async () => {
    const { requests } = mockIntegrationsApi([stripeIntegration()]);
    const user = userEvent.setup();
    renderApp('/integrations');
    await user.click(await screen.findByRole('button', { name: /Add Integration/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    const stripe = within(dialog).getByRole('button', { name: /Stripe/ });
    expect(stripe.matches(':disabled')).toBe(true);
    expect(within(stripe).getByText('✓ Already connected')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /Google Ads/ }));
    expect(await screen.findByRole('dialog', { name: 'Connect Google Ads and Analytics' })).toBeTruthy();
    expect(screen.getByLabelText('Access Token').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText(/Customer ID/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'All platforms' }));
    expect(await screen.findByRole('dialog', { name: 'Add Integration' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /HubSpot/ }));
    expect(screen.getByText(/HubSpot integration is coming soon!/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
