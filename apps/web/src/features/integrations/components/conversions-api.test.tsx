import type { ConversionsApiLogResponse, Integration, SaveIntegrationResponse } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownBusiness } from '../../../test/fixtures';
import { mockIntegrationsApi, providersResponse, stripeIntegration } from '../../../test/integration-fixtures';
import { json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const CAPI_ID = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
const TOKEN = `EAAG${'Zq8'.repeat(40)}`;
const PIXEL = '412345678901234';

const withConversions = {
  providers: {
    ...providersResponse.providers,
    ad_intelligence: [
      ...providersResponse.providers.ad_intelligence,
      {
        id: 'facebook_conversions',
        name: 'Meta Conversions API',
        description: 'Sends your tracked conversions to your Meta pixel from the server.',
        setup_complexity: 'medium' as const,
        capabilities: ['Server-side purchase and lead events'],
        data_types: ['Conversion events'],
        coming_soon: false,
      },
    ],
  },
};

const capiIntegration = (over: Partial<Integration> = {}): Integration =>
  stripeIntegration({
    id: CAPI_ID,
    name: 'Meta Conversions API',
    provider: 'facebook_conversions',
    integration_type: 'ad_intelligence',
    credential_hints: { accessToken: 'EAAG…Zq8Z' },
    account_info: null,
    vendor_account: { id: PIXEL, name: 'Shop Pixel', currency: null, time_zone: null },
    conversions_settings: { predicted_value_events: true, test_event_code: null },
    ...over,
  });

const check = {
  valid: true,
  error: null,
  account_type: 'social_ads' as const,
  account_info: null,
  vendor_account: { id: PIXEL, name: 'Shop Pixel', currency: null, time_zone: null },
  permission_level: 'full' as const,
  capabilities: ['Send tracked conversions to pixel Shop Pixel'],
  limitations: ['Meta accepts events up to 7 days old.'],
  next_steps: { immediate: ['Report conversions'], recommended: [], advanced: [] },
  conversionApiAccess: true,
};
const saved: SaveIntegrationResponse = { ...check, success: true, integration: capiIntegration() };

const log: ConversionsApiLogResponse = {
  integration_id: CAPI_ID,
  pixel_id: PIXEL,
  settings: { predicted_value_events: true, test_event_code: null },
  counts: { pending: 1, sent: 1, failed: 0, skipped: 0 },
  average_order_value: {
    value: 120,
    currency: 'USD',
    source: 'tracked_conversions',
    explanation: 'Average value of 3 tracked conversions in USD.',
  },
  events: [
    {
      event_id: 'c0ffee00-0000-4000-8000-000000000001',
      event_name: 'Purchase',
      kind: 'conversion',
      session_id: null,
      event_time: '2026-11-25T10:00:00.000Z',
      status: 'sent',
      attempts: 1,
      sent_at: '2026-11-25T10:00:30.000Z',
      value: 139,
      currency: 'USD',
      match_keys: ['client_user_agent', 'client_ip_address', 'fbc'],
      test_event_code: null,
      answer: { events_received: 1, fbtrace_id: 'AbCtrace', messages: [] },
      error: null,
      note: null,
    },
  ],
};

async function openConversionsForm() {
  const user = userEvent.setup();
  const available = await screen.findByRole('region', { name: 'Available Platforms' });
  const card = await within(available).findByRole('article', { name: 'Meta Conversions API' });
  await user.click(within(card).getByRole('button', { name: 'Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect Meta Conversions API' });
  return { user, dialog };
}

describe('Meta Conversions API', () => {
  it("checks section 5's rules as typed and sends nothing until they pass", async () => {
    const { requests } = mockIntegrationsApi([], { 'GET /integrations/providers': json(200, withConversions) });
    renderApp('/integrations');
    const { user, dialog } = await openConversionsForm();
    const token = within(dialog).getByLabelText('Access Token');
    const pixel = within(dialog).getByLabelText('Pixel ID');
    const submit = within(dialog).getByRole('button', { name: 'Connect Conversions API' });
    expect(token.getAttribute('type')).toBe('password');
    expect(submit.matches(':disabled')).toBe(true);
    expect((within(dialog).getByLabelText('Integration Name') as HTMLInputElement).readOnly).toBe(true);

    await user.click(token);
    await user.paste('EAAG123');
    expect(within(dialog).getByText(/Meta Conversions API access tokens are typically much longer/)).toBeTruthy();
    await user.clear(token);
    expect(within(dialog).getByText('Access Token is required')).toBeTruthy();
    await user.click(token);
    await user.paste(`EAAGtest${'x'.repeat(60)}`);
    expect(within(dialog).getByText(/Please provide a real Meta Conversions API access token/)).toBeTruthy();
    await user.clear(token);
    await user.click(token);
    await user.paste(TOKEN);
    await user.click(pixel);
    await user.tab();
    expect(within(dialog).getByText('Pixel ID is required')).toBeTruthy();
    expect(submit.matches(':disabled')).toBe(true);
    await user.click(pixel);
    await user.paste(PIXEL);
    expect(submit.matches(':disabled')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Show Access Token' }));
    expect(token.getAttribute('type')).toBe('text');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('tests, then saves with the switch and the test code, and shows the summary', async () => {
    let connected = false;
    const { requests } = mockIntegrationsApi([], {
      'GET /integrations/providers': json(200, withConversions),
      'POST /integrations/facebook-conversions/test-credentials': json(200, check),
      'POST /integrations/facebook-conversions/save': () => {
        connected = true;
        return json(201, saved);
      },
      'GET /integrations/': () => json(200, { integrations: connected ? [capiIntegration()] : [] }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openConversionsForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByLabelText('Pixel ID'));
    await user.paste(PIXEL);
    const predicted = within(dialog).getByRole('switch', { name: 'Send predicted-value events' });
    expect(predicted.getAttribute('aria-checked')).toBe('true');
    await user.click(predicted);
    expect(predicted.getAttribute('aria-checked')).toBe('false');
    await user.click(within(dialog).getByLabelText('Test Event Code (optional)'));
    await user.paste('TEST123');

    await user.click(within(dialog).getByRole('button', { name: 'Connect Conversions API' }));
    expect(await within(dialog).findByText('Integration saved successfully!')).toBeTruthy();
    const summary = await screen.findByRole('dialog', { name: 'Social Ads Platform Connected' });
    expect(within(summary).getByText('Full Access Connected')).toBeTruthy();
    const body = {
      accessToken: TOKEN,
      pixelId: PIXEL,
      integrationName: 'Meta Conversions API',
      predictedValueEvents: false,
      testEventCode: 'TEST123',
    };
    expect(requests.find((r) => r.path === '/integrations/facebook-conversions/test-credentials')?.body).toEqual(body);
    expect(requests.find((r) => r.path === '/integrations/facebook-conversions/save')?.body).toEqual(body);
  });

  it("shows Meta's refusal and saves nothing", async () => {
    const { requests } = mockIntegrationsApi([], {
      'GET /integrations/providers': json(200, withConversions),
      'POST /integrations/facebook-conversions/test-credentials': json(200, {
        ...check,
        valid: false,
        conversionApiAccess: false,
        error: 'Invalid Meta Conversions API credentials: this token cannot use pixel 412345678901234.',
      }),
    });
    renderApp('/integrations');
    const { user, dialog } = await openConversionsForm();
    await user.click(within(dialog).getByLabelText('Access Token'));
    await user.paste(TOKEN);
    await user.click(within(dialog).getByLabelText('Pixel ID'));
    await user.paste(PIXEL);
    await user.click(within(dialog).getByRole('button', { name: 'Connect Conversions API' }));
    expect(await within(dialog).findByText(/this token cannot use pixel/)).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/save'))).toBe(false);
  });

  it("shows the send log with Meta's answer on the connected card, and switches predicted-value events", async () => {
    const { requests } = mockIntegrationsApi([capiIntegration()], {
      'GET /integrations/providers': json(200, withConversions),
      [`GET /integrations/${CAPI_ID}/conversions-api/events`]: json(200, log),
      [`PATCH /integrations/${CAPI_ID}/conversions-api/settings`]: json(200, capiIntegration()),
    });
    renderApp('/integrations');
    const user = userEvent.setup();
    const connected = await screen.findByRole('region', { name: 'Connected Platforms' });
    const card = await within(connected).findByRole('article', { name: 'Meta Conversions API' });
    await user.click(within(card).getByRole('button', { name: 'Send log and settings' }));
    const sends = await within(card).findByRole('list', { name: 'Recent sends' });
    expect(within(sends).getByText('Purchase')).toBeTruthy();
    expect(within(sends).getByText(/events_received 1 · fbtrace_id AbCtrace/)).toBeTruthy();
    expect(within(sends).getByText('Sent')).toBeTruthy();
    expect(within(card).getByText(/1 sent · 1 waiting/)).toBeTruthy();

    await user.click(within(card).getByRole('switch', { name: 'Predicted-value events' }));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ predicted_value_events: false });
    await user.type(within(card).getByLabelText('Test Event Code'), 'TEST9');
    await user.click(within(card).getByRole('button', { name: 'Save code' }));
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ test_event_code: 'TEST9' });
  });

  it('lets members read the log but not change the switches', async () => {
    const member = { ...ownBusiness, role: 'member' as const };
    const { requests } = mockIntegrationsApi([capiIntegration()], {
      'GET /businesses': json(200, { businesses: [member] }),
      'GET /integrations/providers': json(200, withConversions),
      [`GET /integrations/${CAPI_ID}/conversions-api/events`]: json(200, log),
    });
    renderApp('/integrations');
    const user = userEvent.setup();
    const connected = await screen.findByRole('region', { name: 'Connected Platforms' });
    const card = await within(connected).findByRole('article', { name: 'Meta Conversions API' });
    await user.click(within(card).getByRole('button', { name: 'Send log and settings' }));
    await within(card).findByRole('list', { name: 'Recent sends' });
    expect(within(card).getByRole('switch', { name: 'Predicted-value events' }).matches(':disabled')).toBe(true);
    expect(within(card).getByLabelText('Test Event Code').matches(':disabled')).toBe(true);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
