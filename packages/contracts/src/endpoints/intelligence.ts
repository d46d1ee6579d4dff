import { z } from 'zod';
import {
  behavioralInsightsQuerySchema,
  behavioralInsightsResponseSchema,
  profileInsightsQuerySchema,
  profileInsightsResponseSchema,
} from '../behavioral-insights.js';
import {
  liveSessionEventSchema,
  liveSessionsQuerySchema,
  liveSessionsResponseSchema,
  sessionJourneySchema,
} from '../conversion-spy.js';
import { endpoint, READ, write } from '../endpoint.js';
import {
  createEngagementActionSchema,
  engagementActionSchema,
  engagementActionsQuerySchema,
  engagementActionsResponseSchema,
} from '../engagement.js';
import {
  batchCalculateReadinessBodySchema,
  batchCalculateReadinessResponseSchema,
  neuromindProfileResultSchema,
  readinessScoreSchema,
  readinessScoresQuerySchema,
  readinessScoresResponseSchema,
  sessionBehavioralSignalsSchema,
} from '../intelligence.js';
import { profileOutcomesQuerySchema, profileOutcomesResponseSchema } from '../profile-outcomes.js';
import { readinessModelSchema } from '../readiness-model.js';
import { behavioralSignalsQuerySchema, behavioralSignalsResponseSchema } from '../signal-graph.js';

const sessionParams = z.object({ sessionId: z.string() });

/** One session's scores, profile, signals and journey (tracking service paths), and their recalculation. */
export const sessionScoringEndpoints = {
  getReadinessScore: endpoint({
    method: 'GET',
    path: '/tracking/sessions/:sessionId/readiness-score',
    access: READ,
    tag: 'intelligence',
    summary: "A session's readiness score, conversion probability and the inputs that moved it",
    params: sessionParams,
    response: readinessScoreSchema,
  }),
  getNeuromindProfile: endpoint({
    method: 'GET',
    path: '/tracking/sessions/:sessionId/neuromind-profile',
    access: READ,
    tag: 'intelligence',
    summary: "A session's Neuromind profile with each profile's probability and the evidence",
    params: sessionParams,
    response: neuromindProfileResultSchema,
  }),
  getSessionSignals: endpoint({
    method: 'GET',
    path: '/tracking/sessions/:sessionId/behavioral-signals',
    access: READ,
    tag: 'intelligence',
    summary: 'The 27 behavioural signals measured for a session',
    params: sessionParams,
    response: sessionBehavioralSignalsSchema,
  }),
  getSessionJourney: endpoint({
    method: 'GET',
    path: '/tracking/sessions/:sessionId/journey',
    access: READ,
    tag: 'intelligence',
    summary: "A session's pages, events and friction points",
    params: sessionParams,
    response: sessionJourneySchema,
  }),
  calculateReadiness: endpoint({
    method: 'POST',
    path: '/tracking/sessions/:sessionId/calculate-readiness',
    access: write(),
    tag: 'intelligence',
    summary: 'Recomputes a session from its stored events and answers its readiness score',
    params: sessionParams,
    response: readinessScoreSchema,
  }),
  classifyNeuromind: endpoint({
    method: 'POST',
    path: '/tracking/sessions/:sessionId/classify-neuromind',
    access: write(),
    tag: 'intelligence',
    summary: 'Reclassifies a session from its stored events and answers its Neuromind profile',
    params: sessionParams,
    response: neuromindProfileResultSchema,
  }),
  batchCalculateReadiness: endpoint({
    method: 'POST',
    path: '/tracking/batch-calculate-readiness',
    access: write(),
    tag: 'intelligence',
    summary: 'Recomputes up to 500 sessions and answers each one’s readiness (or why there is none)',
    body: batchCalculateReadinessBodySchema,
    response: batchCalculateReadinessResponseSchema,
  }),
};

/** Business-wide reads of scored sessions: the Conversion Spy Engine's list, its live stream, the scores. */
export const liveSessionEndpoints = {
  listReadinessScores: endpoint({
    method: 'GET',
    path: '/analytics/readiness-scores',
    access: READ,
    tag: 'intelligence',
    summary: 'Scored sessions of a time range, with the band distribution',
    query: readinessScoresQuerySchema,
    response: readinessScoresResponseSchema,
  }),
  listLiveSessions: endpoint({
    method: 'GET',
    path: '/analytics/digital-body-language-sessions',
    access: READ,
    tag: 'intelligence',
    summary: 'Conversion Spy Engine: sessions of a time frame with scores, profiles and key signals',
    query: liveSessionsQuerySchema,
    response: liveSessionsResponseSchema,
  }),
  streamLiveSessions: endpoint({
    method: 'GET',
    path: '/analytics/live-sessions/stream',
    access: READ,
    tag: 'intelligence',
    summary: 'Server-Sent Events: each scored change of a session of the business (`event: session`)',
    response: liveSessionEventSchema,
    stream: true,
  }),
};

/** Which readiness model scores the business's sessions, and a refit on demand. */
export const readinessModelEndpoints = {
  getReadinessModel: endpoint({
    method: 'GET',
    path: '/analytics/readiness-model',
    access: READ,
    tag: 'analytics',
    summary: "Which readiness model scores the business's sessions, with its cross-validated figures",
    response: readinessModelSchema,
  }),
  refitReadinessModel: endpoint({
    method: 'POST',
    path: '/analytics/readiness-model/refit',
    access: write(),
    tag: 'analytics',
    summary: 'Recomputes page statistics and refits the business model now (runs in the background)',
    response: readinessModelSchema,
    status: 202,
  }),
};

/** The Behavioral Signal Graph and the behavioural insights, from the business's scored sessions. */
export const behaviorEndpoints = {
  getBehavioralSignals: endpoint({
    method: 'GET',
    path: '/analytics/behavioral-signals',
    access: READ,
    tag: 'intelligence',
    summary: 'Signals, patterns and signal flows of the sessions of a time range',
    query: behavioralSignalsQuerySchema,
    response: behavioralSignalsResponseSchema,
  }),
  getBehavioralInsights: endpoint({
    method: 'GET',
    path: '/analytics/behavioral-insights',
    access: READ,
    tag: 'intelligence',
    summary: 'Opportunities and warnings from the sessions of the last days, citing their numbers',
    query: behavioralInsightsQuerySchema,
    response: behavioralInsightsResponseSchema,
  }),
  getProfileInsights: endpoint({
    method: 'GET',
    path: '/tracking/neuromind-profiles/:profile_type/insights',
    access: READ,
    tag: 'intelligence',
    summary: "One Neuromind profile's sessions, readiness, conversion rate and insights",
    params: z.object({ profile_type: z.string() }),
    query: profileInsightsQuerySchema,
    response: profileInsightsResponseSchema,
  }),
  getNeuromindOutcomes: endpoint({
    method: 'GET',
    path: '/analytics/neuromind-outcomes',
    access: READ,
    tag: 'intelligence',
    summary: "Whether the Neuromind profiles' sessions convert, return and read alike on the business's own data",
    query: profileOutcomesQuerySchema,
    response: profileOutcomesResponseSchema,
  }),
};

/** Engage (a live visitor) and Take Action (on an insight), persisted with their status and history. */
export const engagementEndpoints = {
  createEngagementAction: endpoint({
    method: 'POST',
    path: '/engagement/actions',
    access: write(),
    tag: 'engagement',
    summary: 'Records an Engage or Take Action decision',
    body: createEngagementActionSchema,
    response: engagementActionSchema,
    status: 201,
  }),
  listEngagementActions: endpoint({
    method: 'GET',
    path: '/engagement/actions',
    access: READ,
    tag: 'engagement',
    summary: "The business's recorded actions, newest first",
    query: engagementActionsQuerySchema,
    response: engagementActionsResponseSchema,
  }),
};
