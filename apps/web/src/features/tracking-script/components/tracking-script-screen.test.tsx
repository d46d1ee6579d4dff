import { TRACKING_FEATURES } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUSINESS_STORAGE_KEY } from '../../../lib/business-id';
import { demoBusiness } from '../../../test/fixtures';
import { apiError, json, type MockRequest } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { trackingConfig } from '../../../test/tracking-fixtures';

const noScript = apiError(404, 'not_found', 'No tracking script for this business yet');

/** Answers generate-script the way the server does: the saved settings plus the id and snippet. */
const echoGenerate = (request: MockRequest) => {
  const body = request.body as Record<string, unknown>;
  return json(200, { ...trackingConfig, ...body, isPersistent: false });
};

describe('TrackingScriptScreen', () => {
  it('explains a missing script and offers Generate Script with every feature preselected', async () => {
    mockSignedInApi({ 'GET /tracking/script': noScript });
    renderApp('/tracking-script');
    expect(await screen.findByRole('button', { name: 'Generate Script' })).toBeTruthy();
    expect(screen.getByText('This business has no tracking script yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Tracking Script Setup' })).toBeTruthy();
    const features = within(screen.getByRole('group', { name: 'Features' })).getAllByRole('checkbox');
    expect(features).toHaveLength(TRACKING_FEATURES.length);
    expect(features.every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect((screen.getByLabelText('Session timeout (minutes)') as HTMLInputElement).value).toBe('30');
  });

  it('posts the chosen features and settings, minutes turned into milliseconds, and shows the snippet', async () => {
    const { requests } = mockSignedInApi({
      'GET /tracking/script': noScript,
      'POST /tracking/generate-script': echoGenerate,
    });
    const user = userEvent.setup();
    renderApp('/tracking-script');
    await user.click(await screen.findByRole('checkbox', { name: /Mouse movement/ }));
    await user.click(screen.getByRole('radio', { name: /Full/ }));
    await user.clear(screen.getByLabelText('Batch size (events)'));
    await user.type(screen.getByLabelText('Batch size (events)'), '20');
    await user.clear(screen.getByLabelText('Session timeout (minutes)'));
    await user.type(screen.getByLabelText('Session timeout (minutes)'), '45');
    await user.type(screen.getByLabelText('Allowed origins (one per line)'), 'https://engines.example/shop{Enter}');
    await user.type(screen.getByLabelText('CTA selectors (one per line)'), '.buy-now');
    await user.click(screen.getByRole('button', { name: 'Generate Script' }));

    expect(await screen.findByText(trackingConfig.snippet)).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST' && r.path === '/tracking/generate-script');
    expect(post?.body).toEqual({
      features: TRACKING_FEATURES.filter((f) => f !== 'mouse_movement_tracking'),
      mode: 'full',
      customization: { batchSize: 20, flushInterval: 5000, sessionTimeout: 2_700_000 },
      allowed_origins: ['https://engines.example'],
      respect_dnt: true,
      cta_selectors: ['.buy-now'],
    });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(screen.getByText(/Your tracking script is ready/)).toBeTruthy();
  });

  it('names a wrong origin under its field and sends nothing', async () => {
    const { requests } = mockSignedInApi({ 'GET /tracking/script': json(200, trackingConfig) });
    const user = userEvent.setup();
    renderApp('/tracking-script');
    const origins = await screen.findByLabelText('Allowed origins (one per line)');
    await user.clear(origins);
    await user.type(origins, 'https://engines.example{Enter}shop.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/Line 2 \(“shop.example”\): each allowed origin must be a URL/)).toBeTruthy();
    expect(origins.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the field the server rejected', async () => {
    mockSignedInApi({
      'GET /tracking/script': json(200, trackingConfig),
      'POST /tracking/generate-script': apiError(400, 'validation_failed', 'batchSize must be at most 100', {
        field: 'customization.batchSize',
      }),
    });
    const user = userEvent.setup();
    renderApp('/tracking-script');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('batchSize must be at most 100')).toBeTruthy();
    expect(screen.getByLabelText('Batch size (events)').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the demo business read-only, with the snippet still available', async () => {
    localStorage.setItem(BUSINESS_STORAGE_KEY, demoBusiness.id);
    mockSignedInApi({ 'GET /tracking/script': json(200, trackingConfig) });
    renderApp('/tracking-script');
    expect(await screen.findByText(/The demo business is read-only/)).toBeTruthy();
    expect(screen.getByText(trackingConfig.snippet)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Page views/ }).matches(':disabled')).toBe(true);
  });

  it('shows Tracking Script Error on a load failure, and Try Again loads the script', async () => {
    let calls = 0;
    mockSignedInApi({
      'GET /tracking/script': () =>
        ++calls === 1 ? apiError(500, 'internal', 'Database unavailable') : json(200, trackingConfig),
    });
    const user = userEvent.setup();
    renderApp('/tracking-script');
    expect(await screen.findByRole('heading', { name: 'Tracking Script Error' })).toBeTruthy();
    expect(screen.getByText('Failed to generate tracking script')).toBeTruthy();
    expect(screen.getByText(/sign-in has expired/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(trackingConfig.snippet)).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('is also a tab of Integrations, beside the platform integrations', async () => {
    mockSignedInApi({
      'GET /tracking/script': json(200, trackingConfig),
      'GET /integrations/providers': json(200, {
        providers: { ad_intelligence: [], customer_intelligence: [], behavior_intelligence: [] },
      }),
      'GET /integrations/': json(200, { integrations: [] }),
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    expect(await screen.findByText('No integration platforms are currently available from the backend.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Tracking Script' }));
    expect(await screen.findByRole('tab', { name: 'Get Script' })).toBeTruthy();
    expect(screen.getByText(trackingConfig.snippet)).toBeTruthy();
  });
});
