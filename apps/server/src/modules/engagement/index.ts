import type { Db } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { engagementRoutes } from './engagement.routes.js';

/** Engagement: the Engage and Take Action decisions a business records, with their status and history. */
export const createEngagementModule = (db: Db): ServerModule => ({ name: 'engagement', routes: engagementRoutes(db) });
