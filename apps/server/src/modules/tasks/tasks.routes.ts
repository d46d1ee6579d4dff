import { API } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import { notFound } from '../../lib/errors.js';
import type { TaskRunner } from './tasks.runner.js';

/** The task-status read the screens poll (spec 1, section 7.4). */
export const tasksRoutes = (runner: TaskRunner): Route[] => [
  route(API.getTaskStatus, async ({ access, params }) => {
    const task = await runner.get(access.business.id, params.id);
    if (!task) throw notFound('Task');
    return task;
  }),
];
