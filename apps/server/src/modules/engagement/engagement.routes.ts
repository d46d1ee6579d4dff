import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import { listActions, recordAction } from './engagement.service.js';

/** Engage and Take Action: recorded with their status and history, and listed. */
export const engagementRoutes = (db: Db): Route[] => [
  route(API.createEngagementAction, ({ access, auth, body }) =>
    recordAction(db, access.business.id, auth.userId, body),
  ),
  route(API.listEngagementActions, async ({ access, query }) => ({
    actions: await listActions(db, access.business.id, query),
  })),
];
