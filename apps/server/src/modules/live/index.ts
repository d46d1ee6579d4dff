import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import type { LiveHub } from '../scoring/index.js';
import { liveRoutes, liveStreamRoutes } from './live.routes.js';

/** Live sessions: the Conversion Spy Engine's list of scored sessions, its live stream, and the score lists. */
export const createLiveModule = (db: Db, hub: LiveHub): ServerModule => ({
  name: 'live',
  routes: liveRoutes(db),
  scoped: [liveStreamRoutes(hub)],
});
