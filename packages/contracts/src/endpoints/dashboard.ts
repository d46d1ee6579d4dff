import {
  cacheInvalidateResponseSchema,
  dashboardGoalsBodySchema,
  dashboardGoalsSchema,
  dashboardQuerySchema,
  dashboardSchema,
  syncDashboardResponseSchema,
} from '../dashboard.js';
import { endpoint, READ, write } from '../endpoint.js';
import { syncStatusSchema } from '../system.js';

const TAG = 'dashboard';

/**
 * The main dashboard and the header's Sync (spec 1 sections 2.4, 4, 7.2, 7.4, 7.6). Refreshing the business's
 * data (sync, cache invalidation) is open to anyone who may open the business: it changes nothing a person wrote,
 * and the demo's visitors use the header Sync too; the goals are the owner's and admins'.
 */
export const dashboardEndpoints = {
  getDashboard: endpoint({
    method: 'GET',
    path: '/analytics/dashboard',
    access: READ,
    tag: TAG,
    summary: 'Goals against reality and the six modules over a window, every figure with its source and trend',
    query: dashboardQuerySchema,
    response: dashboardSchema,
  }),
  getDashboardGoals: endpoint({
    method: 'GET',
    path: '/analytics/goals',
    access: READ,
    tag: TAG,
    summary: "The business's monthly revenue, conversion-rate and order-value goals",
    response: dashboardGoalsSchema,
  }),
  putDashboardGoals: endpoint({
    method: 'PUT',
    path: '/analytics/goals',
    access: write('owner', 'admin'),
    tag: TAG,
    summary: 'Set the goals (owner or admin); null clears one',
    body: dashboardGoalsBodySchema,
    response: dashboardGoalsSchema,
  }),
  getHeaderSyncStatus: endpoint({
    method: 'GET',
    path: '/sync/status',
    access: READ,
    tag: 'sync',
    summary: 'Whether the header Sync can run for the current business (same as /analytics/sync-status)',
    response: syncStatusSchema,
  }),
  syncDashboard: endpoint({
    method: 'POST',
    path: '/analytics/sync-dashboard',
    access: READ,
    tag: 'sync',
    summary: 'Start the job that syncs every connected integration and recalculates what the screens read',
    response: syncDashboardResponseSchema,
    status: 202,
  }),
  invalidateCache: endpoint({
    method: 'POST',
    path: '/analytics/cache-invalidate',
    access: READ,
    tag: 'sync',
    summary: "Rebuild the business's rollups now instead of at their next refresh",
    response: cacheInvalidateResponseSchema,
  }),
};
