import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockSignedInApi, renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

describe('app shell on a phone (375 px)', () => {
  async function openShell(path = '/') {
    setViewportWidth(375);
    mockSignedInApi();
    const events = userEvent.setup();
    const view = renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    return { events, ...view };
  }

  it('opens the drawer from the menu button, locks scrolling, and closes on the backdrop', async () => {
    const { events } = await openShell();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await events.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');

    await events.click(screen.getByTestId('drawer-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes the drawer when a link is followed, and marks the new page as current', async () => {
    const { events, router } = await openShell();
    await events.click(screen.getByRole('button', { name: 'Open menu' }));
    await events.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Ad Intelligence' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/ad-intelligence');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ad Intelligence' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('');

    await events.click(screen.getByRole('button', { name: 'Open menu' }));
    const current = within(screen.getByRole('dialog')).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Ad Intelligence');
  });

  it('closes the drawer on Escape', async () => {
    const { events } = await openShell();
    await events.click(screen.getByRole('button', { name: 'Open menu' }));
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('');
  });
});

describe('app shell on a desktop (1280 px)', () => {
  it('always shows the sidebar, in order, with the Development group and the version', async () => {
    mockSignedInApi();
    renderApp('/admin/sessions/s-1');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Conversion Spy Engine',
      'Behavioral Signals',
      'Ad Intelligence',
      'Customer Intelligence',
      'Revenue Strategist',
      'Integrations',
      'Dev Monitoring',
      'Data Map',
      'Prompts Editor',
      'Session Admin',
      'Tracking Script',
    ]);
    expect(within(nav).getByText('Development')).toBeTruthy();
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Session Admin');
    expect(screen.getByText('v1.0.0')).toBeTruthy();
  });
});
