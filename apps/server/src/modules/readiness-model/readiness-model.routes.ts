import { API, type ReadinessModel } from '@ri/contracts';
import type { RefitThresholds } from '@ri/engine';
import { type Route, route } from '../../http/routes.js';
import type { BusinessModels, ReadinessModelState } from './business-models.js';

/** A model state as the API answers it, with the thresholds a model of the business's own needs. */
const toContract = (s: ReadinessModelState, thresholds: RefitThresholds): ReadinessModel => ({
  status: s.status,
  refitting: s.refitting,
  reason: s.reason,
  sessions: s.sessions,
  conversions: s.conversions,
  pages: s.pages,
  metrics: s.metrics,
  fitted_at: s.fittedAt,
  thresholds: { min_sessions: thresholds.minSessions, min_conversions: thresholds.minConversions },
});

/** The business's readiness model: which one scores and why, and a refit on demand. */
export const readinessModelRoutes = (models: BusinessModels, thresholds: RefitThresholds): Route[] => [
  route(API.getReadinessModel, async ({ access }) => toContract(await models.state(access.business.id), thresholds)),
  route(
    API.refitReadinessModel,
    async ({ access }) => {
      models.startRefit(access.business.id);
      return toContract(await models.state(access.business.id), thresholds);
    },
    { expensive: true },
  ),
];
