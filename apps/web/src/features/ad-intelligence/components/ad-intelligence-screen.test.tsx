import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import {
  AD_PATHS,
  adPlatforms,
  adSummary,
  campaignList,
  creativeList,
  mockAdApi,
  optimizationAction,
} from '../../../test/ad-fixtures';
import { ownBusiness } from '../../../test/fixtures';
import { apiError, json, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const requestsTo = (requests: MockRequest[], path: string) => requests.filter((r) => r.path === path);
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

async function openScreen(path = '/ad-intelligence') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Campaign Performance Analysis' });
  await screen.findByRole('table', { name: 'Campaign Performance Analysis' });
  return { user, ...view };
}

describe('AdIntelligenceScreen', () => {
  // A wide desktop, where the campaigns show as a table.
  beforeEach(() => setViewportWidth(1440));

  it('shows the four cards from the summary, each with its change against the previous window', async () => {
    const { requests } = mockAdApi();
    await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Ad Intelligence' })).toBeTruthy();
    const query = requestsTo(requests, AD_PATHS.summary)[0]!.url.searchParams;
    expect(query.get('days')).toBe('30');
    expect(query.get('platform')).toBe('all');

    const spend = within(card('Total Ad Spend'));
    expect(spend.getByText('$12,345.67')).toBeTruthy();
    expect(spend.getByText('▲ 23.5% vs the previous 30 days')).toBeTruthy();
    const conversions = within(card('Total Conversions'));
    expect(conversions.getByText('84')).toBeTruthy();
    expect(conversions.getByText(/Attributed by us · platforms report 120/)).toBeTruthy();
    expect(conversions.getByText('▲ 20.0% vs the previous 30 days')).toBeTruthy();
    expect(within(card('Average ROAS')).getByText('2.50x')).toBeTruthy();
    expect(within(card('Average ROAS')).getByText('▲ 25.0% vs the previous 30 days')).toBeTruthy();
    expect(within(card('Average CTR')).getByText('2.00%')).toBeTruthy();
    expect(within(card('Average CTR')).getByText('▼ 20.0% vs the previous 30 days')).toBeTruthy();
  });

  it('shows a dash and the reason for a figure that cannot be known', async () => {
    mockAdApi({
      [`GET ${AD_PATHS.summary}`]: json(200, {
        ...adSummary,
        avg_roas: null,
        platform_conversions: null,
        reasons: { avg_roas: 'No spend synced for this window', platform_conversions: 'Google Ads reports none' },
      }),
    });
    await openScreen();
    const roas = within(card('Average ROAS'));
    expect(roas.getByText('—')).toBeTruthy();
    expect(roas.getByText('No spend synced for this window')).toBeTruthy();
    expect(within(card('Total Conversions')).getByText(/platforms report — \(Google Ads reports none\)/)).toBeTruthy();

    // In the table too: the paused campaign has no CTR, and says why.
    const row = within(screen.getByRole('row', { name: /Cart Retargeting/ }));
    expect(row.getByText('Too few impressions in this window')).toBeTruthy();
    expect(row.getByText('Meta sets no budget on this campaign')).toBeTruthy();
  });

  it('asks again for the chosen platform and time frame, and keeps them in the address', async () => {
    const { requests } = mockAdApi();
    const { user, router } = await openScreen();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'google');
    await vi.waitFor(() =>
      expect(requestsTo(requests, AD_PATHS.campaignsExtended).at(-1)!.url.searchParams.get('platform')).toBe('google'),
    );
    await user.click(screen.getByRole('radio', { name: '7d' }));
    await vi.waitFor(() => {
      const last = requestsTo(requests, AD_PATHS.summary).at(-1)!.url.searchParams;
      expect([last.get('platform'), last.get('days')]).toEqual(['google', '7']);
    });
    const last = requestsTo(requests, AD_PATHS.campaignsExtended).at(-1)!.url.searchParams;
    expect(last.get('limit')).toBe('50');
    expect(requestsTo(requests, AD_PATHS.creatives).at(-1)!.url.searchParams.get('limit')).toBe('20');
    expect(requestsTo(requests, AD_PATHS.channels).at(-1)!.url.searchParams.get('limit')).toBe('10');
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('7d');
    expect(new URLSearchParams(router.state.location.search).get('platform')).toBe('google');
  });

  it('reads the time frame and platform from the address', async () => {
    const { requests } = mockAdApi();
    renderApp('/ad-intelligence?range=90d&platform=facebook');
    await screen.findByRole('heading', { name: 'Campaign Performance Analysis' });
    const query = requestsTo(requests, AD_PATHS.summary)[0]!.url.searchParams;
    expect([query.get('days'), query.get('platform')]).toEqual(['90', 'facebook']);
    expect((screen.getByRole('radio', { name: '90d' }) as HTMLInputElement).checked).toBe(true);
  });

  it('marks platforms without an integration as not connected, with the way to connect them', async () => {
    mockAdApi();
    const { user } = await openScreen();
    const select = screen.getByRole('combobox', { name: 'Platform' });
    expect(within(select).getByRole('option', { name: 'LinkedIn (not connected)' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Facebook' })).toBeTruthy();
    const status = within(screen.getByRole('list', { name: 'Ad platforms' }));
    expect(status.getByRole('link', { name: 'Connect TikTok Ads' }).getAttribute('href')).toBe('/integrations');

    mockAdApi({
      [`GET ${AD_PATHS.summary}`]: json(200, { ...adSummary, platform: 'linkedin' }),
    });
    await user.selectOptions(select, 'linkedin');
    expect(await screen.findByRole('heading', { name: 'LinkedIn Ads is not connected' })).toBeTruthy();
    expect(screen.getByText(/LinkedIn Ads has no integration yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Integrations' }).getAttribute('href')).toBe('/integrations');
    expect(screen.queryByRole('heading', { name: 'Campaign Performance Analysis' })).toBeNull();
  });

  it('says why there is nothing to show: no platform connected, or no delivery in the window', async () => {
    mockAdApi({
      [`GET ${AD_PATHS.summary}`]: json(200, {
        ...adSummary,
        platforms: adPlatforms.map((p) => ({ ...p, connected: false, last_synced_at: null })),
      }),
    });
    const first = renderApp('/ad-intelligence');
    expect(await screen.findByRole('heading', { name: 'No ad data yet: connect Meta Ads or Google Ads' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect an ad platform' }).getAttribute('href')).toBe('/integrations');
    // Organic and direct traffic are still tracked and attributed.
    expect(await screen.findByRole('heading', { name: 'Channel Performance Insights' })).toBeTruthy();
    first.unmount();

    mockAdApi({
      [`GET ${AD_PATHS.summary}`]: json(200, { ...adSummary, impressions: 0, clicks: 0, total_spend: 0 }),
    });
    renderApp('/ad-intelligence');
    expect(await screen.findByRole('heading', { name: 'Synced, but no delivery in the last 30 days' })).toBeTruthy();
  });

  it('colours fatigue as the spec says: 0.39 green, 0.4 yellow, 0.7 red', async () => {
    mockAdApi();
    await openScreen();
    const chip = (name: RegExp, text: string) => within(screen.getByRole('row', { name })).getByText(text);
    expect(chip(/Spring Sale Prospecting/, '0.39 · Low').className).toContain('bg-green-50');
    expect(chip(/Brand Search/, '0.40 · Medium').className).toContain('bg-amber-50');
    expect(chip(/Cart Retargeting/, '0.70 · High').className).toContain('bg-red-50');
  });

  it('caps the spend and decay bars at 100% while the text gives the real share', async () => {
    mockAdApi();
    await openScreen();
    const spend = screen.getByRole('meter', { name: 'Brand Search spend of budget' });
    expect(spend.getAttribute('aria-valuenow')).toBe('100');
    expect((spend.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(screen.getByText('$3,600.00 of $3,000.00 (120%)')).toBeTruthy();
    const decay = screen.getByRole('meter', { name: 'Brand Search message decay' });
    expect(decay.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('150.0% per day (R² 0.81)')).toBeTruthy();
    expect(
      screen.getByRole('meter', { name: 'Spring Sale Prospecting spend of budget' }).getAttribute('aria-valuenow'),
    ).toBe('60');
  });

  it('opens Campaign Details from View, with the reconciliation and the audience, and returns focus on Escape', async () => {
    const { requests } = mockAdApi();
    const { user } = await openScreen();
    const view = screen.getByRole('button', { name: 'View Spring Sale Prospecting' });
    await user.click(view);
    const dialog = within(await screen.findByRole('dialog', { name: 'Spring Sale Prospecting' }));
    expect(dialog.getByText('Sufficient data')).toBeTruthy();
    const claims = dialog.getByText('Platform claims').closest('div')!;
    expect(within(claims).getByText('70')).toBeTruthy();
    expect(within(dialog.getByText('Unmatched').closest('div')!).getByText('18')).toBeTruthy();
    expect(dialog.getByText(/only 4 bought: look at the landing page/)).toBeTruthy();
    expect(within(dialog.getByRole('table', { name: 'By readiness band' })).getByText('3.3%')).toBeTruthy();
    expect(await dialog.findByRole('img', { name: /Ad spend and attributed revenue per day/ })).toBeTruthy();
    expect(requestsTo(requests, '/analytics/campaigns/c1')[0]!.url.searchParams.get('days')).toBe('30');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(view);
  });

  it('implements an optimization after a confirm step that says what will change, then undoes it', async () => {
    const applied = optimizationAction();
    const { requests } = mockAdApi({
      [`POST ${AD_PATHS.optimizations}`]: json(201, applied),
      [`POST ${AD_PATHS.optimizations}/act-1/undo`]: json(200, {
        ...applied,
        status: 'undone',
        can_undo: false,
        undone_by: 'Ada Lovelace',
        undone_at: '2026-11-25T09:30:00.000Z',
      }),
    });
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Optimization Recommendations' }));
    const rec = within(await dialog.findByRole('article', { name: 'Increase the budget' }));
    expect(rec.getByText(/ROAS is 3.40 \(rule: above 3\)/)).toBeTruthy();
    expect(rec.getByText('Expected impact:')).toBeTruthy();
    expect(rec.getByText('ROAS: 3.4 (rule: 3)')).toBeTruthy();
    expect(dialog.getByText('No optimization has been implemented on this campaign yet.')).toBeTruthy();

    await user.click(rec.getByRole('button', { name: 'Implement Optimization' }));
    expect(rec.getByText("Raise the ad set's daily budget from $50.00 to $60.00 on Meta.")).toBeTruthy();
    expect(document.activeElement).toBe(rec.getByRole('button', { name: 'Confirm' }));
    const posts = () => requests.filter((r) => r.method === 'POST' && r.path.startsWith(AD_PATHS.optimizations));
    expect(posts()).toHaveLength(0);

    await user.click(rec.getByRole('button', { name: 'Confirm' }));
    expect(await rec.findByText('Applied')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({ campaign_id: 'c1', recommendation_id: 'rec-budget-c1', days: 30 });
    expect(rec.getByText('Daily budget: $50.00 → $60.00')).toBeTruthy();
    expect(rec.getByText(/by Ada Lovelace/)).toBeTruthy();
    // The recorded actions reload, so the history shows what was just done.
    await vi.waitFor(() => expect(requestsTo(requests, AD_PATHS.optimizations).length).toBeGreaterThan(1));
    expect(requestsTo(requests, AD_PATHS.optimizations)[0]!.url.searchParams.get('campaign_id')).toBe('c1');

    await user.click(rec.getByRole('button', { name: 'Undo' }));
    expect(await rec.findByText('Undone')).toBeTruthy();
    expect(posts()[1]!.path).toBe(`${AD_PATHS.optimizations}/act-1/undo`);
    expect(rec.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says a change is recorded as a task when the connection is read-only, and Cancel goes back', async () => {
    mockAdApi();
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Cart Retargeting' }));
    const rec = within(await screen.findByRole('article', { name: 'Lower the budget' }));
    const implement = rec.getByRole('button', { name: 'Implement Optimization' });
    await user.click(implement);
    expect(
      rec.getByText(
        "Recorded as a task: your connection is read-only. Nothing changes on Meta; the task asks someone to lower the campaign's daily budget from $40.00 to $30.00 there.",
      ),
    ).toBeTruthy();
    await user.click(rec.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(rec.getByRole('button', { name: 'Implement Optimization' }));
  });

  it('shows the history of a campaign with who did what, and Undo where it still applies', async () => {
    mockAdApi({
      [`GET ${AD_PATHS.optimizations}`]: json(200, {
        actions: [
          optimizationAction({
            id: 'act-2',
            status: 'task',
            can_undo: false,
            before: {},
            after: {},
            message: 'Recorded as a task: the connection is read-only.',
          }),
          optimizationAction(),
        ],
      }),
    });
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const history = within(await screen.findByRole('list', { name: 'Implemented optimizations' }));
    expect(history.getByText('Recorded as a task')).toBeTruthy();
    expect(history.getByText('Recorded as a task: the connection is read-only.')).toBeTruthy();
    expect(history.getByText('Daily budget: $50.00 → $60.00')).toBeTruthy();
    expect(history.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
  });

  it('offers no Implement or Undo to a viewer, and says why', async () => {
    mockAdApi({
      'GET /businesses': json(200, { businesses: [{ ...ownBusiness, role: 'viewer' }] }),
      [`GET ${AD_PATHS.optimizations}`]: json(200, { actions: [optimizationAction()] }),
    });
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Optimization Recommendations' }));
    await dialog.findByRole('article', { name: 'Increase the budget' });
    await dialog.findByRole('list', { name: 'Implemented optimizations' });
    expect(dialog.queryByRole('button', { name: 'Implement Optimization' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(dialog.getByText(/Viewers can read recommendations/)).toBeTruthy();
  });

  it('exports the campaigns as CSV in 13 columns, named with the time frame and the date', async () => {
    const { requests } = mockAdApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:ads');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await openScreen('/ad-intelligence?range=7d');
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    await vi.waitFor(() => expect(names).toEqual([`ad-intelligence-7d-${localDateStamp()}.csv`]));
    const query = requestsTo(requests, AD_PATHS.campaigns)[0]!.url.searchParams;
    expect([query.get('days'), query.get('limit')]).toEqual(['7', '50']);
    const lines = (await createObjectURL.mock.calls[0]![0].text()).split('\r\n');
    expect(lines).toHaveLength(1 + campaignList.campaigns.length);
    expect(lines[0]!.split(',')).toEqual([
      'Campaign',
      'Platform',
      'Status',
      'Budget (USD)',
      'Spend (USD)',
      'Impressions',
      'Clicks',
      'CTR (%)',
      'CPC (USD)',
      'Conversions',
      'ROAS',
      'Creative Fatigue',
      'Message Decay',
    ]);
    expect(lines[1]).toBe('Spring Sale Prospecting,facebook,active,15000,9000,150000,3300,2.2,2.73,52,3.4,0.39,0.05');
    expect(lines[3]).toBe('Cart Retargeting,facebook,paused,,745.67,40000,800,,,11.5,,0.7,');
    for (const line of lines) expect(line.split(',')).toHaveLength(13);
  });

  it("says 'Export failed. Please try again.' when the export cannot be read", async () => {
    mockAdApi({ [`GET ${AD_PATHS.campaigns}`]: apiError(500, 'internal', 'Database unavailable') });
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByText('Export failed. Please try again.')).toBeTruthy();
  });

  it("shows the server's message, or the spec's text, when the screen cannot load, and retries", async () => {
    let calls = 0;
    mockAdApi({
      [`GET ${AD_PATHS.summary}`]: () =>
        ++calls === 1 ? apiError(500, 'internal', 'Ad store offline') : json(200, adSummary),
    });
    const user = userEvent.setup();
    const first = renderApp('/ad-intelligence');
    expect(await screen.findByText('Ad store offline')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Campaign Performance Analysis' })).toBeTruthy();
    first.unmount();

    mockAdApi({ [`GET ${AD_PATHS.summary}`]: apiError(500, 'internal', '') });
    const second = renderApp('/ad-intelligence');
    expect(await screen.findByText('Failed to load ad intelligence data')).toBeTruthy();
    second.unmount();

    mockAdApi({ [`GET ${AD_PATHS.summary}`]: apiError(403, 'forbidden', 'Demo Mode: ad data is simulated') });
    renderApp('/ad-intelligence');
    expect(await screen.findByText('Demo Mode: ad data is simulated')).toBeTruthy();
    expect(screen.getByText('Demo Mode', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('gives the spec texts when recommendations or an implementation fail', async () => {
    mockAdApi({
      'GET /analytics/campaigns/c2': apiError(500, 'internal', 'boom'),
      [`POST ${AD_PATHS.optimizations}`]: apiError(502, 'vendor_error', 'Meta refused the change: budget too low'),
    });
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Optimize Brand Search' }));
    expect(await screen.findByText('Failed to generate optimization recommendations. Please try again.')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Optimize Spring Sale Prospecting' }));
    const rec = within(await screen.findByRole('article', { name: 'Increase the budget' }));
    await user.click(rec.getByRole('button', { name: 'Implement Optimization' }));
    await user.click(rec.getByRole('button', { name: 'Confirm' }));
    expect(await rec.findByText('Failed to implement optimization. Please try again.')).toBeTruthy();
    expect(rec.getByText('Meta refused the change: budget too low')).toBeTruthy();
  });

  it('opens Creative Details with the fatigue inputs, the daily CTR and the trigger evidence', async () => {
    mockAdApi();
    const { user } = await openScreen();
    const grid = within(screen.getByRole('list', { name: 'Creatives' }));
    expect(grid.getByText('0.72 · High')).toBeTruthy();
    expect(grid.getByText('68 / 100')).toBeTruthy();
    expect(grid.getByText('Live 3 days; fatigue needs 7')).toBeTruthy();
    expect(grid.getByText('Too few impressions to score engagement')).toBeTruthy();
    await user.click(grid.getByRole('button', { name: 'View Details of Only 3 days left: 30% off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Only 3 days left: 30% off' }));
    expect(within(dialog.getByText('Baseline CTR').closest('div')!).getByText('3.10%')).toBeTruthy();
    expect(within(dialog.getByText('Recent CTR').closest('div')!).getByText('1.90%')).toBeTruthy();
    expect(within(dialog.getByText('Days live').closest('div')!).getByText('21')).toBeTruthy();
    expect(dialog.getByText('2.1% per day (R² 0.74)')).toBeTruthy();
    expect(dialog.getByRole('img', { name: /from 3.00% on .* to 1.90% on/ })).toBeTruthy();
    expect(dialog.getByText('“Only 3 days left”')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('draws the charts as images with a summary, and shows their figures as a table on request', async () => {
    mockAdApi();
    const { user } = await openScreen();
    const spend = screen.getByRole('img', { name: /Ad spend and attributed revenue per day over the last 30 days/ });
    expect(spend.getAttribute('aria-label')).toContain('$12,');
    const models = await screen.findByRole('img', { name: /under 7 attribution models/ });
    expect(models.getAttribute('aria-label')).toContain('Last click credits Spring Sale Prospecting most (52)');
    expect(models.getAttribute('aria-label')).toContain('Markov (data-driven) credits Brand Search most (41)');

    const section = within(screen.getByRole('heading', { name: 'Attribution Model Comparison' }).closest('section')!);
    await user.click(section.getByRole('button', { name: 'Show data table' }));
    const table = within(section.getByRole('table', { name: 'Conversions credited by each attribution model' }));
    expect(table.getAllByRole('row')[2]!.textContent).toBe('Brand Search (Google)30020.5302624274130.5');
  });

  it('asks for the attribution models over the chosen lookback', async () => {
    const { requests } = mockAdApi();
    const { user } = await openScreen();
    await screen.findByRole('img', { name: /attribution models/ });
    expect(requestsTo(requests, AD_PATHS.mapping)[0]!.url.searchParams.get('lookback_days')).toBe('28');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, AD_PATHS.mapping).at(-1)!.url.searchParams.get('lookback_days')).toBe('90'),
    );
  });

  it('shows channels with spend, ROAS, trend, opportunity and the recommendation', async () => {
    mockAdApi();
    await openScreen();
    const channels = within(screen.getByRole('list', { name: 'Channels' }));
    expect(channels.getByText('$9,745.67')).toBeTruthy();
    expect(channels.getByText('3.14x')).toBeTruthy();
    expect(channels.getByRole('meter', { name: 'Meta Ads opportunity score' }).getAttribute('aria-valuenow')).toBe(
      '72',
    );
    expect(channels.getByText(/ROAS 3.14 is above your average/)).toBeTruthy();
    expect(channels.getByText('No spend: organic')).toBeTruthy();
    expect(channels.getByText('No spend to weigh against')).toBeTruthy();
  });

  it('fits a 375 px phone: campaigns become cards and every section still shows', async () => {
    setViewportWidth(375);
    mockAdApi();
    const user = userEvent.setup();
    renderApp('/ad-intelligence');
    const list = await screen.findByRole('list', { name: 'Campaign Performance Analysis' });
    expect(list.children).toHaveLength(campaignList.campaigns.length);
    expect(screen.queryByRole('table', { name: 'Campaign Performance Analysis' })).toBeNull();
    const card = within(screen.getByRole('article', { name: 'Brand Search' }));
    expect(card.getByText('0.40 · Medium')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Creatives' })).getAllByRole('listitem').length,
    ).toBeGreaterThanOrEqual(creativeList.creatives.length);
    await user.click(card.getByRole('button', { name: 'View Brand Search' }));
    expect(await screen.findByRole('dialog', { name: 'Brand Search' })).toBeTruthy();
  });
});
