import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  mockIntegrationsApi,
  progressResponse,
  STRIPE_ID,
  stripeIntegration,
  syncRun,
} from '../../../test/integration-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const connectedCard = async (name = 'Stripe') =>
  within(await screen.findByRole('region', { name: 'Connected Platforms' })).findByRole('article', { name });

describe('ConnectedCard', () => {
  it('syncs: Syncing with live progress at once, then Connected with the new figures', async () => {
    let phase: 'before' | 'running' | 'done' = 'before';
    const { requests } = mockIntegrationsApi([stripeIntegration()], {
      [`POST /integrations/${STRIPE_ID}/sync`]: () => {
        phase = 'running';
        return json(202, { status: 'started', message: 'Sync of Stripe started', resumption_info: null });
      },
      'GET /integrations/sync-progress': () =>
        phase === 'before'
          ? progressResponse()
          : phase === 'running'
            ? progressResponse({ [STRIPE_ID]: syncRun() }, { [STRIPE_ID]: 250 })
            : progressResponse(
                { [STRIPE_ID]: syncRun({ overall_status: 'completed', overall_progress: 100, current_stage: null }) },
                { [STRIPE_ID]: 1500 },
              ),
      'GET /integrations/': () =>
        json(200, {
          integrations: [
            phase === 'done'
              ? stripeIntegration({ last_sync: '2026-11-25T10:05:00.000Z', data_points_synced: 1500 })
              : stripeIntegration({ status: phase === 'running' ? 'syncing' : 'connected' }),
          ],
        }),
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    const card = await connectedCard();
    await user.click(within(card).getByRole('button', { name: 'Sync Now' }));

    const syncing = await within(card).findByRole('button', { name: 'Syncing' });
    expect(syncing.matches(':disabled')).toBe(true);
    expect(await within(card).findByText('charges')).toBeTruthy();
    expect(within(card).getByText('250 items processed')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Sync progress' }).getAttribute('aria-valuenow')).toBe('43');
    expect(requests.filter((r) => r.path === `/integrations/${STRIPE_ID}/sync`)).toHaveLength(1);

    // The next fast poll (5 s) finds the run over.
    phase = 'done';
    expect(await within(card).findByRole('button', { name: 'Sync Now' }, { timeout: 8000 })).toBeTruthy();
    expect(within(card).getByText('1,500')).toBeTruthy();
    expect(within(card).getAllByText('Connected').length).toBeGreaterThan(0);
    expect(within(card).queryByText('Never')).toBeNull();
  }, 15_000);

  it('offers Resume Sync after a timeout pause, with the spec text', async () => {
    mockIntegrationsApi([stripeIntegration({ status: 'syncing' })], {
      'GET /integrations/sync-progress': progressResponse({
        [STRIPE_ID]: syncRun({ overall_status: 'timeout_resuming', progress_message: '' }),
      }),
    });
    renderApp('/integrations');
    const card = await connectedCard();
    expect(await within(card).findByRole('button', { name: 'Resume Sync' })).toBeTruthy();
    expect(within(card).getByText('Resuming After Timeout')).toBeTruthy();
    expect(within(card).getByText('Sync timed out and will resume from where it left off')).toBeTruthy();
  });

  it("shows 'Sync failed: …' when the sync cannot start, and the integration's error", async () => {
    mockIntegrationsApi(
      [stripeIntegration({ status: 'error', error: 'Stripe refused the stored credentials (expired key).' })],
      {
        [`POST /integrations/${STRIPE_ID}/sync`]: apiError(404, 'not_found', 'Integration not found'),
        'GET /integrations/sync-progress': progressResponse({
          [STRIPE_ID]: syncRun({ overall_status: 'failed' }),
        }),
      },
    );
    const user = userEvent.setup();
    renderApp('/integrations');
    const card = await connectedCard();
    expect(within(card).getByText('Stripe refused the stored credentials (expired key).')).toBeTruthy();
    await user.click(await within(card).findByRole('button', { name: 'Resume Sync' }));
    expect(await within(card).findByText('Sync failed: Integration not found')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Resume Sync' }).matches(':disabled')).toBe(false);
  });

  it('asks before disconnecting, and puts the platform back among the available ones', async () => {
    let deleted = false;
    const { requests } = mockIntegrationsApi([stripeIntegration()], {
      [`DELETE /integrations/${STRIPE_ID}`]: () => {
        deleted = true;
        return json(200, { deleted: true, id: STRIPE_ID });
      },
      'GET /integrations/': () => json(200, { integrations: deleted ? [] : [stripeIntegration()] }),
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    const card = await connectedCard();
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Stripe?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to disconnect this integration? This will stop data synchronization.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const available = screen.getByRole('region', { name: 'Available Platforms' });
    const stripe = await within(available).findByRole('article', { name: 'Stripe' });
    expect(await within(stripe).findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(screen.getByText(/No platforms connected yet/)).toBeTruthy();
  });

  it('says when the disconnect fails', async () => {
    mockIntegrationsApi([stripeIntegration()], {
      [`DELETE /integrations/${STRIPE_ID}`]: apiError(500, 'internal', 'boom'),
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    await user.click(within(await connectedCard()).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByText('Failed to disconnect integration. Please try again.')).toBeTruthy();
  });
});
