import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { cookieSession } from '../../../test/fixtures';
import { behavioralSignals } from '../../../test/intelligence-fixtures';
import { apiError, json, type MockRequest, type Reply } from '../../../test/mock-api';
import { mockSignedInApi, renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const PATH = '/analytics/behavioral-signals';
const signalRequests = (requests: MockRequest[]) => requests.filter((r) => r.path === PATH);
// The session refresh succeeds, so a 401 that remains is the answer for this read, not a sign-out.
const mockSignals = (reply: Reply = json(200, behavioralSignals)) =>
  mockSignedInApi({ [`GET ${PATH}`]: reply, 'POST /auth/token': json(200, cookieSession()) });
const card = (label: string) => screen.getByText(label).closest('div')!;

describe('SignalGraphScreen', () => {
  it("shows the server's counts, the strength matrix by type and the flows", async () => {
    const { requests } = mockSignals();
    renderApp('/behavioral-signals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Behavioral Signal Graph' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Signal Strength Matrix' });
    expect(signalRequests(requests)[0]!.url.searchParams.get('time_range')).toBe('24h');
    expect(within(card('Active Signals')).getByText('3')).toBeTruthy();
    expect(within(card('Pattern Matches')).getByText('57')).toBeTruthy();
    expect(within(card('High Impact Signals')).getByText('1')).toBeTruthy();
    expect(within(card('Signal Flows')).getByText('1')).toBeTruthy();

    const intent = within(screen.getByRole('list', { name: 'Intent signals' }));
    expect(intent.getByText('CTA hover time')).toBeTruthy();
    expect(intent.getByText('55%')).toBeTruthy();
    expect(intent.getByText('120')).toBeTruthy();
    expect(intent.getByText('74%')).toBeTruthy();
    expect(intent.getByText('Stable')).toBeTruthy();
    expect(screen.getByText('No hesitation signals were present in this window.')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Signal Flow Transitions' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Scroll depthCTA hover time38%42.5 s96');
  });

  it('asks for the chosen time frame', async () => {
    const { requests } = mockSignals();
    const user = userEvent.setup();
    renderApp('/behavioral-signals');
    await screen.findByRole('heading', { name: 'Signal Strength Matrix' });
    await user.click(screen.getByRole('radio', { name: '7d' }));
    await vi.waitFor(() => expect(signalRequests(requests).at(-1)!.url.searchParams.get('time_range')).toBe('7d'));
  });

  it('opens and closes a pattern card on click and from the keyboard', async () => {
    mockSignals();
    const user = userEvent.setup();
    renderApp('/behavioral-signals');
    const toggle = await screen.findByRole('button', { name: /Pricing deep-dive/ });
    expect(toggle.textContent).toContain('Strong positive correlation (0.74)');
    expect(screen.getByRole('button', { name: /Checkout hesitation/ }).textContent).toContain('Weak correlation');
    const analysis = screen.getByText(/convert at 11.2% versus 2.3% overall/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(analysis.closest('[hidden]')).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(analysis.closest('[hidden]')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Signals in this pattern' })).getByText('Scroll depth'),
    ).toBeTruthy();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('says authentication failed when the error is a 401', async () => {
    mockSignals(apiError(401, 'unauthorized', 'Token expired'));
    renderApp('/behavioral-signals');
    expect(await screen.findByText('Authentication failed. Please refresh the page or try again.')).toBeTruthy();
  });

  it("shows the server's message and retries", async () => {
    let calls = 0;
    mockSignals(() =>
      ++calls === 1 ? apiError(500, 'internal', 'Signal store offline') : json(200, behavioralSignals),
    );
    const user = userEvent.setup();
    renderApp('/behavioral-signals');
    expect(await screen.findByText('Signal store offline')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Signal Strength Matrix' })).toBeTruthy();
  });

  it('exports the signals, patterns and flows as one CSV', async () => {
    mockSignals();
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:analysis');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/behavioral-signals');
    await screen.findByRole('heading', { name: 'Signal Strength Matrix' });
    await user.click(screen.getByRole('button', { name: 'Export Analysis' }));

    expect(names).toEqual([`behavioral-signal-analysis-24h-${localDateStamp()}.csv`]);
    const lines = (await createObjectURL.mock.calls[0]![0].text()).split('\r\n');
    expect(lines).toContain('Signals');
    expect(lines).toContain('scroll_depth,engagement,0.82,310,0.41,increasing,Deepest scroll depth reached');
    expect(lines).toContain(
      'Pricing deep-dive,high_intent,scroll_depth; cta_hover_time,0.74,48,0.112,Sessions that scroll past 75% of /pricing and hover a CTA convert at 11.2% versus 2.3% overall.',
    );
    expect(lines).toContain(
      'Checkout hesitation,abandonment_risk,rage_clicks,-0.32,9,,9 sessions rage-clicked on checkout.',
    );
    expect(lines).toContain('scroll_depth,cta_hover_time,0.38,42.5,96');
  });

  it('says when too few sessions were analysed, and what to do when there were none', async () => {
    mockSignals(json(200, { ...behavioralSignals, sessions_analyzed: 12 }));
    const { unmount } = renderApp('/behavioral-signals');
    expect(await screen.findByText(/Only 12 sessions were analysed in the last 24 hours/)).toBeTruthy();
    unmount();

    mockSignals(json(200, { ...behavioralSignals, signals: [], patterns: [], flows: [], sessions_analyzed: 0 }));
    renderApp('/behavioral-signals');
    expect(await screen.findByRole('heading', { name: 'Not enough data yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up tracking script' }).getAttribute('href')).toBe('/tracking-script');
    expect(screen.queryByRole('heading', { name: 'Signal Strength Matrix' })).toBeNull();
  });

  it('lists the flows as cards on a phone', async () => {
    setViewportWidth(375);
    mockSignals();
    renderApp('/behavioral-signals');
    const list = await screen.findByRole('list', { name: 'Signal Flow Transitions' });
    expect(list.children).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
