import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import type { ScopedRoutes } from '../../http/module.js';
import { type Route, route } from '../../http/routes.js';
import {
  type PublicAddress,
  saveFacebookCredentials,
  saveStripeCredentials,
  testFacebookCredentials,
  testStripeCredentials,
  type VendorUrls,
} from './connect.service.js';
import type { Vault } from './vault.js';
import { saveGoHighLevelCredentials, testGoHighLevelCredentials } from './vendors/ghl/ghl-connect.service.js';
import {
  type GoogleSettings,
  googleAnalyticsEvents,
  saveGoogleCredentials,
  testGoogleCredentials,
} from './vendors/google/google-service.js';
import { receiveStripeWebhook } from './vendors/stripe/stripe-webhooks.js';

/** Connecting a vendor: checking credentials with the vendor, and saving them sealed. Each call reaches the vendor. */
export const integrationConnectRoutes = (
  db: Db,
  vault: Vault,
  urls: VendorUrls & PublicAddress & { googleAdsDeveloperToken?: string | undefined },
): Route[] => [
  route(API.testStripeCredentials, ({ body }) => testStripeCredentials(urls, body), { expensive: true }),
  route(
    API.saveStripeCredentials,
    ({ access, body }) => saveStripeCredentials(db, vault, urls, access.business.id, body),
    { expensive: true },
  ),
  route(API.testGoHighLevelCredentials, ({ body }) => testGoHighLevelCredentials(urls.goHighLevel, body), {
    expensive: true,
  }),
  route(
    API.saveGoHighLevelCredentials,
    ({ access, body }) => saveGoHighLevelCredentials(db, vault, urls.goHighLevel, access.business.id, body),
    { expensive: true },
  ),
  route(API.testFacebookCredentials, ({ body }) => testFacebookCredentials(urls, body), { expensive: true }),
  route(
    API.saveFacebookCredentials,
    ({ access, body }) => saveFacebookCredentials(db, vault, urls, access.business.id, body),
    { expensive: true },
  ),
  ...googleRoutes(db, vault, { ...urls, developerToken: urls.googleAdsDeveloperToken }),
];

/** Google Ads and GA4: the token checked with both, saved sealed, and the GA4 events of the stored connection. */
const googleRoutes = (db: Db, vault: Vault, settings: GoogleSettings): Route[] => [
  route(API.testGoogleCredentials, ({ body }) => testGoogleCredentials(settings, body), { expensive: true }),
  route(
    API.saveGoogleCredentials,
    ({ access, body }) => saveGoogleCredentials(db, vault, settings, access.business.id, body),
    { expensive: true },
  ),
  route(
    API.googleAnalyticsEvents,
    ({ access, body }) => googleAnalyticsEvents(db, vault, settings, access.business.id, body.date_range),
    { expensive: true },
  ),
];

/** Vendors' webhooks: their signatures cover the exact bytes, so the body is kept raw in this scope. */
export const webhookRoutes = (db: Db, vault: Vault): ScopedRoutes => ({
  setup: (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  },
  routes: [
    route(API.stripeWebhook, ({ params, request }) => {
      const signature = request.headers['stripe-signature'];
      return receiveStripeWebhook(
        db,
        vault,
        params.integrationId,
        Buffer.isBuffer(request.body) ? request.body : Buffer.from(JSON.stringify(request.body ?? {})),
        typeof signature === 'string' ? signature : undefined,
      );
    }),
  ],
});
