import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { behaviorRoutes } from './behavior.routes.js';

/** Behaviour analytics: signals, patterns, flows and insights over a business's scored sessions. */
export const createBehaviorModule = (db: Db): ServerModule => ({ name: 'behavior', routes: behaviorRoutes(db) });
