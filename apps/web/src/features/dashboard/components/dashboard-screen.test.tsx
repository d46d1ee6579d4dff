import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { DASHBOARD_PATHS, mockDashboardApi, openDashboard, requestsTo } from '../testing/dashboard-api';
import { dashboard, emptyDashboard } from '../testing/dashboard-fixtures';

const article = (name: string) => within(screen.getByRole('article', { name }));

describe('DashboardScreen states', () => {
  it("shows 'Loading dashboard data...' and then the dashboard for 30 days", async () => {
    const { requests } = mockDashboardApi();
    renderApp('/');
    expect(await screen.findByText('Loading dashboard data...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Superintelligence Dashboard' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Monthly Revenue' });
    expect(screen.queryByText('Loading dashboard data...')).toBeNull();
    expect(requestsTo(requests, DASHBOARD_PATHS.dashboard)[0]!.url.searchParams.get('days')).toBe('30');
  });

  it("shows 'Dashboard Error' with the server's message, and 'Try Again' loads it", async () => {
    let reply = apiError(503, 'service_unavailable', 'The database is unavailable; try again shortly.');
    mockDashboardApi({ [`GET ${DASHBOARD_PATHS.dashboard}`]: () => reply });
    const user = userEvent.setup();
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Dashboard Error' })).toBeTruthy();
    expect(within(alert).getByText('The database is unavailable; try again shortly.')).toBeTruthy();

    reply = json(200, dashboard());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Monthly Revenue' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard Error' })).toBeNull();
  });

  it("falls back to 'Failed to load dashboard data', and refuses an answer without structural_tension", async () => {
    mockDashboardApi({ [`GET ${DASHBOARD_PATHS.dashboard}`]: apiError(500, 'internal', '') });
    const first = renderApp('/');
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    first.unmount();

    const { structural_tension: _, ...invalid } = dashboard();
    mockDashboardApi({ [`GET ${DASHBOARD_PATHS.dashboard}`]: json(200, invalid) });
    renderApp('/');
    expect(await screen.findByText('Invalid dashboard data structure received')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dashboard Error' })).toBeTruthy();
  });

  it("shows 'No dashboard data available' with the reasons, and 'Load Data' rebuilds and reads again", async () => {
    const { requests } = mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: json(200, emptyDashboard()),
      [`POST ${DASHBOARD_PATHS.cache}`]: json(200, { frontend_cleared: true, backend_cleared: true }),
    });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No dashboard data available' })).toBeTruthy();
    const reasons = within(screen.getByRole('list', { name: 'Why there is no data' }));
    expect(reasons.getByText(/Connect Stripe to see revenue\./)).toBeTruthy();
    expect(reasons.getByText(/install the tracking script/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect an integration' }).getAttribute('href')).toBe('/integrations');
    expect(screen.getByRole('button', { name: 'Set goals' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\d/);

    await user.click(screen.getByRole('button', { name: 'Load Data' }));
    await vi.waitFor(() => expect(requestsTo(requests, DASHBOARD_PATHS.cache, 'POST')).toHaveLength(1));
    await vi.waitFor(() => expect(requestsTo(requests, DASHBOARD_PATHS.dashboard).length).toBe(2));
  });
});

describe('DashboardScreen figures', () => {
  it('shows the readiness badge with one decimal and its band, and how fresh the figures are', async () => {
    mockDashboardApi();
    await openDashboard();
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(header).getByText('72.4')).toBeTruthy();
    expect(within(header).getByText('Readiness Score™')).toBeTruthy();
    expect(within(header).getByText('Warming Up')).toBeTruthy();
    expect(screen.getByText('Figures as of')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Strategic Insights' })).toBeTruthy();
  });

  it('shows each goal card with current, goal, the gap coloured by its sign and the bar capped at 100%', async () => {
    const d = dashboard();
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: json(200, {
        ...d,
        structural_tension: { ...d.structural_tension, current_cvr: 5.25 },
      }),
    });
    await openDashboard();
    const revenue = article('Monthly Revenue');
    expect(revenue.getByText('$25.2k')).toBeTruthy();
    expect(revenue.getByText('$30.0k')).toBeTruthy();
    const gap = revenue.getByText('$4.8k');
    expect(gap.getAttribute('data-tone')).toBe('short');
    expect(gap.className).toContain('bg-amber-50');
    const bar = revenue.getByRole('meter', { name: 'Monthly Revenue progress to goal' });
    expect(bar.getAttribute('aria-valuenow')).toBe('84');
    expect(revenue.getByText('$4.8k short of the $30.0k goal over the last 30 days (84.0% of it).')).toBeTruthy();
    expect(
      within(revenue.getByRole('list', { name: 'Monthly Revenue action items' })).getAllByRole('listitem').length,
    ).toBe(2);

    const cvr = article('Conversion Rate');
    expect(cvr.getByText('5.3%')).toBeTruthy();
    const over = cvr.getByText('-1.8%');
    expect(over.getAttribute('data-tone')).toBe('met');
    expect(over.className).toContain('bg-green-50');
    const capped = cvr.getByRole('meter', { name: 'Conversion Rate progress to goal' });
    expect(capped.getAttribute('aria-valuenow')).toBe('100');
    expect(capped.getAttribute('aria-valuetext')).toBe('150.0% of the goal');
    expect((capped.firstElementChild as HTMLElement).style.width).toBe('100%');

    const aov = article('Average Order Value');
    expect(aov.getByText('$81.29')).toBeTruthy();
    expect(aov.getByText('$80')).toBeTruthy();
  });

  it('shows the six modules with value, trend and source', async () => {
    mockDashboardApi();
    await openDashboard();
    const metric = article('Metric Intelligence');
    expect(metric.getByText('2.1%')).toBeTruthy();
    expect(metric.getByText('▲ 5.0%')).toBeTruthy();
    expect(metric.getByText(/Conversion rate, last 30 days/)).toBeTruthy();
    expect(article('Customer Intelligence').getByText('1,240')).toBeTruthy();
    expect(article('Customer Intelligence').getByText(/New customers, last 30 days/)).toBeTruthy();
    expect(article('Copy Intelligence').getByText('No change')).toBeTruthy();
    expect(article('Ad Intelligence').getByText('$4.5k')).toBeTruthy();
    expect(article('Ad Intelligence').getByText('Source: Meta Ads and Google Ads daily delivery in USD')).toBeTruthy();
    expect(article('Behavior Intelligence').getByText('2m 15s')).toBeTruthy();
    expect(article('Behavior Intelligence').getByText('▼ 3.2%')).toBeTruthy();
    expect(article('Market Intelligence').getByText('+12.5')).toBeTruthy();
    expect(article('Market Intelligence').getByText('Up from none before')).toBeTruthy();
  });

  it('shows a dash and the reason wherever a figure is unknown, and the charts say why instead of drawing', async () => {
    const d = dashboard();
    const unknown = (path: string, reason: string) => ({ ...d.figures[path]!, value: null, previous: null, reason });
    mockDashboardApi({
      [`GET ${DASHBOARD_PATHS.dashboard}`]: json(200, {
        ...d,
        readiness_score: null,
        structural_tension: { ...d.structural_tension, current_revenue: null, goal_aov: null },
        ad_intelligence: { ...d.ad_intelligence, ad_spend: null },
        figures: {
          ...d.figures,
          readiness_score: unknown('readiness_score', 'No session in this window has been scored yet.'),
          'structural_tension.current_revenue': unknown(
            'structural_tension.current_revenue',
            'Connect Stripe to see revenue.',
          ),
          'structural_tension.goal_aov': unknown('structural_tension.goal_aov', 'No goal set: set one under Goals.'),
          'ad_intelligence.ad_spend': unknown('ad_intelligence.ad_spend', 'No ad platform is connected.'),
        },
        series: d.series.map((day) => ({ ...day, revenue: null, ad_spend: null })),
      }),
    });
    await openDashboard();
    expect(screen.getByText('No session in this window has been scored yet.')).toBeTruthy();
    const revenue = article('Monthly Revenue');
    expect(revenue.getByText('Connect Stripe to see revenue.')).toBeTruthy();
    expect(revenue.getByText('—')).toBeTruthy();
    expect(revenue.queryByRole('meter')).toBeNull();
    expect(article('Average Order Value').getByText('No goal set: set one under Goals.')).toBeTruthy();
    const ad = article('Ad Intelligence');
    expect(ad.getByText('—')).toBeTruthy();
    expect(ad.getByText('No ad platform is connected.')).toBeTruthy();
    expect(screen.getByText('Nothing to draw: Connect Stripe to see revenue.')).toBeTruthy();
    expect(screen.getByText('Nothing to draw: No ad platform is connected.')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /Conversion rate per day over the last 30 days, from 2\.0% to 5\.0%/ }),
    ).toBeTruthy();
  });

  it('draws the daily charts against the goals, each with its data table', async () => {
    mockDashboardApi();
    const { user } = await openDashboard();
    const revenue = screen.getByRole('img', { name: /^Net revenue per day over the last 30 days: \$25\.2k in all\./ });
    expect(revenue.getAttribute('aria-label')).toContain(
      'The daily goal is $1.0k (the monthly goal ÷ 30); 1 of 30 days reached it.',
    );
    expect(revenue.getAttribute('aria-label')).toContain('The best day was May 4 at $2.0k.');
    expect(screen.getByRole('img', { name: /Ad spend per day over the last 30 days: \$4\.5k in all/ })).toBeTruthy();

    const revenueFigure = within(screen.getByRole('figure', { name: 'Revenue per day' }));
    await user.click(revenueFigure.getByRole('button', { name: 'Show data table' }));
    const table = within(revenueFigure.getByRole('table', { name: 'Net revenue by day' }));
    expect(table.getAllByRole('row')[4]!.textContent).toBe('May 4$2,000.0020$1,000.00');
  });

  it('asks for the chosen window, keeps it in the address, and reads it from there', async () => {
    const { requests } = mockDashboardApi();
    const { user, router } = await openDashboard();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, DASHBOARD_PATHS.dashboard).at(-1)!.url.searchParams.get('days')).toBe('7'),
    );
    expect(new URLSearchParams(router.state.location.search).get('days')).toBe('7');

    const second = mockDashboardApi();
    renderApp('/?days=90');
    await vi.waitFor(() =>
      expect(requestsTo(second.requests, DASHBOARD_PATHS.dashboard)[0]!.url.searchParams.get('days')).toBe('90'),
    );
  });

  it('fits a 375 px phone: the cards stack and every section still shows', async () => {
    setViewportWidth(375);
    mockDashboardApi();
    const { user } = await openDashboard();
    for (const name of [
      'Goals vs Reality',
      'Intelligence Modules',
      'Daily Trends',
      'Neuromind Profile Distribution',
      'AI Strategic Insights',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getAllByRole('article').length).toBeGreaterThanOrEqual(9);
    // The grids have one column below their breakpoints: no fixed multi-column layout on a phone.
    const goalsGrid = screen.getByRole('article', { name: 'Monthly Revenue' }).parentElement!;
    expect(goalsGrid.className).toMatch(/(^| )grid( |$)/);
    expect(goalsGrid.className).not.toMatch(/(^| )grid-cols-/);
    await user.click(screen.getByRole('button', { name: 'Set goals' }));
    expect(await screen.findByRole('dialog', { name: 'Set goals' })).toBeTruthy();
  });
});
