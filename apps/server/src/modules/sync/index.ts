import type { ServerModule } from '../../http/module.js';
import type { DataSource } from '../integrations/index.js';
import { syncRoutes } from './sync.routes.js';

export { syncStatusOf } from './sync.routes.js';

/** The header's Sync of the business's connected data sources. */
export const createSyncModule = (sources: (businessId: string) => Promise<DataSource[]>): ServerModule => ({
  name: 'sync',
  routes: syncRoutes(sources),
});
