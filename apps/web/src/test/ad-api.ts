import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaignDetails, campaignList, campaigns, creativeList } from './ad-campaign-fixtures';
import { adMetrics, adSummary, attributionMapping, channelList } from './ad-fixtures';
import { json, type Reply } from './mock-api';
import { mockSignedInApi, renderApp } from './render-app';

export const AD_PATHS = {
  summary: '/analytics/ad-intelligence-summary',
  metrics: '/analytics/ad-metrics',
  campaigns: '/analytics/campaign-performance',
  campaignsExtended: '/analytics/campaign-performance-extended',
  creatives: '/analytics/creative-performance-extended',
  channels: '/analytics/channel-insights-extended',
  mapping: '/analytics/conversion-attribution-mapping',
  optimizations: '/analytics/ad-optimizations',
} as const;

export function mockAdApi(overrides: Record<string, Reply> = {}) {
  return mockSignedInApi({
    [`GET ${AD_PATHS.summary}`]: json(200, adSummary),
    [`GET ${AD_PATHS.metrics}`]: json(200, adMetrics),
    [`GET ${AD_PATHS.campaigns}`]: json(200, campaignList),
    [`GET ${AD_PATHS.campaignsExtended}`]: json(200, campaignList),
    [`GET ${AD_PATHS.creatives}`]: json(200, creativeList),
    [`GET ${AD_PATHS.channels}`]: json(200, channelList),
    [`GET ${AD_PATHS.mapping}`]: json(200, attributionMapping),
    [`GET ${AD_PATHS.optimizations}`]: json(200, { actions: [] }),
    'GET /analytics/campaigns/c1': json(200, campaignDetails()),
    'GET /analytics/campaigns/c2': json(200, campaignDetails(campaigns[1])),
    'GET /analytics/campaigns/c3': json(200, campaignDetails(campaigns[2])),
    ...overrides,
  });
}

/** Renders /ad-intelligence (or `path`) and waits for the campaign table; set a wide viewport first. */
export async function openAdScreen(path = '/ad-intelligence') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Campaign Performance Analysis' });
  await screen.findByRole('table', { name: 'Campaign Performance Analysis' });
  return { user, ...view };
}
