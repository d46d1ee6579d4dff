import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { liveSession, liveSessionsResponse, liveStream, unscoredSession } from '../../../test/intelligence-fixtures';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { mockSpyApi, SESSIONS_PATH, sessionRequests } from '../../../test/spy-api';
import { setViewportWidth } from '../../../test/viewport';

const hot = liveSession();
const cold = unscoredSession();

const card = (label: string) => screen.getByText(label).closest('div')!;

describe('ConversionSpyScreen', () => {
  it("shows the server's summary figures and a row per session", async () => {
    const { requests } = mockSpyApi([hot, cold]);
    renderApp('/conversion-spy-engine');
    const table = await screen.findByRole('table', { name: 'Live Sessions' });
    expect(screen.getByRole('heading', { level: 1, name: 'Digital Body Language™' })).toBeTruthy();
    expect(within(card('Active Sessions')).getByText('7')).toBeTruthy();
    expect(within(card('Avg Readiness Score')).getByText('63.3')).toBeTruthy();
    expect(within(card('High-Intent Users')).getByText('5')).toBeTruthy();
    expect(within(card('Conversion Probability')).getByText('12.3%')).toBeTruthy();
    expect(Object.fromEntries(sessionRequests(requests)[0]!.url.searchParams)).toEqual({
      limit: '50',
      time_filter: '24h',
    });

    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    const link = first!.getByRole('link', { name: /c0ffee00…/ });
    expect(link.getAttribute('href')).toBe(`/admin/sessions/${hot.session_id}`);
    expect(first!.getByText('Proof-Driven').parentElement!.getAttribute('title')).toMatch(/needs evidence and data/);
    expect(first!.getByText('86.4')).toBeTruthy();
    expect(first!.getByText('Ready to Convert')).toBeTruthy();
    expect(first!.getByText('820 px/s').parentElement!.textContent).toContain('High');
    expect(first!.getByText('2.4 s').parentElement!.textContent).toContain('Medium');
    expect(first!.getByText('3.8 min')).toBeTruthy();
    expect(first!.getByText('Live')).toBeTruthy();

    expect(second!.getByText('Not classified yet')).toBeTruthy();
    expect(second!.getByText('Not scored yet')).toBeTruthy();
    expect(second!.getByText(/Unknown device/)).toBeTruthy();
    expect(second!.queryByText('Live')).toBeNull();
    expect(second!.getAllByText(/—/)).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: /Skeptics stall on the pricing page/ })).toBeTruthy();
    expect(screen.getByText('Skeptic sessions ending on /pricing (%)').nextSibling!.textContent).toBe('38');
  });

  it('shows a dash and the reason when no session has a score', async () => {
    mockSpyApi([cold], {
      [`GET ${SESSIONS_PATH}`]: json(
        200,
        liveSessionsResponse([cold], {
          avg_readiness_score: null,
          avg_conversion_probability: null,
          scored_sessions: 0,
        }),
      ),
    });
    renderApp('/conversion-spy-engine');
    await screen.findByRole('table', { name: 'Live Sessions' });
    expect(within(card('Avg Readiness Score')).getByText('—')).toBeTruthy();
    expect(within(card('Conversion Probability')).getByText('—')).toBeTruthy();
    expect(screen.getAllByText('No session in the last 24 hours has been scored yet.')).toHaveLength(2);
  });

  it('asks for the chosen time frame', async () => {
    const { requests } = mockSpyApi([hot]);
    const user = userEvent.setup();
    const { router } = renderApp('/conversion-spy-engine');
    await screen.findByRole('table', { name: 'Live Sessions' });
    expect((screen.getByRole('radio', { name: '24h' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: '7d' }));
    await vi.waitFor(() => expect(sessionRequests(requests).at(-1)!.url.searchParams.get('time_filter')).toBe('7d'));
    expect(router.state.location.search).toBe('?range=7d');
  });

  it('exports the sessions as a nine-column CSV named after the time frame and date', async () => {
    mockSpyApi([hot, cold]);
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:sessions');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/conversion-spy-engine?range=1h');
    await screen.findByRole('table', { name: 'Live Sessions' });
    await user.click(screen.getByRole('button', { name: 'Export Insights' }));

    await vi.waitFor(() => expect(names).toEqual([`digital-body-language-sessions-1h-${localDateStamp()}.csv`]));
    const lines = (await createObjectURL.mock.calls[0]![0].text()).split('\r\n');
    expect(lines).toEqual([
      'Session ID,Profile,Readiness Score,Conversion Probability,Scroll Velocity (px/s),CTA Hover Time (s),Source,Device,Status',
      `${hot.session_id},Proof-Driven,86.4,0.318,820,2.4,google,desktop,Live`,
      `${cold.session_id},,,,,,direct,,Completed`,
    ]);
  });

  it('says when the export failed', async () => {
    mockSpyApi([hot], {
      [`GET ${SESSIONS_PATH}`]: (request) =>
        request.url.searchParams.get('limit') === '200'
          ? apiError(500, 'internal', 'boom')
          : json(200, liveSessionsResponse([hot])),
    });
    const user = userEvent.setup();
    renderApp('/conversion-spy-engine');
    await screen.findByRole('table', { name: 'Live Sessions' });
    await user.click(screen.getByRole('button', { name: 'Export Insights' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
  });

  it("shows the server's message, or the spec's fallback, when loading fails", async () => {
    mockSpyApi([], { [`GET ${SESSIONS_PATH}`]: apiError(500, 'internal', 'Database unavailable') });
    renderApp('/conversion-spy-engine');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a demo banner instead of an error when the message mentions Demo Mode', async () => {
    const message = 'Demo Mode: live sessions are simulated for this workspace';
    mockSpyApi([], { [`GET ${SESSIONS_PATH}`]: apiError(403, 'demo_mode', message) });
    renderApp('/conversion-spy-engine');
    const banner = await screen.findByText(message);
    expect(banner.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains an empty window and offers the tracking script', async () => {
    mockSpyApi([]);
    renderApp('/conversion-spy-engine');
    expect(await screen.findByRole('heading', { name: 'No visitor sessions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up tracking script' }).getAttribute('href')).toBe('/tracking-script');
  });

  it('refetches the sessions when the live stream pushes a scored change, once per burst', async () => {
    let current = liveSessionsResponse([hot]);
    const { requests, stream } = mockSpyApi([], { [`GET ${SESSIONS_PATH}`]: () => json(200, current) });
    renderApp('/conversion-spy-engine');
    await screen.findByRole('table', { name: 'Live Sessions' });
    await screen.findByText('Live', { selector: '[role="status"]' });
    const streamRequest = requests.find((r) => r.path === '/analytics/live-sessions/stream')!;
    expect(streamRequest.headers.get('Accept')).toBe('text/event-stream');
    expect(streamRequest.headers.get('X-Auth-Mode')).toBe('cookie');
    const before = sessionRequests(requests).length;

    current = liveSessionsResponse([{ ...hot, readiness_score: 91.2 }]);
    act(() => {
      stream.ping();
      stream.send();
      stream.send();
      stream.send();
    });
    expect(await screen.findByText('91.2')).toBeTruthy();
    expect(sessionRequests(requests).length).toBe(before + 1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(sessionRequests(requests).length).toBe(before + 1);
  });

  it('reconnects after the stream fails and stops listening when the screen closes', async () => {
    let opens = 0;
    const open = liveStream();
    const { requests } = mockSpyApi([hot], {
      'GET /analytics/live-sessions/stream': () =>
        ++opens <= 2 ? apiError(500, 'internal', 'Stream unavailable') : open.reply(),
    });
    const { router } = renderApp('/conversion-spy-engine');
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    expect(await screen.findByText('Live', { selector: '[role="status"]' })).toBeTruthy();

    await act(() => router.navigate('/admin'));
    await screen.findByRole('heading', { level: 1, name: 'Session Tracking Admin' });
    const before = sessionRequests(requests).length;
    act(() => open.send());
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(sessionRequests(requests).length).toBe(before);
  });

  it('stacks sessions as cards on a phone', async () => {
    setViewportWidth(375);
    mockSpyApi([hot, cold]);
    renderApp('/conversion-spy-engine');
    const list = await screen.findByRole('list', { name: 'Live Sessions' });
    expect(list.children).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
