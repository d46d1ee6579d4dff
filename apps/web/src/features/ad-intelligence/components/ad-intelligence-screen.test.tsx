import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateStamp } from '../../../lib/download';
import { AD_PATHS, mockAdApi, openAdScreen } from '../../../test/ad-api';
import { campaignList, creativeList } from '../../../test/ad-campaign-fixtures';
import { adPlatforms, adSummary } from '../../../test/ad-fixtures';
import { apiError, json, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';

const requestsTo = (requests: MockRequest[], path: string) => requests.filter((r) => r.path === path);
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

describe('AdIntelligenceScreen', () => {
  // A wide desktop, where the campaigns show as a table.
  beforeEach(() => setViewportWidth(1440));

  it('shows the four cards from the summary, each with its change against the previous window', async () => {
    const { requests } = mockAdApi();
    await openAdScreen();
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
    await openAdScreen();
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
    const { user, router } = await openAdScreen();
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
    const { user } = await openAdScreen();
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
    await openAdScreen();
    const chip = (name: RegExp, text: string) => within(screen.getByRole('row', { name })).getByText(text);
    expect(chip(/Spring Sale Prospecting/, '0.39 · Low').className).toContain('bg-green-50');
    expect(chip(/Brand Search/, '0.40 · Medium').className).toContain('bg-amber-50');
    expect(chip(/Cart Retargeting/, '0.70 · High').className).toContain('bg-red-50');
  });

  it('caps the spend and decay bars at 100% while the text gives the real share', async () => {
    mockAdApi();
    await openAdScreen();
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

  it('exports the campaigns as CSV in 13 columns, named with the time frame and the date', async () => {
    const { requests } = mockAdApi();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:ads');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await openAdScreen('/ad-intelligence?range=7d');
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
    const { user } = await openAdScreen();
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

  it('draws the charts as images with a summary, and shows their figures as a table on request', async () => {
    mockAdApi();
    const { user } = await openAdScreen();
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
    const { user } = await openAdScreen();
    await screen.findByRole('img', { name: /attribution models/ });
    expect(requestsTo(requests, AD_PATHS.mapping)[0]!.url.searchParams.get('lookback_days')).toBe('28');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await vi.waitFor(() =>
      expect(requestsTo(requests, AD_PATHS.mapping).at(-1)!.url.searchParams.get('lookback_days')).toBe('90'),
    );
  });

  it('shows channels with spend, ROAS, trend, opportunity and the recommendation', async () => {
    mockAdApi();
    await openAdScreen();
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
