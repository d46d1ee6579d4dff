import { API } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import type { TaskRunner } from '../tasks/index.js';
import { type CrmFor, createAction, getRecommendations, listActions } from './actions.service.js';
import { linkRecords, listCustomers, startGeneration } from './customers.service.js';
import { getCustomerDetail } from './detail.service.js';
import { exportCustomers } from './export.service.js';
import { createSegment, deleteSegment, getInsights, getSegments, updateSegment } from './segments.service.js';

/** Customer Intelligence (spec 2 section 2; spec 1 sections 7.2 and 7.4). */
export const customersRoutes = (
  database: Database,
  tasks: TaskRunner,
  crmFor: CrmFor,
  ltvFitBudgetMs?: number,
): Route[] => {
  const q = database.executeSql;
  return [
    route(API.getCustomerProfiles, ({ access, query }) => listCustomers(database, access.business.id, query)),
    route(
      API.exportCustomerProfiles,
      ({ access, query, reply }) => exportCustomers(q, access.business.id, query, reply),
      // Reads every customer the filters match: counted against the stricter per-user limit.
      { expensive: true },
    ),
    route(API.getCustomerProfile, ({ access, params }) => getCustomerDetail(q, access.business.id, params.id)),
    route(API.linkCustomerRecords, ({ access, auth, body }) =>
      linkRecords(database, access.business.id, auth.userId, body, ltvFitBudgetMs),
    ),
    route(API.getCustomerSegments, ({ access }) => getSegments(q, access.business.id)),
    route(API.createCustomerSegment, ({ access, auth, body }) =>
      createSegment(q, access.business.id, auth.userId, body),
    ),
    route(API.updateCustomerSegment, ({ access, params, body }) =>
      updateSegment(q, access.business.id, params.id, body),
    ),
    route(API.deleteCustomerSegment, ({ access, params }) => deleteSegment(q, access.business.id, params.id)),
    route(API.getCustomerInsights, ({ access }) => getInsights(q, access.business.id)),
    route(API.getEngagementRecommendations, ({ access, params }) =>
      getRecommendations(q, crmFor, access.business.id, params.id),
    ),
    route(API.createCustomerAction, ({ access, auth, params, body }) =>
      createAction(q, crmFor, access.business.id, auth.userId, params.id, body),
    ),
    route(API.getCustomerActions, ({ access, params }) => listActions(q, access.business.id, params.id)),
    route(API.generateNeuromindProfiles, ({ access, auth, query }) =>
      startGeneration(database, tasks, access.business.id, auth.userId, query.force_regenerate),
    ),
  ];
};
