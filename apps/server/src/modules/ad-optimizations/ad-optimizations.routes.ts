import { API } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import {
  type AdOptimizationDeps,
  implementOptimization,
  listOptimizations,
  undoOptimization,
} from './ad-optimizations.service.js';

/** Implement Optimization, its undo, and the history of what was implemented. */
export const adOptimizationRoutes = (deps: AdOptimizationDeps): Route[] => [
  route(API.listAdOptimizations, async ({ access, query }) => ({
    actions: await listOptimizations(deps.db, access.business.id, query),
  })),
  route(API.implementAdOptimization, ({ access, auth, body }) =>
    implementOptimization(deps, access.business.id, auth.userId, body),
  ),
  route(API.undoAdOptimization, ({ access, auth, params }) =>
    undoOptimization(deps, access.business.id, auth.userId, params.actionId),
  ),
];
