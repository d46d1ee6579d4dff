import { API } from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { type Route, type RouteSettings, route } from '../../http/routes.js';
import type { PageTypeRules } from '../page-types/index.js';
import { businessModelInfo } from '../readiness-model/index.js';
import { batchCalculateReadiness, findBusinessSession, readJourney, recalculateSession } from './scoring.service.js';
import type { SessionScorer } from './session-scorer.js';
import { toBehavioralSignals, toProfile, toReadiness } from './session-views.js';

type Options = { db: Db; scorer: SessionScorer; pageTypes: PageTypeRules };

/** Per-session reads and recalculation (tracking service paths). */
export function scoringRoutes({ db, scorer, pageTypes }: Options): Route[] {
  const expensive: RouteSettings = { expensive: true };
  return [
    route(API.getReadinessScore, async ({ access, params }) => {
      const row = await findBusinessSession(db, access.business.id, params.sessionId);
      return toReadiness(row, await businessModelInfo(db, access.business.id));
    }),
    route(API.getNeuromindProfile, async ({ access, params }) =>
      toProfile(await findBusinessSession(db, access.business.id, params.sessionId)),
    ),
    route(API.getSessionSignals, async ({ access, params }) =>
      toBehavioralSignals(await findBusinessSession(db, access.business.id, params.sessionId)),
    ),
    route(API.getSessionJourney, ({ access, params }) =>
      readJourney(db, pageTypes, access.business.id, params.sessionId),
    ),
    route(
      API.calculateReadiness,
      async ({ access, params }) => {
        const row = await findBusinessSession(db, access.business.id, params.sessionId);
        const again = await recalculateSession(db, scorer, access.business.id, row.session.id);
        return toReadiness(again, await businessModelInfo(db, access.business.id));
      },
      expensive,
    ),
    route(
      API.classifyNeuromind,
      async ({ access, params }) => {
        const row = await findBusinessSession(db, access.business.id, params.sessionId);
        return toProfile(await recalculateSession(db, scorer, access.business.id, row.session.id));
      },
      expensive,
    ),
    route(
      API.batchCalculateReadiness,
      ({ access, body }) => batchCalculateReadiness(db, scorer, access.business.id, body.session_ids),
      expensive,
    ),
  ];
}
