import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, route } from '../../http/routes.js';
import { getBehavioralInsights, getBehavioralSignals, getProfileInsights } from './behavior.service.js';
import { getNeuromindOutcomes } from './neuromind-outcomes.service.js';

/** The Behavioral Signal Graph, the behavioural insights, one Neuromind profile's insights, and profile outcomes. */
export const behaviorRoutes = (db: Db): Route[] => [
  route(API.getBehavioralSignals, ({ access, query }) =>
    getBehavioralSignals(db, access.business.id, query.time_range),
  ),
  route(API.getBehavioralInsights, ({ access, query }) => getBehavioralInsights(db, access.business.id, query.days)),
  route(API.getProfileInsights, ({ access, params, query }) =>
    getProfileInsights(db, access.business.id, params.profile_type, query.days),
  ),
  route(API.getNeuromindOutcomes, ({ access, query }) => getNeuromindOutcomes(db, access.business.id, query.days)),
];
