import { errorBodySchema, type ReadinessModel, readinessModelSchema } from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import type { BusinessModels, ReadinessModelState } from './business-models.js';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const toContract = (
  s: ReadinessModelState,
  thresholds: { minSessions: number; minConversions: number },
): ReadinessModel => ({
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
export const readinessModelRoutes: FastifyPluginAsyncZod<{
  db: Db;
  businessModels: BusinessModels;
  thresholds: { minSessions: number; minConversions: number };
}> = async (app, { db, businessModels, thresholds }) => {
  app.get(
    '/readiness-model',
    {
      schema: {
        tags: ['analytics'],
        summary: "Which readiness model scores the business's sessions, with its cross-validated figures",
        response: { 200: readinessModelSchema, ...errors },
      },
    },
    async (request) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request));
      return toContract(await businessModels.state(access.business.id), thresholds);
    },
  );

  app.post(
    '/readiness-model/refit',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Recomputes page statistics and refits the business model now (runs in the background)',
        response: { 202: readinessModelSchema, ...errors },
      },
    },
    async (request, reply) => {
      const access = await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request), { write: true });
      businessModels.startRefit(access.business.id);
      return reply.status(202).send(toContract(await businessModels.state(access.business.id), thresholds));
    },
  );
};
