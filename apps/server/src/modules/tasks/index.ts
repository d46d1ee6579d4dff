import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import { tasksRoutes } from './tasks.routes.js';
import { createTaskRunner, type TaskRunnerOptions } from './tasks.runner.js';

export type { TaskHandler, TaskProgress, TaskRun, TaskRunner, TaskRunnerOptions } from './tasks.runner.js';

/**
 * Long jobs a business starts (profile generation, the dashboard sync): run in process, polled through
 * `GET /analytics/task-status/:id`, taken up again by a live process when the one running them dies (decision 0031).
 * Other modules register their kinds on `runner` before the app starts.
 */
export function createTasksModule(database: Database, log: FastifyBaseLogger, options: TaskRunnerOptions = {}) {
  const runner = createTaskRunner(database, log, options);
  const module: ServerModule = {
    name: 'tasks',
    routes: tasksRoutes(runner),
    start: () => runner.startSweep(),
    stop: () => runner.stop(),
  };
  return { module, runner };
}
