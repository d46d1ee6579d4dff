import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { sessionItem, sessionStats, sessionsPage } from '../../../test/tracking-fixtures';
import { setViewportWidth } from '../../../test/viewport';

const pricing = sessionItem();
const checkout = sessionItem({
  id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  visitor_id: 'v-0002-bbbb',
  page_url: 'https://engines.example/checkout',
  page_title: null,
  browser: null,
  duration: 30,
  events_count: 5,
  is_active: false,
});

const sessionRequests = (requests: MockRequest[]) => requests.filter((r) => r.path === '/tracking/admin/sessions');
const lastQuery = (requests: MockRequest[]) => Object.fromEntries(sessionRequests(requests).at(-1)!.url.searchParams);

function mockAdmin(sessions: Reply = json(200, sessionsPage([pricing, checkout]))) {
  return mockSignedInApi({
    'GET /tracking/admin/sessions': sessions,
    'GET /tracking/admin/stats': json(200, sessionStats),
  });
}

describe('SessionAdminScreen', () => {
  it('shows the stat cards, insights and a row per session', async () => {
    const { requests } = mockAdmin();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Session History' });
    expect(screen.getByRole('heading', { level: 1, name: 'Session Tracking Admin' })).toBeTruthy();
    const cards = screen.getByText('Total Sessions').parentElement!;
    expect(within(cards).getByText('128')).toBeTruthy();
    expect(screen.getByText('3.5 min')).toBeTruthy();
    expect(screen.getByText('5,120')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sessions per device type' })).toBeTruthy();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('a1b2c3d4-e5f6-4a7b-8…').getAttribute('title')).toBe(pricing.id);
    expect(first.getByText('Pricing and pla…').getAttribute('title')).toBe('Pricing and plans');
    expect(first.getByText('https://engines.ex…').getAttribute('title')).toBe(pricing.page_url);
    expect(first.getByText('Chrome 125')).toBeTruthy();
    expect(first.getByText('2m 5s')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByRole('link', { name: /Details/ }).getAttribute('href')).toBe(`/admin/sessions/${pricing.id}`);
    const visit = first.getByRole('link', { name: /Visit/ });
    expect(visit.getAttribute('href')).toBe(pricing.page_url);
    expect(visit.getAttribute('target')).toBe('_blank');
    expect(visit.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(rows[1]!).getByText('Done')).toBeTruthy();
    expect(within(rows[1]!).getByText('0m 30s')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(lastQuery(requests)).toEqual({ page: '1', limit: '50', status_filter: 'all', time_range: '24h' });
  });

  it('flags a session the server judged likely forged, with the reason', async () => {
    const forged = sessionItem({ suspect: 'Surge: 212 sessions from one network within 60 minutes' });
    mockAdmin(json(200, sessionsPage([forged, checkout])));
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Session History' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const badge = within(first!).getByText('Flagged');
    expect(badge.closest('[title]')?.getAttribute('title')).toBe(
      'Surge: 212 sessions from one network within 60 minutes. Left out of model refits.',
    );
    expect(first!.textContent).toContain('Surge: 212 sessions from one network within 60 minutes');
    expect(within(second!).queryByText('Flagged')).toBeNull();
  });

  it('filters the loaded page on the client by URL, tracking ID or user ID', async () => {
    const { requests } = mockAdmin();
    const user = userEvent.setup();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Session History' });
    const before = requests.length;
    const search = screen.getByPlaceholderText('Search by URL, tracking ID or user ID');
    await user.type(search, 'checkout');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTitle(checkout.page_url!)).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'v-0001');
    expect(screen.getByTitle(pricing.page_url!)).toBeTruthy();
    expect(screen.queryByTitle(checkout.page_url!)).toBeNull();
    await user.type(search, 'zzz');
    expect(screen.getByText(/No session on this page matches/)).toBeTruthy();
    expect(requests.length).toBe(before);
  });

  it('asks for status_filter=active from page 1 when the filter changes', async () => {
    const { requests } = mockAdmin(json(200, sessionsPage([pricing], 2, 3, 120)));
    const user = userEvent.setup();
    renderApp('/admin?page=2');
    await screen.findByText('Page 2 of 3');
    expect(lastQuery(requests).page).toBe('2');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await vi.waitFor(() => expect(lastQuery(requests)).toMatchObject({ status_filter: 'active', page: '1' }));
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 7 days');
    await vi.waitFor(() => expect(lastQuery(requests)).toMatchObject({ time_range: '7d', page: '1' }));
    expect(
      requests.some((r) => r.path === '/tracking/admin/stats' && r.url.searchParams.get('time_range') === '7d'),
    ).toBe(true);
  });

  it('pages with Next and Previous', async () => {
    const { requests } = mockAdmin((request) => {
      const page = Number(request.url.searchParams.get('page'));
      return json(200, sessionsPage([page === 1 ? pricing : checkout], page, 3, 120));
    });
    const user = userEvent.setup();
    renderApp('/admin');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(lastQuery(requests).page).toBe('2');
    expect(screen.getByTitle(checkout.page_url!)).toBeTruthy();
  });

  it('polls every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockAdmin();
    renderApp('/admin');
    await screen.findByRole('table', { name: 'Session History' });
    const before = sessionRequests(requests).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(sessionRequests(requests).length).toBe(before + 1);
  });

  it('offers the tracking script when no session was recorded', async () => {
    mockAdmin(json(200, sessionsPage([])));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'No sessions recorded yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up tracking script' }).getAttribute('href')).toBe('/tracking-script');
  });

  it('shows the load failure and tries again', async () => {
    let calls = 0;
    mockAdmin(() =>
      ++calls === 1 ? apiError(500, 'internal', 'Database unavailable') : json(200, sessionsPage([pricing])),
    );
    const user = userEvent.setup();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Unable to load session data' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Session History' })).toBeTruthy();
  });

  it('stacks sessions as cards on a phone', async () => {
    setViewportWidth(375);
    mockAdmin();
    renderApp('/admin');
    const list = await screen.findByRole('list', { name: 'Session History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
