import { API } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getUserView } from '../auth/index.js';
import { type Mailer, readOutbox } from '../mail/index.js';
import { getHealth } from './health.js';

type Options = { database: Database; jobs: () => JobQueue | undefined; jobsEnabled: boolean; mailer: Mailer };

/** Health, and the local mail outbox of the signed-in user. */
export function systemRoutes({ database, jobs, jobsEnabled, mailer }: Options): Route[] {
  return [
    route(API.getHealth, async ({ reply }) => {
      const health = await getHealth(database, jobs(), jobsEnabled);
      return reply.status(health.database.status === 'up' ? 200 : 503).send(health);
    }),
    route(API.getOutbox, async ({ auth }) => readOutbox(mailer, (await getUserView(database.db, auth.userId)).email)),
  ];
}
