import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { ensureDemoBusiness, findDefaultBusiness } from './businesses.repo.js';
import { businessRoutes } from './businesses.routes.js';

export type { BusinessRow } from './businesses.repo.js';
export { type BusinessAccess, createOwnedBusiness, resolveBusinessAccess } from './businesses.service.js';
export { findDefaultBusiness };

/** Businesses, memberships and roles: who may open which business, and the shared demo business. */
export function createBusinessesModule(db: Db): ServerModule {
  return { name: 'businesses', routes: businessRoutes(db), start: () => ensureDemoBusiness(db) };
}
