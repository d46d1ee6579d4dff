import { API, MESSAGES } from '@ri/contracts';
import { describe, expect, it, vi } from 'vitest';
import { cookieSession, noSourceSyncStatus, user } from '../test/fixtures';
import { apiError, json, mockApi } from '../test/mock-api';
import { callEndpoint, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { getSession, markSignedIn, onSignedOut } from './session';

describe('callEndpoint', () => {
  it('refuses calls about a business without a signed-in session', async () => {
    const { fetchMock } = mockApi({});
    await expect(callEndpoint(API.getSyncStatus, { businessId: null })).rejects.toThrow(MESSAGES.noToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends cookie mode, same-origin credentials and the business it names, and parses with the declaration', async () => {
    const { fetchMock, requests } = mockApi({
      'GET /auth/user': json(200, user),
      'GET /analytics/sync-status': json(200, noSourceSyncStatus),
    });
    markSignedIn(4_000_000_000);
    await expect(callEndpoint(API.getSyncStatus, { businessId: 'b-1' })).resolves.toEqual(noSourceSyncStatus);
    expect(requests[0]?.headers.get('X-Auth-Mode')).toBe('cookie');
    expect(requests[0]?.headers.get('X-Business-Id')).toBe('b-1');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });

    await expect(callEndpoint(API.getUser, {})).resolves.toEqual(user);
    expect(requests[1]?.headers.has('X-Business-Id')).toBe(false);
    await callEndpoint(API.getSyncStatus, { businessId: null });
    expect(requests[2]?.headers.has('X-Business-Id')).toBe(false);
  });

  it('fills the path params of the declaration, encoded', async () => {
    const { requests } = mockApi({});
    markSignedIn(4_000_000_000);
    await callEndpoint(API.getSessionJourney, { businessId: 'b-1', params: { sessionId: 'a/b c' } }).catch(() => {});
    expect(requests[0]?.url.pathname).toBe('/api/v1/tracking/sessions/a%2Fb%20c/journey');
  });

  it("throws the server's message, code and field", async () => {
    mockApi({
      'POST /auth/token': apiError(400, 'validation_failed', 'Please enter a valid email address', { field: 'email' }),
    });
    const failure: ApiError = await callEndpoint(API.issueToken, { query: { grant_type: 'password' }, body: {} }).then(
      () => expect.fail('the call should fail'),
      (e: ApiError) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, code: 'validation_failed', field: 'email' });
    expect(failure.message).toBe('Please enter a valid email address');
  });

  it("falls back to 'API Error: {status} - {body}' when the body is not the error shape", async () => {
    mockApi({ 'GET /businesses': new Response('teapot', { status: 418 }) });
    markSignedIn(4_000_000_000);
    await expect(callEndpoint(API.listBusinesses, {})).rejects.toThrow('API Error: 418 - teapot');
  });

  it('rejects a success body that does not match the contract', async () => {
    mockApi({ 'GET /auth/user': json(200, { id: 'not a user' }) });
    markSignedIn(4_000_000_000);
    await expect(callEndpoint(API.getUser, {})).rejects.toThrow(/Unexpected response/);
  });

  it('retries 502/503/504 and network failures with backoff', async () => {
    vi.useFakeTimers();
    let calls = 0;
    mockApi({
      'GET /auth/user': () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return calls === 2 ? apiError(503, 'service_unavailable', 'Busy') : json(200, user);
      },
    });
    markSignedIn(4_000_000_000);
    const pending = callEndpoint(API.getUser, {});
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual(user);
    expect(calls).toBe(3);
  });

  it('refreshes once on a 401 and repeats the call', async () => {
    let userCalls = 0;
    const { requests } = mockApi({
      'GET /auth/user': () => (++userCalls === 1 ? apiError(401, 'unauthorized', 'Token expired') : json(200, user)),
      'POST /auth/token': json(200, cookieSession(3600)),
    });
    markSignedIn(1);
    await expect(callEndpoint(API.getUser, {})).resolves.toEqual(user);
    const refresh = requests.find((r) => r.path === '/auth/token');
    expect(refresh?.url.searchParams.get('grant_type')).toBe('refresh_token');
    expect(refresh?.body).toEqual({});
    expect(getSession().expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('signs out when the server refuses the refresh', async () => {
    mockApi({
      'GET /businesses': apiError(401, 'unauthorized', 'Token expired'),
      'POST /auth/token': apiError(401, 'session_not_found', 'Session not found'),
    });
    markSignedIn(1);
    const signedOut = vi.fn();
    const stop = onSignedOut(signedOut);
    await expect(callEndpoint(API.listBusinesses, {})).rejects.toThrow('Token expired');
    stop();
    expect(getSession().status).toBe('signed-out');
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent callers', async () => {
    const { requests } = mockApi({ 'POST /auth/token': json(200, cookieSession()) });
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(requests.filter((r) => r.path === '/auth/token')).toHaveLength(1);
  });
});
