import { z } from 'zod';
import { endpoint, PUBLIC, READ, write } from '../endpoint.js';
import {
  analyticsEventsBodySchema,
  analyticsEventsResponseSchema,
  credentialsCheckSchema,
  dataPointsStatsQuerySchema,
  dataPointsStatsResponseSchema,
  facebookAdsCredentialsBodySchema,
  facebookConversionsCredentialsBodySchema,
  goHighLevelCredentialsBodySchema,
  googleCredentialsBodySchema,
  integrationListResponseSchema,
  integrationParamsSchema,
  integrationSchema,
  providersResponseSchema,
  saveIntegrationResponseSchema,
  stripeCredentialsBodySchema,
  syncProgressResponseSchema,
  triggerSyncResponseSchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from '../integrations.js';

/** Only an owner or an admin connects, syncs or disconnects; every role reads. */
const MANAGE = write('owner', 'admin');

/** The vendor connections of the current business (spec doc 3, sections 2.3-2.5 and 7). */
export const integrationEndpoints = {
  listProviders: endpoint({
    method: 'GET',
    path: '/integrations/providers',
    access: PUBLIC,
    tag: 'integrations',
    summary: 'The platforms that can be connected, grouped by category',
    response: providersResponseSchema,
  }),
  listIntegrations: endpoint({
    method: 'GET',
    path: '/integrations/',
    access: READ,
    tag: 'integrations',
    summary: "The business's integrations (credentials only as masked hints)",
    response: integrationListResponseSchema,
  }),
  getIntegration: endpoint({
    method: 'GET',
    path: '/integrations/:id',
    access: READ,
    tag: 'integrations',
    summary: 'One integration of the business',
    params: integrationParamsSchema,
    response: integrationSchema,
  }),
  deleteIntegration: endpoint({
    method: 'DELETE',
    path: '/integrations/:id',
    access: MANAGE,
    tag: 'integrations',
    summary: 'Disconnects: deletes the credentials and every row synced from the vendor (owner or admin)',
    params: integrationParamsSchema,
    response: z.object({ deleted: z.literal(true), id: z.string() }),
  }),
  getDataPointsStats: endpoint({
    method: 'GET',
    path: '/integrations/data-points/stats',
    access: READ,
    tag: 'integrations',
    summary: 'Vendor rows stored, for the business or one integration',
    query: dataPointsStatsQuerySchema,
    response: dataPointsStatsResponseSchema,
  }),
  triggerIntegrationSync: endpoint({
    method: 'POST',
    path: '/integrations/:id/sync',
    access: MANAGE,
    tag: 'integrations',
    summary: 'Starts a sync of the integration, or answers the run already under way (owner or admin)',
    params: integrationParamsSchema,
    response: triggerSyncResponseSchema,
    status: 202,
  }),
  getSyncProgress: endpoint({
    method: 'GET',
    path: '/integrations/sync-progress',
    access: READ,
    tag: 'integrations',
    summary: "Each integration's latest sync: status, phases and items processed",
    response: syncProgressResponseSchema,
  }),
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/webhooks/stripe/:integrationId',
    access: PUBLIC,
    tag: 'integrations',
    summary:
      "Stripe's events for a connected account: the Stripe-Signature is verified over the exact body with the integration's signing secret (300 s tolerance); events are applied once by id",
    params: webhookParamsSchema,
    response: webhookResponseSchema,
  }),
  testStripeCredentials: endpoint({
    method: 'POST',
    path: '/integrations/stripe/test-credentials',
    access: MANAGE,
    tag: 'integrations',
    summary: 'Checks a Stripe secret key with Stripe and reports the account and what the key allows',
    body: stripeCredentialsBodySchema,
    response: credentialsCheckSchema,
  }),
  saveStripeCredentials: endpoint({
    method: 'POST',
    path: '/integrations/stripe/save',
    access: MANAGE,
    tag: 'integrations',
    summary: 'Checks the key again and connects Stripe (the key encrypted at rest)',
    body: stripeCredentialsBodySchema,
    response: saveIntegrationResponseSchema,
    status: 201,
  }),
  testFacebookCredentials: testEndpoint(
    'facebook',
    facebookAdsCredentialsBodySchema,
    'a Meta access token with Meta: the ad accounts it reads (userInfo.has_ad_access) and what it allows',
  ),
  saveFacebookCredentials: saveEndpoint(
    'facebook',
    facebookAdsCredentialsBodySchema,
    'Checks the token again and connects Meta Ads (the token encrypted at rest)',
  ),
  testFacebookConversionsCredentials: testEndpoint(
    'facebook-conversions',
    facebookConversionsCredentialsBodySchema,
    'a Meta access token for a pixel: whether it may send Conversions API events (conversionApiAccess)',
  ),
  saveFacebookConversionsCredentials: saveEndpoint(
    'facebook-conversions',
    facebookConversionsCredentialsBodySchema,
    'Checks the token again and connects the Conversions API for the pixel',
  ),
  testGoogleCredentials: testEndpoint(
    'google',
    googleCredentialsBodySchema,
    'a Google access token with Google Ads (accessible customers) and GA4 (the property, when given)',
  ),
  saveGoogleCredentials: saveEndpoint(
    'google',
    googleCredentialsBodySchema,
    'Checks the token again and connects Google Ads and GA4 (the token encrypted at rest)',
  ),
  testGoHighLevelCredentials: testEndpoint(
    'gohighlevel',
    goHighLevelCredentialsBodySchema,
    'a GoHighLevel key for a location: the location and what the key reads',
  ),
  saveGoHighLevelCredentials: saveEndpoint(
    'gohighlevel',
    goHighLevelCredentialsBodySchema,
    'Checks the key again and connects GoHighLevel (the key encrypted at rest)',
  ),
  googleAnalyticsEvents: endpoint({
    method: 'POST',
    path: '/integrations/google/analytics-events',
    access: MANAGE,
    tag: 'integrations',
    summary: "The connected Google integration's GA4 event counts: real-time, over the range, and conversion events",
    body: analyticsEventsBodySchema,
    response: analyticsEventsResponseSchema,
  }),
};

/** `POST /integrations/{slug}/test-credentials`: the vendor's answer about the credentials; nothing is stored. */
function testEndpoint<B extends z.ZodType>(slug: string, body: B, checks: string) {
  return endpoint({
    method: 'POST',
    path: `/integrations/${slug}/test-credentials`,
    access: MANAGE,
    tag: 'integrations',
    summary: `Checks ${checks}`,
    body,
    response: credentialsCheckSchema,
  });
}

/** `POST /integrations/{slug}/save`: checks again (nothing unusable is saved), then stores them sealed. */
function saveEndpoint<B extends z.ZodType>(slug: string, body: B, summary: string) {
  return endpoint({
    method: 'POST',
    path: `/integrations/${slug}/save`,
    access: MANAGE,
    tag: 'integrations',
    summary,
    body,
    response: saveIntegrationResponseSchema,
    status: 201,
  });
}
