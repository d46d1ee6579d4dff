import {
  batchCalculateReadinessBodySchema,
  batchCalculateReadinessResponseSchema,
  errorBodySchema,
  isUuid,
  liveSessionsQuerySchema,
  liveSessionsResponseSchema,
  type NeuromindProfile,
  neuromindProfileResultSchema,
  readinessBandOf,
  readinessScoreSchema,
  readinessScoresQuerySchema,
  readinessScoresResponseSchema,
  SESSION_NOT_FOUND,
  sessionBehavioralSignalsSchema,
  sessionJourneySchema,
} from '@ri/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import { businessModelInfo } from './business-models.js';
import * as repo from './intelligence.repo.js';
import {
  buildJourney,
  notFound,
  toBehavioralSignals,
  toLiveSession,
  toProfile,
  toReadiness,
} from './intelligence.service.js';
import type { PageTypeRules } from './page-type-rules.js';
import type { SessionScorer } from './session-scorer.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const sessionParams = z.object({ sessionId: z.string() });
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

type Options = { db: Db; scorer: SessionScorer; pageTypes: PageTypeRules };

/** Resolves the business and the session, which must be the business's (else the admin screens' 404). */
async function sessionOf(db: Db, request: Parameters<typeof businessIdOf>[0] & { params: { sessionId: string } }) {
  const business = (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;
  if (!isUuid(request.params.sessionId)) throw notFound();
  const row = await repo.findSession(db, business, request.params.sessionId);
  if (!row) throw notFound();
  return { business, row };
}

/** Per-session reads and recalculation (tracking service paths). */
export const sessionIntelligenceRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, scorer, pageTypes }) => {
  const recalculated = async (business: string, id: string) => {
    scorer.rebuild(business, id);
    await scorer.drain();
    const row = await repo.findSession(db, business, id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/sessions/:sessionId/readiness-score',
    {
      schema: {
        tags: ['intelligence'],
        summary: "A session's readiness score, conversion probability and the inputs that moved it",
        params: sessionParams,
        response: { 200: readinessScoreSchema, ...errors },
      },
    },
    async (request) => {
      const { business, row } = await sessionOf(db, request);
      return toReadiness(row, await businessModelInfo(db, business));
    },
  );

  app.get(
    '/sessions/:sessionId/neuromind-profile',
    {
      schema: {
        tags: ['intelligence'],
        summary: "A session's Neuromind profile with each profile's probability and the evidence",
        params: sessionParams,
        response: { 200: neuromindProfileResultSchema, ...errors },
      },
    },
    async (request) => toProfile((await sessionOf(db, request)).row),
  );

  app.get(
    '/sessions/:sessionId/behavioral-signals',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'The 27 behavioural signals measured for a session',
        params: sessionParams,
        response: { 200: sessionBehavioralSignalsSchema, ...errors },
      },
    },
    async (request) => toBehavioralSignals((await sessionOf(db, request)).row),
  );

  app.get(
    '/sessions/:sessionId/journey',
    {
      schema: {
        tags: ['intelligence'],
        summary: "A session's pages, events and friction points",
        params: sessionParams,
        response: { 200: sessionJourneySchema, ...errors },
      },
    },
    async (request) => {
      const { business, row } = await sessionOf(db, request);
      const [events, rules] = await Promise.all([
        repo.sessionEvents(db, business, row.session.id),
        pageTypes.rulesFor(business),
      ]);
      return buildJourney(row.session, events, rules);
    },
  );

  app.post(
    '/sessions/:sessionId/calculate-readiness',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Recomputes a session from its stored events and answers its readiness score',
        params: sessionParams,
        response: { 200: readinessScoreSchema, ...errors },
      },
    },
    async (request) => {
      const { business, row } = await sessionOf(db, request);
      return toReadiness(await recalculated(business, row.session.id), await businessModelInfo(db, business));
    },
  );

  app.post(
    '/sessions/:sessionId/classify-neuromind',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Reclassifies a session from its stored events and answers its Neuromind profile',
        params: sessionParams,
        response: { 200: neuromindProfileResultSchema, ...errors },
      },
    },
    async (request) => {
      const { business, row } = await sessionOf(db, request);
      return toProfile(await recalculated(business, row.session.id));
    },
  );

  app.post(
    '/batch-calculate-readiness',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Recomputes up to 500 sessions and answers each one’s readiness (or why there is none)',
        body: batchCalculateReadinessBodySchema,
        response: { 200: batchCalculateReadinessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const business = (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;
      const ids = [...new Set(request.body.session_ids.map((id) => id.toLowerCase()))];
      const known = await repo.findSessions(db, business, ids);
      for (const row of known) scorer.rebuild(business, row.session.id);
      await scorer.drain();
      const scored = new Map((await repo.findSessions(db, business, ids)).map((row) => [row.session.id, row.intel]));
      const results = ids.map((id) => {
        if (!scored.has(id)) return { session_id: id, error: SESSION_NOT_FOUND };
        const score = scored.get(id)?.readinessScore;
        const probability = scored.get(id)?.conversionProbability;
        return score == null || probability == null
          ? { session_id: id, error: 'No readiness score yet: the session has no page view to read.' }
          : {
              session_id: id,
              readiness_score: round(score, 1),
              conversion_probability: round(probability, 4),
              band: readinessBandOf(round(score, 1)),
            };
      });
      return { results };
    },
  );
};

/** Business-wide reads of scores and live sessions (main service paths under /analytics). */
export const analyticsIntelligenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const business = async (request: Parameters<typeof businessIdOf>[0]) =>
    (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;

  app.get(
    '/readiness-scores',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Scored sessions of a time range, with the band distribution',
        querystring: readinessScoresQuerySchema,
        response: { 200: readinessScoresResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { time_range, limit } = request.query;
      const id = await business(request);
      const [rows, summary] = await Promise.all([
        repo.listScores(db, id, time_range, limit),
        repo.liveSummary(db, id, time_range),
      ]);
      return {
        scores: rows.map(({ session, intel }) => {
          const score = round(intel.readinessScore!, 1);
          return {
            session_id: session.id,
            readiness_score: score,
            conversion_probability: round(intel.conversionProbability!, 4),
            band: readinessBandOf(score),
            ...(intel.neuromindProfile ? { neuromind_profile: intel.neuromindProfile as NeuromindProfile } : {}),
            scored_at: intel.scoredAt.toISOString(),
          };
        }),
        distribution: { ready: summary.highIntent, warming: summary.warming, early: summary.early },
        avg_readiness_score: summary.avgReadiness === null ? null : round(Number(summary.avgReadiness), 1),
        scored_sessions: summary.scored,
        time_range,
      };
    },
  );

  app.get(
    '/digital-body-language-sessions',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Conversion Spy Engine: sessions of a time frame with scores, profiles and key signals',
        querystring: liveSessionsQuerySchema,
        response: { 200: liveSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, time_filter } = request.query;
      const id = await business(request);
      const [rows, summary] = await Promise.all([
        repo.listLiveSessions(db, id, time_filter, limit),
        repo.liveSummary(db, id, time_filter),
      ]);
      return {
        sessions: rows.map(toLiveSession),
        total: summary.sessions,
        summary: {
          active_sessions: summary.active,
          sessions: summary.sessions,
          scored_sessions: summary.scored,
          avg_readiness_score: summary.avgReadiness === null ? null : round(Number(summary.avgReadiness), 1),
          high_intent_users: summary.highIntent,
          avg_conversion_probability: summary.avgProbability === null ? null : round(Number(summary.avgProbability), 4),
        },
        time_filter,
        generated_at: new Date().toISOString(),
      };
    },
  );
};
