import { SESSION_NOT_FOUND } from '@ri/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { apiError, json } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { sessionDetail } from '../../../test/tracking-fixtures';

const detailPath = `/tracking/admin/sessions/${sessionDetail.id}`;

describe('SessionDetailScreen', () => {
  it('shows the header and the four tabs of a recorded session', async () => {
    mockSignedInApi({ [`GET ${detailPath}`]: json(200, sessionDetail) });
    const user = userEvent.setup();
    renderApp(`/admin/sessions/${sessionDetail.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Session Detail' })).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('Duration 2m 5s')).toBeTruthy();
    const visit = screen.getByRole('link', { name: /Visit Page/ });
    expect(visit.getAttribute('href')).toBe(sessionDetail.primary_page_url);
    expect(visit.getAttribute('target')).toBe('_blank');

    // Overview: nulls are explained, never filled in.
    expect(screen.getByText('Location unknown (no geo headers)')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Engagement score' }).getAttribute('value')).toBe('62');
    expect(screen.getByText('utm_campaign')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const events = within(screen.getByRole('heading', { name: 'Events' }).parentElement!).getAllByRole('listitem');
    expect(events.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Page view+0ms'),
      expect.stringContaining('Click+30.0s'),
      expect.stringContaining('Page view+1.1m'),
    ]);
    expect(screen.getByText('x: 10, y: 20')).toBeTruthy();
    expect(screen.queryByText(/Only the first/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(screen.getByRole('list', { name: 'Events by type' })).toBeTruthy();
    expect(screen.getByText('4.2s')).toBeTruthy();
    expect(screen.getByText('1.1m')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Raw Data' }));
    expect(screen.getByLabelText('Session data as JSON').textContent).toBe(JSON.stringify(sessionDetail, null, 2));
  });

  it('says when only the first events are shown', async () => {
    mockSignedInApi({
      [`GET ${detailPath}`]: json(200, { ...sessionDetail, total_events: 5000, events_truncated: true }),
    });
    const user = userEvent.setup();
    renderApp(`/admin/sessions/${sessionDetail.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Timeline' }));
    expect(screen.getByText(/Only the first 3 events are shown; this session recorded 5,000/)).toBeTruthy();
  });

  it('exports the detail as session-{id}-{date}.json', async () => {
    mockSignedInApi({ [`GET ${detailPath}`]: json(200, sessionDetail) });
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:session');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp(`/admin/sessions/${sessionDetail.id}`);

    await user.click(await screen.findByRole('button', { name: 'Export Data' }));
    expect(names).toEqual([`session-${sessionDetail.id}-${localDateStamp()}.json`]);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(sessionDetail);
  });

  it('explains a session that is missing or not yours, with a way back', async () => {
    mockSignedInApi({ [`GET ${detailPath}`]: apiError(404, 'not_found', SESSION_NOT_FOUND) });
    renderApp(`/admin/sessions/${sessionDetail.id}`);
    expect(await screen.findByRole('heading', { name: 'Error Loading Session' })).toBeTruthy();
    expect(screen.getByText(SESSION_NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sessions' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks to try again after any other failure, and retries', async () => {
    let calls = 0;
    mockSignedInApi({
      [`GET ${detailPath}`]: () => (++calls === 1 ? apiError(500, 'internal', 'boom') : json(200, sessionDetail)),
    });
    const user = userEvent.setup();
    renderApp(`/admin/sessions/${sessionDetail.id}`);
    expect(await screen.findByText('Failed to load session details. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Session Detail' })).toBeTruthy();
  });
});
