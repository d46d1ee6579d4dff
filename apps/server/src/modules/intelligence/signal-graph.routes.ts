import {
  type BehavioralInsight,
  behavioralInsightsQuerySchema,
  behavioralInsightsResponseSchema,
  behavioralSignalsQuerySchema,
  behavioralSignalsResponseSchema,
  errorBodySchema,
  NEUROMIND_MEANINGS,
  NEUROMIND_PROFILES,
  type NeuromindProfile,
  profileInsightsQuerySchema,
  profileInsightsResponseSchema,
} from '@ri/contracts';
import {
  aggregateFlows,
  deriveInsights,
  detectPatterns,
  type FlowState,
  type JourneyState,
  type SessionRecord,
  summarizeSignals,
} from '@ri/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { businessIdOf } from '../../plugins/business-header.js';
import { resolveBusinessAccess } from '../businesses/businesses.service.js';
import * as repo from './intelligence.repo.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
const DAY_MS = 86_400_000;
const RANGE_MS = { '1h': 3_600_000, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const;

type Row = Awaited<ReturnType<typeof repo.sessionsForAnalysis>>[number];

/** A scored session as the pattern analytics read it. */
function toRecord({ session, intel }: Row): SessionRecord {
  const journey = intel.journeyState as JourneyState;
  const pageTypeViews = Object.fromEntries(Object.entries(journey.byType ?? {}).map(([k, v]) => [k, v.views]));
  const record: SessionRecord = {
    sessionId: session.id,
    startedAt: session.startedAt.getTime(),
    converted: session.conversions > 0,
    signals: intel.signals as Record<string, number | null>,
    pageTypeViews,
    flows: intel.flowState as FlowState,
  };
  if (intel.readinessScore != null) record.readiness = intel.readinessScore;
  if (intel.neuromindProfile) record.profile = intel.neuromindProfile;
  return record;
}

const asInsight = (i: ReturnType<typeof deriveInsights>[number]): BehavioralInsight => {
  const { profile, ...rest } = i;
  return NEUROMIND_PROFILES.includes(profile as NeuromindProfile)
    ? { ...rest, profile: profile as NeuromindProfile }
    : rest;
};

/** The Behavioral Signal Graph and the behavioural insights, computed from the business's scored sessions. */
export const signalGraphRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const business = async (request: Parameters<typeof businessIdOf>[0]) =>
    (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;

  app.get(
    '/behavioral-signals',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Signals, patterns and signal flows of the sessions of a time range',
        querystring: behavioralSignalsQuerySchema,
        response: { 200: behavioralSignalsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const range = request.query.time_range;
      const records = (await repo.sessionsForAnalysis(db, await business(request), { range })).map(toRecord);
      const to = Date.now();
      const signals = summarizeSignals(records, { from: to - RANGE_MS[range], to });
      const patterns = detectPatterns(records);
      const flows = aggregateFlows(records);
      return {
        signals,
        patterns,
        flows,
        summary: {
          active_signals: signals.length,
          pattern_matches: patterns.length,
          high_impact_signals: signals.filter((s) => s.impact_score > 0.4).length,
          signal_flows: flows.length,
        },
        sessions_analyzed: records.length,
        time_range: range,
        generated_at: new Date(to).toISOString(),
      };
    },
  );

  app.get(
    '/behavioral-insights',
    {
      schema: {
        tags: ['intelligence'],
        summary: 'Opportunities and warnings from the sessions of the last days, citing their numbers',
        querystring: behavioralInsightsQuerySchema,
        response: { 200: behavioralInsightsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { days } = request.query;
      const records = (await repo.sessionsForAnalysis(db, await business(request), { days })).map(toRecord);
      const to = Date.now();
      const signals = summarizeSignals(records, { from: to - days * DAY_MS, to });
      const insights = deriveInsights(records, detectPatterns(records), signals).map(asInsight);
      return { insights, days, sessions_analyzed: records.length, generated_at: new Date(to).toISOString() };
    },
  );
};

/** `GET /tracking/neuromind-profiles/{profile_type}/insights`: one profile's share, readiness, conversion and insights. */
export const profileInsightsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/neuromind-profiles/:profile_type/insights',
    {
      schema: {
        tags: ['intelligence'],
        summary: "One Neuromind profile's sessions, readiness, conversion rate and insights",
        params: z.object({ profile_type: z.string() }),
        querystring: profileInsightsQuerySchema,
        response: { 200: profileInsightsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const profile = request.params.profile_type as NeuromindProfile;
      if (!NEUROMIND_PROFILES.includes(profile)) {
        throw new AppError(
          'validation_failed',
          `profile_type must be one of ${NEUROMIND_PROFILES.join(', ')} (got "${request.params.profile_type}")`,
          { field: 'profile_type' },
        );
      }
      const id = (await resolveBusinessAccess(db, request.auth.userId, businessIdOf(request))).business.id;
      const { days } = request.query;
      const all = (await repo.sessionsForAnalysis(db, id, { days })).map(toRecord);
      const classified = all.filter((r) => r.profile);
      const mine = classified.filter((r) => r.profile === profile);
      const scored = mine.filter((r) => r.readiness !== undefined);
      const to = Date.now();
      const signals = summarizeSignals(all, { from: to - days * DAY_MS, to });
      const insights = deriveInsights(all, detectPatterns(all), signals)
        .map(asInsight)
        .filter((i) => i.profile === profile);
      return {
        profile_type: profile,
        meaning: NEUROMIND_MEANINGS[profile],
        days,
        sessions: mine.length,
        share: classified.length > 0 ? round(mine.length / classified.length, 4) : null,
        avg_readiness_score:
          scored.length > 0 ? round(scored.reduce((s, r) => s + r.readiness!, 0) / scored.length, 1) : null,
        conversion_rate: mine.length > 0 ? round(mine.filter((r) => r.converted).length / mine.length, 4) : null,
        insights,
      };
    },
  );
};
