import type { SyncStatus } from '@ri/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import type { TaskRunner } from '../tasks/index.js';
import { moneyHistory, paymentAccount, sessionHistory } from './dashboard.repo.js';
import {
  createDashboardMarks,
  dashboardRefreshesIdle,
  dirtyDashboards,
  ensureDashboardFresh,
  refreshDashboardOnce,
} from './dashboard.rollups.js';
import { dashboardRoutes } from './dashboard.routes.js';
import type { DashboardSources } from './dashboard.service.js';
import { DASHBOARD_SYNC_TASK, runDashboardSync, type SyncDeps } from './dashboard-sync.service.js';

export type { DashboardSources, MarketFigure } from './dashboard.service.js';
export type { SyncDeps } from './dashboard-sync.service.js';

/**
 * The main dashboard: goals against reality over daily rollups of the tracked sessions and the payment account's
 * money (kept as data arrives), the other modules' figures (ads, customers, market), and the header's Sync as a task.
 * Tell it what changed: `sessionsStored` for each stored batch, `sessionScored`, `synced` after a sync's pages.
 */
export function createDashboardModule(
  database: Database,
  log: FastifyBaseLogger,
  tasks: TaskRunner,
  deps: { sources: DashboardSources; sync: SyncDeps; syncStatus: (businessId: string) => Promise<SyncStatus> },
) {
  const marks = createDashboardMarks(database, log);
  tasks.register(DASHBOARD_SYNC_TASK, (run) => runDashboardSync(database, tasks, deps.sync, run));
  const dayOf = (at: Date) => new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
  const module: ServerModule = {
    name: 'dashboard',
    routes: dashboardRoutes({ database, marks, sources: deps.sources }, tasks, deps.sync, deps.syncStatus),
    jobs: [
      {
        name: 'dashboard.refresh-rollups',
        cron: '* * * * *',
        run: async () => {
          for (const businessId of await dirtyDashboards(database)) {
            await refreshDashboardOnce(database, businessId).catch((error) =>
              log.error({ err: error, businessId }, 'refreshing dashboard rollups failed'),
            );
          }
        },
      },
    ],
    stop: async () => {
      await marks.stop();
      await dashboardRefreshesIdle();
    },
  };
  return {
    module,
    /** The payment account's net revenue and orders per day, every day the rollup holds (oldest first). */
    async moneyHistory(businessId: string) {
      const [, account] = await Promise.all([
        ensureDashboardFresh(database, businessId, marks),
        paymentAccount(database.executeSql, businessId),
      ]);
      return {
        connected: account.connected,
        ...(await moneyHistory(database.executeSql, businessId, account.currency)),
      };
    },
    /** Tracked sessions and converted sessions per UTC day over [from, to]. */
    async sessionHistory(businessId: string, from: string, to: string) {
      await ensureDashboardFresh(database, businessId, marks);
      return sessionHistory(database.executeSql, businessId, from, to);
    },
    /** Events of sessions were stored (the day before the earliest, as a session may have started then). */
    sessionsStored(businessId: string, events: readonly { occurredAt: Date }[]) {
      let earliest = Date.now();
      for (const e of events) earliest = Math.min(earliest, e.occurredAt.getTime());
      marks.mark(businessId, { sessionsFrom: dayOf(new Date(earliest)) });
    },
    /** A session's score or profile changed. */
    sessionScored(businessId: string) {
      marks.mark(businessId, { sessionsFrom: dayOf(new Date()) });
    },
    /** A sync stored pages: Stripe changes the money. */
    synced(businessId: string, provider: string) {
      if (provider === 'stripe') marks.mark(businessId, { money: true });
    },
  };
}
