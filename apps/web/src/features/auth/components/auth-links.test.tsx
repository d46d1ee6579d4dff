import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cookieSession, demoBusiness, noSourceSyncStatus, ownBusiness } from '../../../test/fixtures';
import { apiError, json, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const signedOut = {
  'GET /auth/user': apiError(401, 'unauthorized', 'Auth session missing!'),
  'POST /auth/token': apiError(401, 'unauthorized', 'Auth session missing!'),
};

describe('password reset link (/auth/reset#token=...)', () => {
  it('sets the new password, shows the message and returns to sign-in after 3 s', async () => {
    const { requests } = mockApi({
      ...signedOut,
      'POST /auth/reset-password': json(200, { message: 'Your password has been changed. Sign in with it.' }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const events = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/auth/reset#token=XYZ');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await events.type(screen.getByLabelText('New password'), 'a much better password');
    await events.type(screen.getByLabelText('Confirm new password'), 'a different one');
    await events.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match');

    await events.clear(screen.getByLabelText('Confirm new password'));
    await events.type(screen.getByLabelText('Confirm new password'), 'a much better password');
    await events.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with it.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/auth/reset-password')?.body).toEqual({
      token: 'XYZ',
      password: 'a much better password',
    });

    act(() => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists what a weak password lacks', async () => {
    mockApi({
      ...signedOut,
      'POST /auth/reset-password': apiError(422, 'weak_password', 'Password is too weak', {
        reasons: ['Use at least 8 characters'],
      }),
    });
    const events = userEvent.setup();
    renderApp('/auth/reset#token=XYZ');
    await events.type(await screen.findByLabelText('New password'), 'short');
    await events.type(screen.getByLabelText('Confirm new password'), 'short');
    await events.click(screen.getByRole('button', { name: 'Set New Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Password is too weak');
    expect(alert.textContent).toContain('Use at least 8 characters');
  });

  it('offers a new link when the token expired or was used', async () => {
    mockApi({
      ...signedOut,
      'POST /auth/reset-password': apiError(400, 'invalid_token', 'This link has expired or was already used'),
    });
    const events = userEvent.setup();
    const { router } = renderApp('/auth/reset#token=old');
    await events.type(await screen.findByLabelText('New password'), 'a much better password');
    await events.type(screen.getByLabelText('Confirm new password'), 'a much better password');
    await events.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or was already used');

    await events.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });
});

describe('confirmation link (/auth/confirm#token=...)', () => {
  it('confirms the address once and opens the app signed in', async () => {
    const { requests } = mockApi({
      ...signedOut,
      'POST /auth/verify': json(200, cookieSession()),
      'GET /businesses': json(200, { businesses: [ownBusiness, demoBusiness] }),
      'GET /analytics/sync-status': json(200, noSourceSyncStatus),
    });
    const { router } = renderApp('/auth/confirm#token=CONFIRM');
    expect(await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const verifies = requests.filter((r) => r.path === '/auth/verify');
    expect(verifies.map((r) => r.body)).toEqual([{ token: 'CONFIRM', type: 'signup' }]);
  });

  it('shows why a link failed, with a way back to sign-in', async () => {
    mockApi({
      ...signedOut,
      'POST /auth/verify': apiError(400, 'invalid_token', 'Confirmation link is invalid or has expired'),
    });
    const events = userEvent.setup();
    renderApp('/auth/confirm#token=bad');
    expect((await screen.findByRole('alert')).textContent).toBe('Confirmation link is invalid or has expired');
    await events.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
