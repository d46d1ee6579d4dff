import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { trackingConfig } from '../../../test/tracking-fixtures';

const noEventsYet = {
  tracking_id: trackingConfig.trackingId,
  configured: true,
  allowed_origins: trackingConfig.allowed_origins,
  events_last_24h: 0,
  bot_requests_last_24h: 0,
  last_event_at: null,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function openTestTab(reply: Promise<Response>) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const mock = mockSignedInApi({
    'GET /tracking/script': json(200, trackingConfig),
    'GET /tracking/events/validate-setup': json(200, noEventsYet),
    'POST /tracking/test-script': () => reply,
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/tracking-script');
  await user.click(await screen.findByRole('tab', { name: 'Test & Verify' }));
  return { ...mock, user };
}

describe('TestVerifyTab', () => {
  it('goes Testing... then Test Passed! with the figures, and back to Run Test after 3 s', async () => {
    const reply = deferred<Response>();
    const { user, requests } = await openTestTab(reply.promise);
    expect((screen.getByLabelText('Website URL') as HTMLInputElement).value).toBe('https://engines.example');
    expect(await screen.findByText(/No events have arrived in the last 24 hours yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(await screen.findByRole('button', { name: 'Testing...' })).toBeTruthy();
    reply.resolve(
      json(200, {
        test_status: 'success',
        message: 'Events are arriving from https://engines.example.',
        events_received: 12,
        last_event_at: '2025-03-01T12:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Test Passed!' })).toBeTruthy();
    expect(screen.getByText(/Events received: 12/)).toBeTruthy();
    expect(requests.find((r) => r.path === '/tracking/test-script')?.body).toEqual({
      tracking_id: trackingConfig.trackingId,
      website_url: 'https://engines.example',
    });

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Run Test' })).toBeTruthy();
    // The result text stays after the button resets.
    expect(screen.getByText('Events are arriving from https://engines.example.')).toBeTruthy();
  });

  it('shows Test Failed with the server message, then resets after 3 s', async () => {
    const message = 'No events from https://engines.example in the last 24 hours.';
    const { user } = await openTestTab(
      Promise.resolve(json(200, { test_status: 'no_events', message, events_received: 0, last_event_at: null })),
    );
    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(await screen.findByRole('button', { name: 'Test Failed' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Run Test' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('refuses a website URL that is not a full URL, without calling the server', async () => {
    const { user, requests } = await openTestTab(Promise.resolve(json(500, {})));
    await user.clear(screen.getByLabelText('Website URL'));
    await user.type(screen.getByLabelText('Website URL'), 'engines.example');
    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(await screen.findByText(/website_url must be a full URL/)).toBeTruthy();
    expect(requests.some((r) => r.path === '/tracking/test-script')).toBe(false);
  });
});
