import type { Database } from '../../db/client.js';
import type { ServerModule } from '../../http/module.js';
import type { TaskRunner } from '../tasks/index.js';
import type { CrmFor } from './actions.service.js';
import { PROFILE_TASK, runProfileBuild } from './build.service.js';
import { customersRoutes } from './customers.routes.js';
import { customerDashboardFigures } from './dashboard-figures.repo.js';

export type { CrmFor, CustomerCrm } from './actions.service.js';
export { PROFILE_TASK } from './build.service.js';
export type { CustomerDashboardFigures } from './dashboard-figures.repo.js';

/**
 * Customer Intelligence: one customer per real person across tracking, Stripe and GoHighLevel (records merged by
 * e-mail, phone, visitor id and confirmed links), their figures and lifetime-value forecast, segments, insights and
 * engagement through the CRM. Profiles are built by a task (on demand and nightly) that resumes after a crash.
 */
export function createCustomersModule(
  database: Database,
  tasks: TaskRunner,
  crmFor: CrmFor,
  options: { chunk?: number; ltvFitBudgetMs?: number; buildAfterSync?: boolean } = {},
) {
  tasks.register(PROFILE_TASK, (run) => runProfileBuild(database, run, options));
  const module: ServerModule = {
    name: 'customers',
    routes: customersRoutes(database, tasks, crmFor, options.ltvFitBudgetMs),
    jobs: [
      {
        name: 'customers.rebuild-all',
        cron: '41 2 * * *',
        run: async () => {
          const { rows } = await database.executeSql(
            `SELECT DISTINCT business_id FROM customer_records
              UNION SELECT DISTINCT business_id FROM integrations WHERE status = 'connected'`,
          );
          for (const r of rows) await tasks.start(r.business_id as string, PROFILE_TASK, { force: false }, null);
        },
      },
    ],
  };
  return {
    module,
    /** The business's customers as the main dashboard shows them (windows are UTC days). */
    dashboardFigures: (businessId: string, windows: { from: string; previousFrom: string }) =>
      customerDashboardFigures(database.executeSql, businessId, windows),
    /**
     * A sync stored pages: after Stripe or GoHighLevel, profiles are rebuilt unless a build finished in the last
     * ten minutes (or one is running), so new customers and payments show without a click.
     */
    async synced(businessId: string, provider: string) {
      if (!options.buildAfterSync || (provider !== 'stripe' && provider !== 'gohighlevel')) return;
      const last = await tasks.latestCompleted(businessId, PROFILE_TASK);
      if (last && Date.now() - last.updatedAt.getTime() < 10 * 60_000) return;
      await tasks.start(businessId, PROFILE_TASK, { force: false }, null);
    },
  };
}
