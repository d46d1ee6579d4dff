import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import { listBusinesses, listMembers, toBusiness, updateBusiness } from './businesses.service.js';

/** Businesses the signed-in user may open, one business, its members, and changes to it. */
export const businessRoutes = (db: Db): Route[] => [
  route(API.listBusinesses, async ({ auth }) => ({ businesses: await listBusinesses(db, auth.userId) })),
  route(API.getBusiness, ({ access }) => toBusiness(access)),
  route(API.updateBusiness, ({ access, body }) => updateBusiness(db, access, body)),
  route(API.listMembers, async ({ access }) => ({ members: await listMembers(db, access) })),
];
