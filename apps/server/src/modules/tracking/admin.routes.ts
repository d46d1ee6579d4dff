import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import { getSessionDetail, getSessionStats, listSessions } from './admin.service.js';

/** Session Tracking Admin: the recorded sessions of the current business. */
export const sessionAdminRoutes = (db: Db): Route[] => [
  route(API.listAdminSessions, ({ access, query }) => listSessions(db, access.business.id, query)),
  route(API.getAdminStats, ({ access, query }) => getSessionStats(db, access.business.id, query.time_range)),
  route(API.getAdminSession, ({ access, params }) => getSessionDetail(db, access.business.id, params.sessionId)),
];
