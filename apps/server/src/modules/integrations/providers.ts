import type { IntegrationCategory, IntegrationProvider, Platform, ProvidersResponse } from '@ri/contracts';

/** Each provider's card and category: what connecting it brings, in terms of what the sync really stores. */
export const PLATFORMS: Record<IntegrationProvider | 'hubspot', Platform & { category: IntegrationCategory }> = {
  facebook_ads: {
    id: 'facebook_ads',
    name: 'Meta Ads',
    description:
      'Campaigns, ad sets, ads and creatives with their daily spend and results from Facebook and Instagram.',
    setup_complexity: 'medium',
    capabilities: [
      'Daily spend, impressions, reach and clicks per ad',
      'Purchases and purchase value as Meta reports them',
      'Creative fatigue from each ad’s own history',
      'Campaign attribution against tracked visits',
    ],
    data_types: ['Ad accounts', 'Campaigns', 'Ad sets', 'Ads', 'Creatives', 'Daily insights'],
    coming_soon: false,
    category: 'ad_intelligence',
  },
  facebook_conversions: {
    id: 'facebook_conversions',
    name: 'Meta Conversions API',
    description:
      'Sends your tracked conversions to your Meta pixel from the server, deduplicated with the browser pixel.',
    setup_complexity: 'medium',
    capabilities: [
      'Server-side purchase and lead events',
      'Deduplication by event id',
      'High-intent events for visitors still on the site',
    ],
    data_types: ['Conversion events', 'Send log'],
    coming_soon: false,
    category: 'ad_intelligence',
  },
  google_ads: {
    id: 'google_ads',
    name: 'Google Ads and Analytics',
    description: 'Campaigns, ad groups and ads with daily cost and conversions, and GA4 event counts.',
    setup_complexity: 'advanced',
    capabilities: ['Daily cost, clicks and conversions per ad', 'Click-id attribution (gclid)', 'GA4 event counts'],
    data_types: ['Customers', 'Campaigns', 'Ad groups', 'Ads', 'Daily metrics', 'GA4 events'],
    coming_soon: false,
    category: 'ad_intelligence',
  },
  gohighlevel: {
    id: 'gohighlevel',
    name: 'GoHighLevel',
    description: 'Contacts, opportunities and pipelines of your CRM location, matched to the visitors who became them.',
    setup_complexity: 'easy',
    capabilities: ['Leads matched to their visits', 'Pipeline stages and values', 'Won and lost opportunities'],
    data_types: ['Location', 'Contacts', 'Opportunities', 'Pipelines'],
    coming_soon: false,
    category: 'customer_intelligence',
  },
  stripe: {
    id: 'stripe',
    name: 'Stripe',
    description:
      'Customers, payments, refunds, disputes and subscriptions: net revenue in your settlement currency (read-only).',
    setup_complexity: 'easy',
    capabilities: [
      'Net revenue after refunds and disputes',
      'Revenue per customer and lifetime value',
      'Subscriptions and their renewals',
      'Payments linked to the visits that led to them',
    ],
    data_types: ['Customers', 'Charges', 'Refunds', 'Disputes', 'Subscriptions', 'Invoices', 'Balance transactions'],
    coming_soon: false,
    category: 'customer_intelligence',
  },
  hubspot: {
    id: 'hubspot',
    name: 'HubSpot',
    description: 'CRM contacts and deals.',
    setup_complexity: 'easy',
    capabilities: ['Contacts', 'Deals'],
    data_types: ['Contacts', 'Deals'],
    coming_soon: true,
    category: 'customer_intelligence',
  },
};

/** The catalogue grouped by category, as `GET /integrations/providers` answers it. */
export function providersByCategory(): ProvidersResponse {
  const providers: ProvidersResponse['providers'] = {
    ad_intelligence: [],
    customer_intelligence: [],
    behavior_intelligence: [],
  };
  for (const { category, ...platform } of Object.values(PLATFORMS)) providers[category].push(platform);
  return { providers };
}

/** The category of a provider (the integration's `integration_type`). */
export const categoryOf = (provider: IntegrationProvider): IntegrationCategory => PLATFORMS[provider].category;
