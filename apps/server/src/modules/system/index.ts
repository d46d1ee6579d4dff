import type { ServerModule } from '../../http/module.js';
import { systemRoutes } from './system.routes.js';

/** Health of the database and job queue, and the local mail outbox. */
export const createSystemModule = (options: Parameters<typeof systemRoutes>[0]): ServerModule => ({
  name: 'system',
  routes: systemRoutes(options),
});
