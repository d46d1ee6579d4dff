import type { ServerModule } from '../../http/module.js';
import { syncRoutes } from './sync.routes.js';

/** The header's Sync of the business's connected data sources. */
export const createSyncModule = (): ServerModule => ({ name: 'sync', routes: syncRoutes() });
