import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import { dataPointsStats, disconnectIntegration, getIntegration, listIntegrations } from './integrations.service.js';
import { providersByCategory } from './providers.js';

/** Reading and disconnecting the business's integrations, and the catalogue of platforms. */
export const integrationReadRoutes = (db: Db): Route[] => [
  route(API.listProviders, () => providersByCategory()),
  route(API.listIntegrations, async ({ access }) => ({ integrations: await listIntegrations(db, access.business.id) })),
  route(API.getIntegration, ({ access, params }) => getIntegration(db, access.business.id, params.id)),
  route(API.deleteIntegration, ({ access, params }) => disconnectIntegration(db, access.business.id, params.id)),
  route(API.getDataPointsStats, ({ access, query }) => dataPointsStats(db, access.business.id, query.integration_id)),
];
