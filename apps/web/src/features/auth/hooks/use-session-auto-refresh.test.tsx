import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { cookieSession } from '../../../test/fixtures';
import { apiError, json } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';

const EXPIRY_KEY = 'ri.session_expires_at';
const inSeconds = (s: number) => String(Math.floor(Date.now() / 1000) + s);

describe('session auto-refresh', () => {
  it('refreshes when the access token expires within three 30 s ticks', async () => {
    localStorage.setItem(EXPIRY_KEY, inSeconds(60));
    const { requests } = mockSignedInApi({ 'POST /auth/token': json(200, cookieSession(3600)) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' });
    await waitFor(() => expect(requests.filter((r) => r.path === '/auth/token')).toHaveLength(1));
    expect(getSession().expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000);
  });

  it('waits for the next tick while the token is still fresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(EXPIRY_KEY, inSeconds(150));
    const { requests } = mockSignedInApi({ 'POST /auth/token': json(200, cookieSession(3600)) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Revenue Superintelligence Dashboard' });
    expect(requests.some((r) => r.path === '/auth/token')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(requests.filter((r) => r.path === '/auth/token')).toHaveLength(1);
  });

  it('signs out when the server refuses the refresh', async () => {
    localStorage.setItem(EXPIRY_KEY, inSeconds(30));
    mockSignedInApi({ 'POST /auth/token': apiError(401, 'session_not_found', 'Session not found') });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(getSession().status).toBe('signed-out');
  });
});
