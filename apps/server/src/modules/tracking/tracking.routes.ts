import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import type { SiteCache } from './site-cache.js';
import { generateScript, getScript, testScript, validateSetup } from './sites.service.js';

type Options = { db: Db; sites: SiteCache; appUrl: string };

/** The tracking-script settings of the current business, and whether its events arrive. */
export const trackingScriptRoutes = ({ db, sites, appUrl }: Options): Route[] => [
  route(API.getTrackingScript, ({ access }) => getScript(db, access.business.id, appUrl)),
  route(API.generateTrackingScript, async ({ access, body }) => {
    const config = await generateScript(db, access, body, appUrl);
    sites.forget(config.trackingId);
    return config;
  }),
  route(API.testTrackingScript, ({ access, body }) => testScript(db, access.business.id, body)),
  route(API.validateTrackingSetup, ({ access }) => validateSetup(db, access.business.id)),
];
