import { API } from '@ri/contracts';
import type { Db } from '../../../db/client.js';
import { type Route, route } from '../../../http/routes.js';
import { syncProgress, triggerSync } from './sync.service.js';
import type { SyncRunner } from './sync-runner.js';

/** Starting a sync and following its progress. */
export const integrationSyncRoutes = (db: Db, runner: SyncRunner): Route[] => [
  route(API.triggerIntegrationSync, ({ access, params }) => triggerSync(db, runner, access.business.id, params.id)),
  route(API.getSyncProgress, ({ access }) => syncProgress(db, access.business.id)),
];
