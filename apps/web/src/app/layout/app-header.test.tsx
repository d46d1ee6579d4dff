import type { SyncStatus } from '@ri/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authUserKey } from '../../features/auth/api/auth-api';
import { BUSINESS_STORAGE_KEY } from '../../lib/business-id';
import { demoBusiness, noSourceSyncStatus, ownBusiness } from '../../test/fixtures';
import { json } from '../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../test/render-app';

async function openApp(overrides: Parameters<typeof mockSignedInApi>[0] = {}) {
  const api = mockSignedInApi(overrides);
  const events = userEvent.setup();
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' });
  return { ...api, ...view, events };
}

describe('header', () => {
  it("shows the user's own business and switches to the read-only demo business", async () => {
    const { events, requests } = await openApp();
    const badge = await screen.findByRole('button', { name: 'Switch business' });
    expect(badge.textContent).toContain('Analytical Engines');
    expect(badge.textContent).toContain('SaaS');
    expect(screen.queryByText('Read-only')).toBeNull();
    await waitFor(() => expect(requests.some((r) => r.path === '/analytics/sync-status')).toBe(true));
    expect(requests.find((r) => r.path === '/analytics/sync-status')?.headers.has('X-Business-Id')).toBe(false);

    await events.click(badge);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('owner'),
      expect.stringContaining('viewer'),
    ]);
    await events.click(screen.getByRole('menuitemradio', { name: /Demo/ }));

    const demoBadge = await screen.findByRole('button', { name: 'Switch business' });
    await waitFor(() => expect(demoBadge.textContent).toContain('Demo Data'));
    expect(demoBadge.getAttribute('title')).toBe('Uses dummy data for demonstration purposes');
    expect(screen.getByText('Read-only')).toBeTruthy();
    expect(localStorage.getItem(BUSINESS_STORAGE_KEY)).toBe(demoBusiness.id);
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/analytics/sync-status')
          .at(-1)
          ?.headers.get('X-Business-Id'),
      ).toBe(demoBusiness.id),
    );
  });

  it('disables Sync and says why when no data source is connected', async () => {
    await openApp();
    const sync = await screen.findByRole('button', { name: 'No data source connected' });
    expect(sync.getAttribute('aria-disabled')).toBe('true');
    expect(sync.getAttribute('title')).toBe(noSourceSyncStatus.message);
    expect(document.getElementById(sync.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      noSourceSyncStatus.message,
    );
  });

  it('shows the cooldown minutes rounded up', async () => {
    const cooldown: SyncStatus = {
      ...noSourceSyncStatus,
      reason: 'cooldown',
      connected_sources: 1,
      cooldown_remaining_seconds: 125,
      cooldown_remaining_minutes: 2,
      message: 'A sync ran recently.',
    };
    await openApp({ 'GET /analytics/sync-status': json(200, cooldown) });
    const sync = await screen.findByRole('button', { name: 'Sync in 3 min' });
    expect(sync.getAttribute('aria-disabled')).toBe('true');
  });

  it('lists the user in the user menu and signs out, clearing everything', async () => {
    const { events, queryClient, requests } = await openApp({
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    localStorage.setItem(BUSINESS_STORAGE_KEY, ownBusiness.id);
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger.textContent).toBe('A');

    await events.click(trigger);
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain('Ada Lovelace');
    expect(menu.textContent).toContain('ada@example.com');
    await waitFor(() => expect(menu.textContent).toContain('Analytical Engines'));
    expect(within(menu).getByRole('menuitem', { name: 'Mail outbox' }).getAttribute('href')).toBe('/outbox');

    await events.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(requests.find((r) => r.path === '/auth/logout')?.url.searchParams.get('scope')).toBe('local');
    expect(
      queryClient
        .getQueryCache()
        .findAll()
        .map((q) => q.queryKey),
    ).toEqual([authUserKey]);
    expect(localStorage.getItem(BUSINESS_STORAGE_KEY)).toBeNull();
  });
});
