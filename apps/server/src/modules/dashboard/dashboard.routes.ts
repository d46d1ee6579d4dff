import { API, type SyncStatus } from '@ri/contracts';
import { type Route, route } from '../../http/routes.js';
import type { TaskRunner } from '../tasks/index.js';
import { invalidateDashboard, refreshDashboardOnce } from './dashboard.rollups.js';
import { type DashboardContext, type DashboardTimings, getDashboard, getGoals, putGoals } from './dashboard.service.js';
import { type SyncDeps, startDashboardSync } from './dashboard-sync.service.js';

/** The main dashboard, its goals and the header's Sync (spec 1 sections 2.4, 4, 7.2, 7.4, 7.6). */
export const dashboardRoutes = (
  ctx: DashboardContext,
  tasks: TaskRunner,
  sync: SyncDeps,
  syncStatus: (businessId: string) => Promise<SyncStatus>,
): Route[] => [
  route(API.getDashboard, async ({ access, query, reply }) => {
    const timings: DashboardTimings = { before: reply.elapsedTime };
    const started = performance.now();
    const dashboard = await getDashboard(ctx, access.business.id, query.days, timings);
    timings.total = performance.now() - started;
    // Where a read's time went, for whoever measures it (the browser's network panel, bench:dashboard).
    reply.header(
      'server-timing',
      Object.entries(timings)
        .map(([part, ms]) => `${part};dur=${ms.toFixed(1)}`)
        .join(', '),
    );
    return dashboard;
  }),
  route(API.getDashboardGoals, ({ access }) => getGoals(ctx.database, access.business.id)),
  route(API.putDashboardGoals, ({ access, auth, body }) =>
    putGoals(ctx.database, access.business.id, body, auth.userId),
  ),
  route(API.getHeaderSyncStatus, ({ access }) => syncStatus(access.business.id)),
  route(API.syncDashboard, ({ access, auth }) => startDashboardSync(tasks, sync, access.business.id, auth.userId), {
    expensive: true,
  }),
  route(
    API.invalidateCache,
    async ({ access }) => {
      await invalidateDashboard(ctx.database, access.business.id);
      await refreshDashboardOnce(ctx.database, access.business.id);
      await sync.refreshAds(access.business.id);
      return { frontend_cleared: true, backend_cleared: true };
    },
    { expensive: true },
  ),
];
